/**
 * `glm47`: the compact GLM key/value layout of zai-org GLM-4.7, GLM-4.7-Flash and GLM-5 (no line
 * breaks between the tags); the GLM-4.5 one-tag-per-line layout is accepted too.
 *
 * ```text
 * <tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>
 * ```
 *
 * - Parallel calls: `<tool_call>…</tool_call>` blocks concatenated without a separator.
 * - Arguments: as `glm45`: raw value text typed by the tool's JSON Schema (else a string), escaped JSON
 *   unescaped when the schema wants an object or array, `<tool_call>NAME</tool_call>` is a call
 *   without arguments.
 * - Reasoning: `<think>…</think>`; GLM-4.7-Flash's template opens the block in the prompt, so pass
 *   `reasoningStartedInPrompt` for it.
 * - Tolerated and refused: as `glm45` (unknown names with tools given are InvalidToolCall
 *   `unknown_tool`; a cut-off call is invalid; content is kept as written, never trimmed, where vLLM
 *   returns None for whitespace-only content).
 *
 * Checked against: SGLang `glm47_moe_detector.py` and its tests, vLLM `glm47_moe_tool_parser.py`
 * tests, llama.cpp `tests/test-chat.cpp` (GLM-4.7-Flash template); see `../shared/docs/formats.md` F6.
 */
import { argKeyValueEnvelope } from '../core/envelopes.js';
import { ArgKeyValueParser } from '../families/arg-key-value.js';
import type { FormatDefinition } from '../format-definition.js';
import { glmConfig, glmMarkers } from './glm45.js';

/** The `glm47` format; `create()` returns an incremental parser that never throws on model text. */
export const glm47: FormatDefinition = {
  id: 'glm47',
  aliases: [],
  description: 'GLM-4.7 / GLM-5 <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value></tool_call>',
  models: ['glm-4.7', 'glm-5'],
  markers: glmMarkers,
  example: '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>',
  envelope: argKeyValueEnvelope({ callOpen: '<tool_call>{name}', callClose: '</tool_call>' }),
  create: (options) => new ArgKeyValueParser(glmConfig, options),
};
