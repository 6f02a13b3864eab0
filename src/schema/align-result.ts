/**
 * One coercion applied while aligning a value: `path` is the JSON Pointer (RFC 6901) of the value in
 * the result (`""` = the whole value), `kind` names the coercion (see `AlignFlagKind`).
 */
export interface AlignFlag {
  readonly path: string;
  readonly kind: AlignFlagKind;
}

/**
 * The coercions aligners apply, each with the score used to rank union variants (lower is milder;
 * after BAML's `score.rs` flag scores, coercion.md "Union / anyOf resolution"):
 *
 * | kind | score | what happened |
 * | --- | --- | --- |
 * | `string_to_number` | 1 | numeric text became a number (`"42"`, `"1,000"`, `"$1,234"`, `"1e3"`) |
 * | `number_from_text` | 2 | the one number inside prose (`"about 12 items"`), a fraction `"1/5"` or a percent |
 * | `float_to_integer` | 2 | a non-whole number rounded half away from zero for an integer (2.7 → 3) |
 * | `number_to_string` | 1 | a number or boolean became its JSON text |
 * | `json_to_string` | 2 | an object or array became its JSON text for a string |
 * | `string_to_boolean` | 1 | `"true"` / `"False"` (any case) became a boolean |
 * | `boolean_from_text` | 2 | the one of `true` / `false` named in prose |
 * | `string_to_null` | 1 | `"null"` / `"None"` text became null |
 * | `json_text_decoded` | 1 | a string holding JSON (or Python-literal) text became the object or array it spells |
 * | `json_repaired` | 1 | object or array text that is not valid JSON was read with repairs (closed, quoted, completed: the lenient parser's `JsonRepairKind`s), or empty parameter text was read as `{}` / `[]` |
 * | `single_to_array` | 1 | a single value was wrapped into a one-item array |
 * | `array_to_single` | 1 | a one-item array gave its item (3 when items after the first were left out) |
 * | `enum_case_insensitive` | 1 | an enum / const string matched ignoring case, accents or surrounding whitespace/quotes |
 * | `enum_punctuation_insensitive` | 2 | an enum / const string matched ignoring punctuation too |
 * | `enum_from_text` | 2 | the one enum value named (most often) inside prose |
 * | `key_renamed` | 1 | a property key matched a declared one ignoring case, spaces or punctuation, or by alias |
 * | `default_filled` | 1 | a missing optional property took the schema's `default` |
 * | `missing_as_null` | 1 | a missing required property whose schema allows null became null |
 * | `null_property_removed` | 1 | an optional property that does not allow null was null, and was left out |
 * | `extra_property_removed` | 1 | a key not allowed by `additionalProperties: false` was left out |
 * | `implied_property` | 2 | a scalar became the single property of an object (`"Paris"` → `{city: "Paris"}`) |
 * | `text_converted` | 1 | raw parameter text with a non-JSON spelling was read as a value (`1`/`0` for a boolean) |
 * | `pattern_unchecked` | 0 | the string was not checked against its schema's `pattern`: not valid ECMAScript, or beyond the linear-time engine (lookaround, backreferences); the schema lists it in `SchemaRoot.unsupportedKeywords`. Nothing was changed, so it does not rank a union variant lower; in strict mode it is an issue like every flag |
 */
export type AlignFlagKind =
  | 'string_to_number'
  | 'number_from_text'
  | 'float_to_integer'
  | 'number_to_string'
  | 'json_to_string'
  | 'string_to_boolean'
  | 'boolean_from_text'
  | 'string_to_null'
  | 'json_text_decoded'
  | 'json_repaired'
  | 'single_to_array'
  | 'array_to_single'
  | 'enum_case_insensitive'
  | 'enum_punctuation_insensitive'
  | 'enum_from_text'
  | 'key_renamed'
  | 'default_filled'
  | 'missing_as_null'
  | 'null_property_removed'
  | 'extra_property_removed'
  | 'implied_property'
  | 'text_converted'
  | 'pattern_unchecked';

/** The union-ranking score of each flag kind (see `AlignFlagKind`). */
export const FLAG_SCORES: Readonly<Record<AlignFlagKind, number>> = {
  string_to_number: 1,
  number_from_text: 2,
  float_to_integer: 2,
  number_to_string: 1,
  json_to_string: 2,
  string_to_boolean: 1,
  boolean_from_text: 2,
  string_to_null: 1,
  json_text_decoded: 1,
  json_repaired: 1,
  single_to_array: 1,
  array_to_single: 1,
  enum_case_insensitive: 1,
  enum_punctuation_insensitive: 2,
  enum_from_text: 2,
  key_renamed: 1,
  default_filled: 1,
  missing_as_null: 1,
  null_property_removed: 1,
  extra_property_removed: 1,
  implied_property: 2,
  text_converted: 1,
  pattern_unchecked: 0,
};

/**
 * Codes of `AlignIssue`:
 * `invalid_type`, `missing_property`, `unexpected_property` (only in strict mode; otherwise extra keys
 * are removed with a flag), `invalid_enum`, `ambiguous_enum`, `ambiguous_boolean`, `invalid_number`
 * (NaN, Infinity, out of range, a fraction for an integer), `too_small`, `too_big`, `invalid_string`
 * (`pattern`), `not_multiple_of`, `not_unique`, `no_match` (`false` schema), `too_deep` (value nested
 * deeper than 256), and in strict mode the `AlignFlagKind` of each coercion.
 */
export type AlignIssueCode =
  | 'invalid_type'
  | 'missing_property'
  | 'unexpected_property'
  | 'invalid_enum'
  | 'ambiguous_enum'
  | 'ambiguous_boolean'
  | 'invalid_number'
  | 'too_small'
  | 'too_big'
  | 'invalid_string'
  | 'not_multiple_of'
  | 'not_unique'
  | 'no_match'
  | 'too_deep'
  | AlignFlagKind;

/**
 * A value that does not fit the schema (or, in strict mode, a coercion). `path` is the JSON Pointer
 * of the value, `expected` what the schema asks for (e.g. `integer`, `"a" | "b"`), `received` what was
 * there (a JSON type name, or a short JSON excerpt for enum / literal mismatches).
 */
export interface AlignIssue {
  readonly path: string;
  readonly code: AlignIssueCode;
  readonly expected: string;
  readonly received: string;
  readonly message: string;
}

/**
 * The result of `alignValue` / `alignText`: the aligned `value` (where a part could not be aligned it is
 * kept as received, so nothing is lost), the coercions applied (`flags`) and what does not fit
 * (`issues`). `issues.length === 0` means the value conforms to the schema.
 */
export interface AlignResult {
  readonly value: unknown;
  readonly flags: readonly AlignFlag[];
  readonly issues: readonly AlignIssue[];
}

/**
 * Options of `alignValue` / `alignText`.
 *
 * - `strict`: every coercion becomes an issue too (code = the flag kind); extra keys under
 *   `additionalProperties: false` become `unexpected_property` issues. Default `false`.
 */
export interface AlignOptions {
  readonly strict?: boolean;
  /**
   * The input is a prefix of a value still being streamed (a preview): missing required properties
   * become null (flag `missing_as_null`) instead of `missing_property` issues. Default `false`.
   */
  readonly partial?: boolean;
  /**
   * A declared property that is missing takes its schema `default` (flag `default_filled`). Default
   * `true` here, where a caller aligns a value for its own use (dispatch hands handlers complete
   * arguments); the tool-call parsers pass `false` unless `FormatOptions.applyDefaults`, since the
   * model did not say the default (issue 14: "nothing invented").
   */
  readonly applyDefaults?: boolean;
}
