import { getFormat } from '../../formats/index.js';
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
 * Where a format writes typed values (JSON arguments: `{"n": 3}` is a number, `{"n": "3"}` a
 * string), every change of type or value is a change of what the model wrote, not of its spelling:
 * text made a number or boolean or null, a number or object made text, JSON text decoded, a value
 * wrapped in an array, an enum value or a key matched ignoring case, a null left out.
 */
const typeChangingCoercions: ReadonlySet<string> = new Set([
  ...changingCoercions,
  'string_to_number',
  'number_to_string',
  'json_to_string',
  'string_to_boolean',
  'string_to_null',
  'json_text_decoded',
  'single_to_array',
  'enum_case_insensitive',
  'key_renamed',
  'null_property_removed',
  'missing_as_null',
  'text_converted',
]);

/**
 * Whether `format` writes a call's arguments as typed values (a JSON object, or keyed values whose
 * strings are quoted), so that `"3"` for a number is the model's mistake, not a text format's spelling.
 */
export function writesTypedArguments(format: string): boolean {
  const encoding = getFormat(format).envelope?.arguments;
  return encoding !== undefined && (encoding.kind === 'json' || encoding.strings !== 'raw');
}

/**
 * Repairs of a call's JSON text that guess at its structure: a quote, colon, comma or value the
 * model left out, a quote inside a string it did not escape. Read leniently, `"d["key"] = 1"` is a
 * string cut at its second quote and a key made of the rest: a value the model never meant.
 */
const guessingRepairs: ReadonlySet<string> = new Set([
  'missing_quote',
  'unescaped_quote',
  'missing_colon',
  'missing_comma',
  'missing_value',
  'unquoted_string',
  'multiple_values',
]);

/**
 * A call's argument issues, counting a `pattern` left unchecked as one, one for coercions that
 * changed the arguments (`changingCoercions`; `typeChangingCoercions` where the format writes typed
 * values), and one for repairs that guessed at the arguments' structure (`guessingRepairs`): a
 * strict tool's call is returned only when its arguments are known to fit as written (the request
 * was refused before sampling when its strict schema had such a pattern; this holds if the pattern
 * engine fails to load after that).
 */
export function uncheckedIssues(event: Extract<ParseEvent, { type: 'tool-call' }>, typed: boolean): number {
  const changing = typed ? typeChangingCoercions : changingCoercions;
  const unchecked = event.flags?.some((flag) => flag.kind === 'pattern_unchecked') ? 1 : 0;
  const changed = event.flags?.some((flag) => changing.has(flag.kind)) ? 1 : 0;
  const guessed = event.repairs?.some((repair) => guessingRepairs.has(repair.kind)) ? 1 : 0;
  return (event.issues?.length ?? 0) + unchecked + changed + guessed;
}
