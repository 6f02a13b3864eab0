/**
 * `glm45`: key/value tag pairs in `<tool_call>` blocks, written by zai-org GLM-4.5, GLM-4.5-Air and
 * GLM-4.6 (one line per tag).
 *
 * ```text
 * Let me check.<tool_call>get_weather
 * <arg_key>city</arg_key>
 * <arg_value>Beijing</arg_value>
 * </tool_call>
 * ```
 *
 * - Parallel calls: repeated `<tool_call>…</tool_call>` blocks, with or without a line break between.
 * - Arguments: the name is the first line after `<tool_call>`; each `<arg_key>K</arg_key>` is followed
 *   by `<arg_value>V</arg_value>` holding the raw value text, typed by the tool's JSON Schema when
 *   tools are given (else a string). A value written as backslash-escaped JSON (`[{\"id\": \"1\"}]`) is
 *   unescaped when the schema wants an object or array; a literal `\n` (backslash, n) between the tags
 *   is layout, as SGLang accepts it.
 * - Reasoning: `<think>…</think>` goes to `reasoning`.
 * - Tolerated: a missing `</arg_value>` (the value ends at the next key or `</tool_call>`), a missing
 *   `</tool_call>` before the next call; and, reported in the call's `repairs`, the tag glitches of the
 *   GLM trackers: doubled or stray closing tags, a doubled `<arg_key>`, a missing `<arg_key>` or
 *   `<arg_value>`, a `<tool_call>` written for `<arg_key>` (see `families/arg-key-value.ts`). With
 *   `finishReason: 'stop'`, an output that ends inside `</tool_call>` or a value's `</arg_value>`
 *   (`</tool_`, JustVugg/colibri #505) ends a complete call. A `<tool_call>` followed by prose rather
 *   than a name (`I will use <tool_call> later, maybe.`), with no tag or `</tool_call>` after it, was
 *   mentioned in prose: it stays text (`proseMentions`). A call cut off at the end of the output, a key without a value,
 *   or text other than pairs inside the call makes an InvalidToolCall; with tools given, an unknown
 *   name is an InvalidToolCall `unknown_tool` (SGLang drops such calls).
 * - Deliberately not done: text after or between the calls stays content (vLLM keeps only the text
 *   before the first call); content is not trimmed; without a schema no type is guessed.
 *
 * Checked against: SGLang `glm4_moe_detector.py` and its tests, vLLM `glm4_moe_tool_parser.py`
 * fixtures, llama.cpp `tests/test-chat.cpp` (GLM-4.6 template); see `../shared/docs/formats.md` F5.
 */
import { argKeyValueEnvelope } from '../core/envelopes.js';
import { type ArgKeyValueConfig, ArgKeyValueParser } from '../families/arg-key-value.js';
import type { FormatDefinition } from '../format-definition.js';

/**
 * The GLM call, key/value and reasoning tags; shared with `poolside_v1` (the same tags) and `hy_v3` (the
 * same tags in a section).
 */
export const glmTags = {
  callStart: '<tool_call>',
  callEnd: '</tool_call>',
  keyOpen: '<arg_key>',
  keyClose: '</arg_key>',
  valueOpen: '<arg_value>',
  valueClose: '</arg_value>',
  reasoning: { open: '<think>', close: '</think>' },
} satisfies ArgKeyValueConfig;

/** The markers of `glmTags`; shared with `glm47` and `poolside_v1`. */
export const glmMarkers: readonly string[] = [
  '<tool_call>',
  '</tool_call>',
  '<arg_key>',
  '</arg_key>',
  '<arg_value>',
  '</arg_value>',
  '<think>',
  '</think>',
];

/** The GLM configuration, shared by `glm45` and `glm47`. */
export const glmConfig: ArgKeyValueConfig = { ...glmTags, decodeEscapedJson: true, proseMentions: true };

/** The `glm45` format (aliases `glm`, `glm4_moe`); `create()` returns an incremental parser that never throws on model text. */
export const glm45: FormatDefinition = {
  id: 'glm45',
  aliases: ['glm', 'glm4_moe'],
  description: 'GLM-4.5 / 4.6 <tool_call>NAME with <arg_key>/<arg_value> pairs, one per line',
  models: ['glm-4.5', 'glm-4.6'],
  markers: glmMarkers,
  example: '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>',
  envelope: argKeyValueEnvelope({
    callOpen: '<tool_call>{name}\n',
    callClose: '</tool_call>',
    between: '\n',
    separator: '\n',
  }),
  create: (options) => new ArgKeyValueParser(glmConfig, options),
};
