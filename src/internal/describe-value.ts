/** A short name of a value's type for error messages: `null`, `an array`, or its `typeof`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}
