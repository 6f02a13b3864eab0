/**
 * `poolside_v1`: Poolside's GLM-style calls: the name on the `<tool_call>` line, then key/value tag
 * pairs.
 *
 * ```text
 * <tool_call>write_file
 * <arg_key>path</arg_key>
 * <arg_value>a.py</arg_value>
 * <arg_key>content</arg_key>
 * <arg_value>    def f():
 *         return 1
 * </arg_value>
 * </tool_call>
 * ```
 *
 * - Parallel calls: `<tool_call>…</tool_call>` blocks one after another.
 * - Arguments: the name is the rest of the `<tool_call>` line (a line break after it is optional;
 *   inner spaces are kept, as vLLM's test `get weather` pins); each `<arg_key>K</arg_key>` is followed
 *   by `<arg_value>V</arg_value>`. String values are kept verbatim (leading indent and trailing line
 *   breaks matter for file bodies); other values are typed by the tool's JSON Schema when tools are
 *   given, else kept as strings.
 * - Reasoning: `<think>…</think>` goes to `reasoning` (Laguna's template opens it in the prompt: pass
 *   `reasoningStartedInPrompt`). A `<tool_call>` in a block that never closes ends the reasoning there
 *   and is a call; in a block that closes after it, it was quoted and stays reasoning.
 * - Tolerated and refused: as `glm45` (missing `</arg_value>` or `</tool_call>` before the next call are
 *   tolerated; a cut-off call, a nameless or whitespace-only name, a key without a value, or text
 *   other than pairs make an InvalidToolCall; an unknown name with tools given is `unknown_tool`).
 * - Deliberately not done: vLLM guesses types with `json.loads` / `ast.literal_eval` for parameters the
 *   schema does not describe; here they stay strings. Text after the calls stays content.
 *
 * Checked against: vLLM `poolside_v1_tool_parser.py` and `tests/tool_parsers/test_poolside_v1_tool_parser.py`;
 * see `../shared/docs/formats.md` F41.
 */
import { argKeyValueEnvelope } from '../core/envelopes.js';
import { type ArgKeyValueConfig, ArgKeyValueParser } from '../families/arg-key-value.js';
import type { FormatDefinition } from '../format-definition.js';
import { glmMarkers, glmTags } from './glm45.js';

const config: ArgKeyValueConfig = {
  ...glmTags,
  nameWithSpaces: true,
  callsInReasoning: true,
  proseMentions: true,
};

/** The `poolside_v1` format; `create()` returns an incremental parser that never throws on model text. */
export const poolsideV1: FormatDefinition = {
  id: 'poolside_v1',
  aliases: [],
  description: 'Poolside v1 <tool_call>NAME with <arg_key>/<arg_value> pairs (GLM-like)',
  models: ['poolside'],
  markers: glmMarkers,
  example: '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>',
  envelope: argKeyValueEnvelope({ callOpen: '<tool_call>{name}\n', callClose: '</tool_call>' }),
  create: (options) => new ArgKeyValueParser(config, options),
};
