/**
 * `functiongemma`: Google FunctionGemma (`functiongemma-270m-it`) tool calls.
 *
 * ```text
 * <start_function_call>call:get_weather{location:<escape>London<escape>,days:3}<end_function_call>
 * ```
 *
 * - Parallel calls: repeated `<start_function_call>…<end_function_call>` blocks.
 * - Arguments: `call:NAME{…}` with bare keys; strings between `<escape>` delimiters (verbatim);
 *   values NOT wrapped in `<escape>` are kept too: `true`/`false`/`null` and JSON numbers typed, any
 *   other bare text as a string; nested `{…}` / `[…]` as in Gemma 4 (`families/gemma-calls.ts`).
 *   With tools, the arguments are aligned with the schema (so `<escape>42<escape>` for an integer
 *   parameter becomes 42).
 * - Deliberately not done: vLLM's regex ignores values not wrapped in `<escape>` and tries
 *   `json.loads` on every escaped string; we keep unwrapped values and keep escaped text a string
 *   unless the schema says otherwise. The text before a call is not trimmed (vLLM trims it). A call
 *   cut off at the end is an `InvalidToolCall`; a missing `<end_function_call>` after a complete body
 *   is tolerated; an `<end_function_call>` between `<escape>` delimiters is data, and one outside a
 *   call (repeated after it) is dropped as markup.
 *
 * Checked against: vLLM `functiongemma_tool_parser.py` and its tests, vLLM docs (see
 * `../shared/docs/formats.md` F28).
 */

import { gemmaCallsEnvelope } from '../core/envelopes.js';
import { GemmaCallParser } from '../families/gemma-calls.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: '<start_function_call>',
  end: '<end_function_call>',
  quote: '<escape>',
  prefix: 'call:',
} as const;

export const functiongemma: FormatDefinition = {
  id: 'functiongemma',
  aliases: ['function_gemma'],
  description: 'call:NAME{key:<escape>VALUE<escape>} in <start_function_call> tags (FunctionGemma)',
  models: ['functiongemma'],
  markers: ['<start_function_call>', '<end_function_call>', '<escape>'],
  example: '<start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>',
  envelope: gemmaCallsEnvelope('<start_function_call>', '<end_function_call>', '<escape>'),
  create: (options) => new GemmaCallParser(config, options),
};
