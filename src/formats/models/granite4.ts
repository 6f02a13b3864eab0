/**
 * `granite4`: IBM Granite 4.0 / 4.1: one JSON call object per `<tool_call>` block, with text allowed
 * before, between and after the blocks.
 *
 * ```text
 * Here goes the call: <tool_call>{"name": "get_weather", "arguments": {"city": "SF"}}</tool_call> Done.
 * ```
 *
 * - Parallel calls: repeated `<tool_call>…</tool_call>` blocks, with or without text between them.
 * - Arguments: the `arguments` object (or `parameters`); a JSON string holding the object is decoded
 *   once more (vLLM's tests send such strings). JSON is scanned incrementally, so a `</tool_call>`
 *   inside a string is data; the call is announced once its leading `"name"` is read.
 * - Reasoning: `<think>…</think>` goes to `reasoning`.
 * - Deliberately not done: vLLM returns the whole output as content when a block is nested or
 *   unclosed; here a missing `</tool_call>` is tolerated once the JSON is complete, and a call cut off
 *   at the end is an invalid call with its raw text.
 *
 * Checked against: formats.md F2, vLLM `granite4_tool_parser.py` and its tests, llama.cpp
 * `tests/test-chat.cpp` (Granite 4.0 template).
 */
import { taggedObjectEnvelope, thinkTags } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['<tool_call>'],
  end: ['</tool_call>'],
  reasoning: { open: '<think>', close: '</think>' },
} as const;

/** Granite 4 `<tool_call>{json}</tool_call>` blocks; see the file comment. */
export const granite4: FormatDefinition = {
  id: 'granite4',
  aliases: ['granite_4'],
  description: 'Granite 4: <tool_call>{json}</tool_call> blocks with text around them',
  models: ['granite-4'],
  markers: ['<tool_call>', '</tool_call>', '<think>', '</think>'],
  example: '<tool_call>{"name": "get_weather", "arguments": {"city": "SF"}}</tool_call>',
  envelope: taggedObjectEnvelope('<tool_call>', '</tool_call>', { reasoning: thinkTags }),
  create: (options) => new TaggedJsonParser(config, options),
};
