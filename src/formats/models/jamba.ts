/**
 * `jamba`: AI21 Jamba 1.5 / 1.6 and ServiceNow Apriel 1.5 / 1.6: a JSON array of call objects in
 * `<tool_calls>` tags.
 *
 * ```text
 * Sure! Let me check.<tool_calls>[{"name": "get_weather", "arguments": {"city": "SF"}}]</tool_calls>
 * ```
 *
 * - Parallel calls: elements of the array; a second `<tool_calls>` block is read too (vLLM reads only
 *   the first).
 * - Arguments: the `arguments` object (or `parameters`); a JSON string holding the object is decoded
 *   once more. JSON is scanned incrementally, so a `</tool_calls>` inside a string is data; a missing
 *   `</tool_calls>` is tolerated once the array is complete.
 * - Reasoning (Apriel): the generation prompt ends with `Here are my reasoning steps:\n` (option
 *   `reasoningStartedInPrompt`), the model thinks, then writes `[BEGIN FINAL RESPONSE]` and its answer;
 *   a closing `[END FINAL RESPONSE]` is structure. The phrase itself in the output opens reasoning too;
 *   without either, the thinking cannot be told from the answer and stays content (the response
 *   markers are still dropped).
 * - Deliberately not done: vLLM's non-streaming path returns None for a lone leading `" "`; here
 *   content is kept as written (as vLLM's streaming path does).
 *
 * Checked against: formats.md F30, vLLM `jamba_tool_parser.py` and its tests, llama.cpp
 * `tests/test-chat.cpp` (Apriel 1.5 template).
 */
import { objectListEnvelope } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['<tool_calls>'],
  end: ['</tool_calls>'],
  reasoning: { open: 'Here are my reasoning steps:', close: '[BEGIN FINAL RESPONSE]' },
  // Outside reasoning (the option not set) the response markers are still structure, not content.
  dropMarkers: ['[BEGIN FINAL RESPONSE]', '[END FINAL RESPONSE]'],
} as const;

/** Jamba / Apriel `<tool_calls>[…]</tool_calls>`; see the file comment. */
export const jamba: FormatDefinition = {
  id: 'jamba',
  aliases: ['apriel'],
  description: 'Jamba / Apriel: <tool_calls>[{json}, ...]</tool_calls>',
  models: ['jamba', 'apriel'],
  markers: [
    '<tool_calls>',
    '</tool_calls>',
    'Here are my reasoning steps:',
    '[BEGIN FINAL RESPONSE]',
    '[END FINAL RESPONSE]',
  ],
  example: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "SF"}}]</tool_calls>',
  envelope: objectListEnvelope('<tool_calls>', '</tool_calls>', {
    reasoning: { open: 'Here are my reasoning steps:', close: '[BEGIN FINAL RESPONSE]' },
    trigger: '<tool_calls>',
  }),
  create: (options) => new TaggedJsonParser(config, options),
};
