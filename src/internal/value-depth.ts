/**
 * Whether `value` nests objects and arrays more than `limit` levels deep (a scalar is 0 levels, `[]`
 * and `{}` are 1, `[[1]]` is 2). Iterative, so it cannot overflow the stack however deep the value is,
 * and it stops at the first path that goes over the limit.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop() as object;
    const depth = depths.pop() as number;
    if (depth > limit) return true;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (let index = 0; index < children.length; index++) {
      const child: unknown = children[index];
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/**
 * Whether the JSON text `text` is sure to decode to a value nested at most `limit` levels deep,
 * judged from the text alone: each level is a container opened by a `{` or `[` of its own, so a text
 * shorter than two brackets per level past the limit, or with at most `limit` of those characters in
 * all (some may sit in strings), cannot nest deeper. Lets a caller that has the text skip
 * `nestedDeeperThan`'s walk of the decoded value; `false` only means the walk must decide.
 */
export function textNestsAtMost(text: string, limit: number): boolean {
  if (text.length < 2 * (limit + 1)) return true;
  let openers = 0;
  for (let index = text.indexOf('{'); index >= 0; index = text.indexOf('{', index + 1))
    if (++openers > limit) return false;
  for (let index = text.indexOf('['); index >= 0; index = text.indexOf('[', index + 1))
    if (++openers > limit) return false;
  return true;
}
