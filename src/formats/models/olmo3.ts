/**
 * `olmo3`: AllenAI Olmo 3 — Python calls, one per line, between `<function_calls>` and
 * `</function_calls>`.
 *
 * ```text
 * <function_calls>get_weather(city='San Francisco', metric='celsius')
 * register_user(name='John Doe', active=true)</function_calls>
 * ```
 *
 * - Parallel calls: one call per line (commas and a wrapping `[…]` are tolerated too).
 * - Arguments: keyword arguments with Python literals plus JSON `true`/`false`/`null`. Positional
 *   arguments take the tool's parameter names in schema `properties` order; without tools, or with
 *   more of them than parameters, the call is an `InvalidToolCall`.
 * - Text before and after the block is content (vLLM only reads output that starts with the block);
 *   `<think>…</think>` (Olmo 3 Think) goes to reasoning.
 * - A malformed call is an `InvalidToolCall` whose raw runs to `</function_calls>`; a missing
 *   `</function_calls>` at the end still yields the complete calls; the end marker inside a string
 *   literal is data.
 *
 * Checked against: vLLM `olmo3_tool_parser.py` and `tests/tool_parsers` (olmo3) —
 * `../shared/docs/formats.md` F22.
 */

import { pythonCallsEnvelope, thinkTags } from '../core/envelopes.js';
import { PythonicCallsParser } from '../families/pythonic-calls.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  sections: [{ start: '<function_calls>', end: ['</function_calls>'] }],
  reasoning: { open: '<think>', close: '</think>' },
} as const;

export const olmo3: FormatDefinition = {
  id: 'olmo3',
  aliases: [],
  description: 'Python calls, one per line, in <function_calls> ... </function_calls> (Olmo 3)',
  models: ['olmo-3', 'olmo3'],
  markers: ['<function_calls>', '</function_calls>', '<think>', '</think>', '[', ']'],
  example: "<function_calls>get_weather(city='San Francisco')</function_calls>",
  envelope: pythonCallsEnvelope('<function_calls>', '</function_calls>', {
    reasoning: thinkTags,
    list: false,
  }),
  create: (options) => new PythonicCallsParser(config, options),
};
