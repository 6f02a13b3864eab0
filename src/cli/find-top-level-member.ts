/** Where one member of a JSON object text sits: its value's text, and the span that removes the member. */
export interface MemberSpan {
  /** UTF-16 offsets of the member's value text (`text.slice(valueStart, valueEnd)`). */
  readonly valueStart: number;
  readonly valueEnd: number;
  /** The span to cut so that the object text is left without the member (with one of its commas). */
  readonly cutStart: number;
  readonly cutEnd: number;
}

/**
 * Finds the first member of the top-level JSON object in `text` whose key is spelt exactly `key` (the
 * key's raw JSON text, quotes included: `'"tools"'`), without parsing any value: strings are skipped
 * with `indexOf` on quotes, containers by bracket depth. Returns `undefined` when the text is not an
 * object, has no such member, or is malformed before it (the caller then parses the whole text and
 * gets JSON.parse's own error). The values are not validated: the caller parses the text left after
 * the cut, and the value, with `JSON.parse`. Linear in `text.length`.
 *
 * `knownEnd(valueStart)` may give the end of the member's value without scanning it (a value text the
 * caller has seen before and compared in place), or -1; such a value must be followed by `,` or `}`.
 */
export function findTopLevelMember(
  text: string,
  key: string,
  knownEnd?: (valueStart: number) => number,
): MemberSpan | undefined {
  let index = skipWhitespace(text, 0);
  if (text.charCodeAt(index) !== 0x7b /* { */) return undefined;
  let separator = index;
  index++;
  for (;;) {
    const keyStart = skipWhitespace(text, index);
    if (text.charCodeAt(keyStart) !== 0x22 /* " */) return undefined;
    const keyEnd = stringEnd(text, keyStart);
    if (keyEnd < 0) return undefined;
    const colon = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(colon) !== 0x3a /* : */) return undefined;
    const valueStart = skipWhitespace(text, colon + 1);
    const isKey = keyEnd - keyStart === key.length && text.startsWith(key, keyStart);
    let valueEnd = isKey && knownEnd ? knownEnd(valueStart) : -1;
    if (valueEnd >= 0) {
      const next = text.charCodeAt(skipWhitespace(text, valueEnd));
      if (next !== 0x2c && next !== 0x7d) valueEnd = -1;
    }
    if (valueEnd < 0) valueEnd = valueEndAt(text, valueStart);
    if (valueEnd < 0) return undefined;
    const after = skipWhitespace(text, valueEnd);
    if (isKey) {
      if (text.charCodeAt(separator) === 0x2c /* , */)
        return { valueStart, valueEnd, cutStart: separator, cutEnd: valueEnd };
      const cutEnd = text.charCodeAt(after) === 0x2c ? after + 1 : valueEnd;
      return { valueStart, valueEnd, cutStart: keyStart, cutEnd };
    }
    if (text.charCodeAt(after) !== 0x2c) return undefined;
    separator = after;
    index = after + 1;
  }
}

function skipWhitespace(text: string, from: number): number {
  let index = from;
  for (;;) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return index;
    index++;
  }
}

/** The offset after the string that opens at `start`, or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c /* \ */) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** The offset after the value that starts at `start`, or -1 when it does not end (or is empty). */
function valueEndAt(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === 0x22) return stringEnd(text, start);
  if (first === 0x7b || first === 0x5b /* [ */) {
    let depth = 0;
    let index = start;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === 0x22) {
        index = stringEnd(text, index);
        if (index < 0) return -1;
        continue;
      }
      if (code === 0x7b || code === 0x5b) depth++;
      else if (code === 0x7d || code === 0x5d) {
        depth--;
        if (depth === 0) return index + 1;
      }
      index++;
    }
    return -1;
  }
  let index = start;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 0x2c || code === 0x7d || code === 0x5d || code <= 0x20) break;
    index++;
  }
  return index > start ? index : -1;
}
