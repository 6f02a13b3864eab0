/**
 * `xlam`: Salesforce xLAM (xLAM-1 / xLAM-2 function-calling models): a JSON array of call objects,
 * written bare as the whole reply, in a ```` ```json ```` fence, after a `<think>` block, behind
 * `[TOOL_CALLS]`, or inside `<tool_call>` tags.
 *
 * ````text
 * [{"name": "get_weather", "arguments": {"city": "SF"}}]
 * I'll help you with that.
 * ```json
 * [{"name": "get_weather", "arguments": {"city": "SF"}}]
 * ```
 * ````
 *
 * - Parallel calls: elements of the array; a single object is read as one call.
 * - Arguments: the `arguments` object (or `parameters`); a JSON string holding the object is decoded
 *   once more.
 * - A bare array counts only at the start of the output (after whitespace and reasoning) and only
 *   when it is an array of objects (`[` then `{`); a `[` later in prose is content. A marker (fence,
 *   `[TOOL_CALLS]`, `<tool_call>`) counts only when JSON follows it. The newline before a fence is
 *   part of the fence.
 * - Reasoning: `<think>…</think>` goes to `reasoning` (vLLM leaves it in content).
 * - Deliberately not done: vLLM also tries to read any JSON array found in prose; that is content
 *   here.
 *
 * Checked against: formats.md F31, vLLM `xlam_tool_parser.py` and
 * `tests/tool_parsers/test_xlam_tool_parser.py`.
 */
import { objectListEnvelope, thinkTags } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['\n```json', '```json', '[TOOL_CALLS]', '<tool_call>'],
  end: ['</tool_call>'],
  startNeedsJson: true,
  bareArrayAtStart: true,
  // `</tool_call>` closes `<tool_call>` only: the other forms end with their fence or the output.
  openEndedStarts: ['[TOOL_CALLS]'],
  reasoning: { open: '<think>', close: '</think>' },
} as const;

/** xLAM JSON arrays, bare or wrapped; see the file comment. */
export const xlam: FormatDefinition = {
  id: 'xlam',
  aliases: [],
  description: 'xLAM: a JSON array of calls, bare, fenced, behind [TOOL_CALLS] or in <tool_call>',
  models: ['xlam'],
  markers: ['```json', '```', '[TOOL_CALLS]', '<tool_call>', '</tool_call>', '<think>', '</think>'],
  example: '[{"name": "get_weather", "arguments": {"city": "SF"}}]',
  envelope: {
    ...objectListEnvelope('', '', { reasoning: thinkTags, trigger: '[{"name": "' }),
    textBefore: false,
  },
  create: (options) => new TaggedJsonParser(config, options),
};
