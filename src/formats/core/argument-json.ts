/**
 * The JSON text of a call's arguments for its `tool-input-delta`s: `JSON.stringify`, except for the
 * numbers it cannot write back. `JSON.stringify` turns `-0` into `0` and `Infinity` (what `1e400`
 * decodes to) into `null`, so a client parsing the deltas got another value than the call's input
 * (issue 15). Here `-0` is `-0` and ±Infinity is `±1e400`, which `JSON.parse` reads back as the same
 * number. `NaN` (no JSON text parses to it) stays `null`. Linear in the value; the usual value (no
 * such number) is checked in one walk and written by `JSON.stringify`.
 */
export function argumentJson(value: unknown): string {
  return hasUnwritableNumber(value) ? writeJson(value) : (JSON.stringify(value) ?? 'null');
}

/** A number `JSON.stringify` does not write as itself: `-0` or ±Infinity. */
function unwritable(value: number): boolean {
  return value === 0 ? Object.is(value, -0) : value === Infinity || value === -Infinity;
}

/**
 * Whether `value` holds an unwritable number anywhere (no recursion: an explicit stack that holds
 * containers only; numbers are looked at where they are found).
 */
function hasUnwritableNumber(value: unknown): boolean {
  if (typeof value === 'number') return unwritable(value);
  if (typeof value !== 'object' || value === null) return false;
  const stack: object[] = [value];
  while (stack.length > 0) {
    const item = stack.pop() as object;
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index++) {
        const element: unknown = item[index];
        if (typeof element === 'number') {
          if (unwritable(element)) return true;
        } else if (typeof element === 'object' && element !== null) stack.push(element);
      }
    } else {
      for (const key of Object.keys(item)) {
        const member: unknown = (item as Record<string, unknown>)[key];
        if (typeof member === 'number') {
          if (unwritable(member)) return true;
        } else if (typeof member === 'object' && member !== null) stack.push(member);
      }
    }
  }
  return false;
}

/** `JSON.stringify` of a plain JSON-like value, with `-0` and ±Infinity written as numbers. */
function writeJson(value: unknown): string {
  if (typeof value === 'number') {
    if (Object.is(value, -0)) return '-0';
    if (value === Infinity) return '1e400';
    if (value === -Infinity) return '-1e400';
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map((element) => (element === undefined || typeof element === 'function' ? 'null' : writeJson(element))).join(',')}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const members: string[] = [];
    for (const key of Object.keys(value)) {
      const member = (value as Record<string, unknown>)[key];
      if (member === undefined || typeof member === 'function') continue;
      members.push(`${JSON.stringify(key)}:${writeJson(member)}`);
    }
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
