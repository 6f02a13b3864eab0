/**
 * `hunyuan_a13b`: Tencent Hunyuan-A13B-Instruct: a JSON array of call objects in `<tool_calls>` tags.
 *
 * ```text
 * <think>The user wants the weather.</think>
 * <answer>I will call the tool now. <tool_calls>[{"name": "get_weather", "arguments": {"city": "SF"}}]</tool_calls></answer>
 * ```
 *
 * - Parallel calls: elements of the array.
 * - Arguments: the `arguments` object (or `parameters`), nested to any depth (vLLM's streaming regex
 *   handles one level); a JSON string holding the object is decoded once more.
 * - Reasoning: `<think>…</think>` goes to `reasoning`; a `<tool_calls>` block inside it is reasoning
 *   text, not a call (as in vLLM). The `<answer>` / `</answer>` tags around the reply are structure.
 * - Deliberately not done: vLLM returns only the text before the first call; here text after it is
 *   content too. vLLM's removal of the template artefact `助手：` is not done (it is model text).
 *
 * Checked against: formats.md F8, vLLM `hunyuan_a13b_tool_parser.py` and
 * `tests/tool_parsers/test_hunyuan_a13b_tool_parser.py`.
 */
import { objectListEnvelope, thinkTags } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['<tool_calls>'],
  end: ['</tool_calls>'],
  reasoning: { open: '<think>', close: '</think>' },
  dropMarkers: ['<answer>', '</answer>'],
} as const;

/** Hunyuan-A13B `<tool_calls>[…]</tool_calls>`; see the file comment. */
export const hunyuanA13b: FormatDefinition = {
  id: 'hunyuan_a13b',
  aliases: [],
  description: 'Hunyuan-A13B: <tool_calls>[{json}, ...]</tool_calls>, <think> and <answer> blocks',
  models: ['hunyuan-a13b'],
  markers: ['<tool_calls>', '</tool_calls>', '<think>', '</think>', '<answer>', '</answer>'],
  example: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "SF"}}]</tool_calls>',
  envelope: objectListEnvelope('<tool_calls>', '</tool_calls>', {
    reasoning: thinkTags,
    trigger: '<tool_calls>',
  }),
  create: (options) => new TaggedJsonParser(config, options),
};
