import type { ParseEvent } from '../../types/index.js';

/**
 * Coercions that change what the model wrote, not only its spelling: a rounded number, a number or
 * boolean or enum value picked out of prose, a scalar made an object, items or keys left out. A
 * strict tool's arguments must be what the model wrote (its spelling aside: formats that write
 * parameters as text, such as qwen3_coder's, give numbers as text, read with `string_to_number`).
 */
const changingCoercions: ReadonlySet<string> = new Set([
  'float_to_integer',
  'number_from_text',
  'boolean_from_text',
  'enum_from_text',
  'enum_punctuation_insensitive',
  'implied_property',
  'array_to_single',
  'extra_property_removed',
]);

/**
 * A call's argument issues, counting a `pattern` left unchecked as one, and one for coercions that
 * changed the arguments (`changingCoercions`): a strict tool's call is returned only when its
 * arguments are known to fit as written (the request was refused before sampling when its strict
 * schema had such a pattern; this holds if the pattern engine fails to load after that).
 */
export function uncheckedIssues(event: Extract<ParseEvent, { type: 'tool-call' }>): number {
  const unchecked = event.flags?.some((flag) => flag.kind === 'pattern_unchecked') ? 1 : 0;
  const changed = event.flags?.some((flag) => changingCoercions.has(flag.kind)) ? 1 : 0;
  return (event.issues?.length ?? 0) + unchecked + changed;
}
