/**
 * `nemotron`: NVIDIA Nemotron-Nano v2 and the Llama-Nemotron JSON style: a JSON array of call objects
 * in `<TOOLCALL>` tags.
 *
 * ```text
 * Let me check.<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "SF"}}]</TOOLCALL>
 * ```
 *
 * - Parallel calls: elements of the array. A single object instead of the array is read too (vLLM
 *   adds the missing brackets).
 * - Arguments: the `arguments` object (or `parameters`); a JSON string holding the object is decoded
 *   once more. JSON is scanned incrementally, so a `</TOOLCALL>` inside a string is data.
 * - Reasoning: `<think>…</think>` goes to `reasoning` (vLLM's parser leaves it in content; option
 *   `reasoning: 'content'` does that).
 * - Deliberately not done: vLLM returns the whole output as content when the JSON is broken; here the
 *   broken call is an invalid call with its raw text.
 *
 * Checked against: formats.md F35, vLLM `nemotron_json_tool_parser.py` and its tests, llama.cpp
 * `tests/test-chat.cpp` (Nemotron Nano v2 template).
 */
import { objectListEnvelope, thinkTags } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['<TOOLCALL>'],
  end: ['</TOOLCALL>'],
  reasoning: { open: '<think>', close: '</think>' },
} as const;

/** Nemotron `<TOOLCALL>[…]</TOOLCALL>`; see the file comment. */
export const nemotron: FormatDefinition = {
  id: 'nemotron',
  aliases: ['nemotron_json'],
  description: 'Nemotron Nano v2: <TOOLCALL>[{json}, ...]</TOOLCALL>',
  models: [
    'nemotron-nano-9b-v2',
    'nemotron-nano-12b-v2',
    'llama-3.3-nemotron',
    'llama-3_3-nemotron',
    'llama-3.1-nemotron',
    'llama-3_1-nemotron',
  ],
  markers: ['<TOOLCALL>', '</TOOLCALL>', '<think>', '</think>'],
  example: '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "SF"}}]</TOOLCALL>',
  envelope: objectListEnvelope('<TOOLCALL>', '</TOOLCALL>', { reasoning: thinkTags, trigger: '<TOOLCALL>' }),
  create: (options) => new TaggedJsonParser(config, options),
};
