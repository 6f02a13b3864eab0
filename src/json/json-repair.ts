/**
 * What the lenient parser had to fix. Each kind is reported once per occurrence, in text order.
 *
 * | kind | example input | read as |
 * | --- | --- | --- |
 * | `trailing_comma` | `[1, 2,]` | `[1,2]` |
 * | `leading_comma` | `[,1]` | `[1]` |
 * | `redundant_comma` | `[1,,2]` | `[1,2]` |
 * | `missing_comma` | `{"a": 1 "b": 2}` | `{"a":1,"b":2}` |
 * | `missing_colon` | `{"a" 1}` | `{"a":1}` |
 * | `missing_value` | `{"a":}` | `{"a":null}` |
 * | `single_quotes` | `{'a': 'b'}` | `{"a":"b"}` |
 * | `smart_quotes` | `{“a”: “b”}` | `{"a":"b"}` |
 * | `backtick_quotes` | ``{"a": `x`}`` | `{"a":"x"}` |
 * | `triple_quoted_string` | `{"a": """x"""}` | `{"a":"x"}` (dedented; a fenced value drops its language line) |
 * | `unquoted_key` | `{a: 1}` | `{"a":1}` |
 * | `unquoted_string` | `{"a": hello world}` | `{"a":"hello world"}` |
 * | `missing_quote` | `{"a": "b, "c": 1}` | `{"a":"b","c":1}` |
 * | `unescaped_quote` | `{"a": "say "hi" now"}` | `{"a":"say \"hi\" now"}` |
 * | `invalid_escape` | `"\a"` | `"a"` |
 * | `raw_newline_in_string` | `"x⏎y"` | `"x\ny"` |
 * | `raw_control_character` | `"x⇥y"` (raw tab) | `"x\ty"` |
 * | `comment` | `{"a": 1 // c⏎}` | `{"a":1}` (`//`, `/* *\/`, and `#` followed by a space) |
 * | `special_whitespace` | no-break or zero-width space between tokens | ignored |
 * | `markdown_fence` | ```` ```json⏎{"a":1}⏎``` ```` | `{"a":1}` |
 * | `surrounding_text` | `Here: {"a": 1} done` | `{"a":1}` |
 * | `multiple_values` | `1⏎2` or `{} , {}` | `[1,2]` / `[{},{}]` |
 * | `truncated` | `{"a": "hel` | `{"a":"hel"}` |
 * | `missing_closing_bracket` | `[{"a": 1]` | `[{"a":1}]` |
 * | `redundant_closing_bracket` | `{"a":1}}` | `{"a":1}` |
 * | `mismatched_closing_bracket` | `{"a":1]` | `{"a":1}` |
 * | `doubled_brace` | `{{"a": 1}}` | `{"a":1}` |
 * | `python_literal` | `True`, `False`, `None` | `true`, `false`, `null` |
 * | `undefined_value` | `undefined` | `null` |
 * | `nan` | `NaN` | `null` (never 0) |
 * | `infinity` | `Infinity`, `-Infinity` | `null` |
 * | `leading_zero` | `007` | `"007"` (kept as text, so no digits are lost) |
 * | `invalid_number` | `.5`, `2.`, `1e`, `-` | `0.5`, `2`, `1`, `-0` |
 * | `hex_number` | `0x10` | `16` |
 * | `ellipsis` | `[1, 2, ...]` | `[1,2]` |
 * | `string_concatenation` | `"x" + "y"` | `"xy"` |
 * | `escaped_json` | `{\"a\": 1}` | `{"a":1}` |
 * | `jsonp_wrapper` | `cb({"a": 1})`, `ObjectId("1")` | `{"a":1}`, `"1"` |
 * | `regex_literal` | `/a+b/` | `"/a+b/"` |
 * | `empty_input` | `` (empty argument text) | `{}` |
 * | `typographic_closing_quote` | `{"a": "b”, "c": 1}` | `{"a":"b","c":1}` (a `"` string closed by `”` before a delimiter) |
 * | `thousands_separator` | `{"a": -2,000.50}` (`freeText` mode) | `{"a":-2000.5}` |
 * | `dropped_key` | `{name}` or `{"a": }` (`freeText` mode) | `{}` (a key without a value is no member) |
 * | `cut_number` | `[1, 2` (`freeText` mode, partial text) | `[1]` (a number cut off by the end may still grow) |
 *
 * The last three come from the `freeText` mode only (see `lenient-json-mode.ts`).
 */
export type JsonRepairKind =
  | 'trailing_comma'
  | 'leading_comma'
  | 'redundant_comma'
  | 'missing_comma'
  | 'missing_colon'
  | 'missing_value'
  | 'single_quotes'
  | 'smart_quotes'
  | 'backtick_quotes'
  | 'triple_quoted_string'
  | 'unquoted_key'
  | 'unquoted_string'
  | 'missing_quote'
  | 'unescaped_quote'
  | 'invalid_escape'
  | 'raw_newline_in_string'
  | 'raw_control_character'
  | 'comment'
  | 'special_whitespace'
  | 'markdown_fence'
  | 'surrounding_text'
  | 'multiple_values'
  | 'truncated'
  | 'missing_closing_bracket'
  | 'redundant_closing_bracket'
  | 'mismatched_closing_bracket'
  | 'doubled_brace'
  | 'python_literal'
  | 'undefined_value'
  | 'nan'
  | 'infinity'
  | 'leading_zero'
  | 'invalid_number'
  | 'hex_number'
  | 'ellipsis'
  | 'string_concatenation'
  | 'escaped_json'
  | 'jsonp_wrapper'
  | 'regex_literal'
  | 'empty_input'
  | 'typographic_closing_quote'
  | 'thousands_separator'
  | 'dropped_key'
  | 'cut_number';

/** One fix the lenient parser made. */
export interface JsonRepair {
  kind: JsonRepairKind;
  /** Where the problem is, as a UTF-16 code unit offset into the parsed text. */
  position: number;
}
