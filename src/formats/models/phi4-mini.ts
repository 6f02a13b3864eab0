/**
 * `phi4_mini`: Microsoft Phi-4-mini-instruct: `functools` followed by a JSON array of call objects.
 *
 * ```text
 * functools[{"name": "get_weather", "arguments": {"city": "SF"}}]
 * ```
 *
 * - Parallel calls: elements of the array; no closing marker.
 * - Arguments: the `arguments` object (or `parameters`); a JSON string holding the object is decoded
 *   once more. The array is scanned as JSON, so a `]` inside a string or a nested array does not end
 *   it (vLLM's non-greedy regex does).
 * - `functools` counts as a marker only when a JSON array or object follows it (after whitespace);
 *   otherwise the word is content. Reasoning `<think>…</think>` (Phi-4-mini-reasoning) goes to
 *   `reasoning`.
 * - Deliberately not done: vLLM drops the content once a call is found; here text before and after
 *   the array is content.
 *
 * Checked against: formats.md F26, vLLM `phi4mini_tool_parser.py` and
 * `tests/tool_parsers/test_phi4mini_tool_parser.py`.
 */
import { objectListEnvelope, thinkTags } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['functools'],
  end: [],
  startNeedsJson: true,
  reasoning: { open: '<think>', close: '</think>' },
} as const;

/** Phi-4-mini `functools[…]`; see the file comment. */
export const phi4Mini: FormatDefinition = {
  id: 'phi4_mini',
  aliases: ['phi4_mini_json', 'phi4'],
  description: 'Phi-4-mini: functools[{json}, ...]',
  models: ['phi-4-mini'],
  markers: ['functools', '<think>', '</think>'],
  example: 'functools[{"name": "get_weather", "arguments": {"city": "SF"}}]',
  envelope: objectListEnvelope('functools', '', { reasoning: thinkTags, trigger: 'functools' }),
  create: (options) => new TaggedJsonParser(config, options),
};
