/**
 * `granite`: IBM Granite 3.0 / 3.1 (and 3.2 / 3.3, which share the template family): a JSON array of
 * call objects after a marker, with no closing marker.
 *
 * ```text
 * <|tool_call|>[{"name": "get_weather", "arguments": {"city": "SF"}}]
 * ```
 *
 * - Granite 3.0 writes the special token `<|tool_call|>`, Granite 3.1 the text `<tool_call>`;
 *   whitespace after the marker is tolerated (vLLM strips it).
 * - Parallel calls: elements of the one array.
 * - Arguments: the `arguments` object (or `parameters`); a JSON string holding the object is decoded
 *   once more. A `</tool_call>` after the array is read as structure if present.
 * - Reasoning: `<think>…</think>` (Granite 3.2 / 3.3 thinking) goes to `reasoning`.
 * - Deliberately not done: vLLM requires the output to start with the marker; here text before and
 *   after the array is content. A bare array without a marker is content, not a call.
 *
 * Checked against: formats.md F24, vLLM `granite_tool_parser.py` and
 * `tests/tool_parsers/test_granite_tool_parser.py`, llama.cpp `tests/test-chat.cpp` (Granite 3.3).
 */
import { objectListEnvelope, thinkTags } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['<|tool_call|>', '<tool_call>'],
  end: ['</tool_call>'],
  endsWithOutput: true,
  reasoning: { open: '<think>', close: '</think>' },
} as const;

/** Granite 3.x `<|tool_call|>[…]` arrays; see the file comment. */
export const granite: FormatDefinition = {
  id: 'granite',
  aliases: ['granite3', 'granite_3'],
  description: 'Granite 3.0 / 3.1: <|tool_call|>[{json}, ...] (3.1: <tool_call>[...])',
  models: ['granite-3'],
  markers: ['<|tool_call|>', '<tool_call>', '</tool_call>', '<think>', '</think>'],
  example: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "SF"}}]',
  envelope: objectListEnvelope('<|tool_call|>', '', { reasoning: thinkTags, trigger: '<|tool_call|>' }),
  create: (options) => new TaggedJsonParser(config, options),
};
