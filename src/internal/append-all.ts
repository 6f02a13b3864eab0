/**
 * Appends `items` to `target` one by one: `target.push(...items)` passes every item as an argument,
 * which overflows the stack (RangeError) once a list is as long as its input (about 120,000 items).
 */
export function appendAll<T>(target: T[], items: Iterable<T>): void {
  for (const item of items) target.push(item);
}
