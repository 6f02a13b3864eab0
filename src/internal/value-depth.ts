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
