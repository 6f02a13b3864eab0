/**
 * `llama4_pythonic`: Llama 4 Scout / Maverick's Python list of calls, optionally wrapped in
 * `<|python_start|>` … `<|python_end|>`.
 *
 * ```text
 * <|python_start|>[get_weather(city='LA', metric='C'), register_user(name='Doe', age=9)]<|python_end|>
 * ```
 *
 * - Parallel calls: elements of the list.
 * - Arguments: keyword arguments with Python literal values, as `pythonic` (same family core);
 *   positional ones take the tool's parameter names in schema `properties` order, and are an
 *   `InvalidToolCall` without tools or beyond the parameters.
 * - A registered id of its own, not an alias of `pythonic`: the wrapper markers are structure here,
 *   and inside them a malformed call is an `InvalidToolCall` whose raw runs to the end marker (in a bare
 *   list it runs to the next `,` or the `]`; bare prose that does not start like `[NAME(` is content).
 *   Bare lists (vLLM's tests) are read exactly as `pythonic` reads them; `<|python_end|>` is optional
 *   at the end of the output; an end marker inside a string literal is data.
 * - Text before and after stays content (SGLang keeps both; vLLM drops it).
 *
 * Checked against: vLLM `llama4_pythonic_tool_parser.py` and `tests/tool_parsers` (llama4_pythonic),
 * SGLang `test_function_call_parser.py` (python_start/python_end cases) — `../shared/docs/formats.md` F21.
 */

import { pythonCallsEnvelope } from '../core/envelopes.js';
import { PythonicCallsParser } from '../families/pythonic-calls.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  sections: [{ start: '<|python_start|>', end: ['<|python_end|>'] }],
  bareLists: true,
} as const;

export const llama4Pythonic: FormatDefinition = {
  id: 'llama4_pythonic',
  aliases: [],
  description: 'Python list of calls, optionally in <|python_start|> ... <|python_end|> (Llama 4)',
  models: ['llama-4', 'llama4'],
  markers: ['<|python_start|>', '<|python_end|>', '[', ']'],
  example: "<|python_start|>[get_weather(city='LA', metric='C')]<|python_end|>",
  envelope: pythonCallsEnvelope('<|python_start|>', '<|python_end|>'),
  create: (options) => new PythonicCallsParser(config, options),
};
