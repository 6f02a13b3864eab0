/**
 * `hermes`: JSON in `<tool_call>` tags, written by Hermes 2 Pro / Hermes 3, Qwen2.5 (and Coder, VL,
 * QwQ), MiMo-VL, Reka-Edge and many Qwen fine-tunes.
 *
 * ```text
 * Let me check.<tool_call>
 * {"name": "get_weather", "arguments": {"city": "SF"}}
 * </tool_call>
 * ```
 *
 * - Parallel calls: repeated `<tool_call>…</tool_call>` blocks (llama.cpp joins them with `\n`). Several
 *   objects in one block (`<tool_call>\n{…}\n{…}\n</tool_call>`, which vLLM and SGLang fail to
 *   parse and return as text) are one call each, in order; the first call's raw runs from
 *   `<tool_call>` through its object, the last one's from its object through `</tool_call>`, and the
 *   whitespace between objects is markup.
 * - Arguments: a JSON object under `arguments` (or `parameters`); a JSON *string* holding the object is
 *   decoded once more (vLLM does the same). JSON is parsed leniently and a `</tool_call>` inside a
 *   string is data, unless that string never closes and a `}` comes right before the marker: then an
 *   unescaped quote opened it (`"say "hi} now"}}</tool_call>`, hermes-agent #36271) and the call ends
 *   at that marker, its value recovered (`unescaped_quote` repair).
 * - Streaming: the call is announced (`tool-input-start`) as soon as the body's leading
 *   `"name": "…"` member is complete, before the JSON ends (llama.cpp's partial parses expect the name
 *   early); a call cut off after that is reported invalid under that name.
 * - Reasoning: `<think>…</think>` (QwQ, Qwen3 in Hermes mode) goes to `reasoning`. A `<tool_call>` in
 *   a block that never closes (Qwen3 thinking, vLLM #42021) ends the reasoning there and is a call; in
 *   a block that closes after it, it was quoted and stays reasoning (as llama.cpp reads it). The text
 *   from such a marker waits for `</think>` or the end of the output, so it streams late.
 * - A `<tool_call>` mentioned in prose (no JSON after it, and no `</tool_call>` before the next marker,
 *   reasoning tag or the end of the output: LM Studio #1592) is text where it stands, content or
 *   reasoning; with `finishReason: 'length'` such a tail is a cut-off call (invalid) instead.
 * - Text between the JSON and `</tool_call>` (an extra `}`, a common slip, or a remark), with the end
 *   marker within 256 code units and before any other marker: the call stands and `</tool_call>` is its
 *   end; extra closing brackets stay in its raw text (`redundant_closing_bracket` repair), other text is
 *   content (`surrounding_text` repair). vLLM fails such a call (`json.loads`: "Extra data") and returns
 *   the whole output as content.
 * - Deliberately not done: text after the calls is kept as content (vLLM keeps only the text before
 *   the first call); a missing `</tool_call>` is tolerated, at the end or before the next call.
 *
 * Checked against: the NousResearch Hermes-2-Pro model card's template, vLLM `hermes_tool_parser.py`
 * and llama.cpp `tests/test-chat.cpp` (see `../shared/docs/formats.md` F1).
 */

import { taggedObjectEnvelope, thinkTags } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

/** The parser's config; also read by `parseToolCalls`' whole-text reading (see `whole-text-calls.ts`). */
export const hermesConfig = {
  start: ['<tool_call>'],
  end: ['</tool_call>'],
  reasoning: { open: '<think>', close: '</think>' },
  callsInReasoning: true,
  proseMentions: true,
} as const;

export const hermes: FormatDefinition = {
  id: 'hermes',
  aliases: ['qwen25', 'qwen', 'qwq'],
  description: 'JSON object in <tool_call> tags (Hermes 2 Pro / 3, Qwen2.5, QwQ, MiMo-VL)',
  models: ['hermes-2-pro', 'hermes-3', 'qwen2.5', 'qwen3', 'qwq', 'mimo-vl', 'reka-edge'],
  markers: ['<tool_call>', '</tool_call>', '<think>', '</think>'],
  example: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "SF"}}\n</tool_call>',
  envelope: taggedObjectEnvelope('<tool_call>\n', '\n</tool_call>', {
    reasoning: thinkTags,
    separator: '\n',
    trigger: '<tool_call>',
  }),
  create: (options) => new TaggedJsonParser(hermesConfig, options),
};
