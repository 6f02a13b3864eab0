/**
 * Whether `value` is the JSON value `literal`: the one membership test of a `const`, of a single-value
 * `enum` and of each entry of an `enum` (JSON Schema "instance equality": same JSON type and value,
 * arrays item by item, objects with the same keys in any order). Alignment (`alignValue`: its exact
 * check, `literal` and string-enum matching) and dispatch both answer "is this a member" through it,
 * so "does it fit" and "dispatch it" cannot disagree.
 *
 * The value is compared with the literal itself, never with the literal's base type: `"manual"` is a
 * member of `enum: ["auto", "manual"]` and `"other"` is not (BAML compared base types, so a literal
 * union parameter never matched; issue 11). `1` and `1.0` are one JSON number. Pure, allocates nothing.
 */
export function matchesLiteral(value: unknown, literal: unknown): boolean {
  if (value === literal) return true;
  if (typeof value !== 'object' || typeof literal !== 'object' || value === null || literal === null)
    return false;
  if (Array.isArray(value) !== Array.isArray(literal)) return false;
  if (Array.isArray(value)) {
    const other = literal as unknown[];
    return value.length === other.length && value.every((item, index) => matchesLiteral(item, other[index]));
  }
  const keys = Object.keys(value);
  if (keys.length !== Object.keys(literal).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(literal, key) &&
      matchesLiteral((value as Record<string, unknown>)[key], (literal as Record<string, unknown>)[key]),
  );
}
