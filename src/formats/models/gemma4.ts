/**
 * `gemma4`: Google Gemma 4 tool calls in its own value syntax.
 *
 * ```text
 * Let me check.<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3,metric:true,opts:{lang:<|"|>fr<|"|>},tags:[<|"|>a<|"|>]}<tool_call|>
 * ```
 *
 * - Parallel calls: concatenated `<|tool_call>…<tool_call|>` blocks, no separator.
 * - Arguments: `call:NAME{…}` with bare keys; strings between `<|"|>` delimiters (verbatim, no
 *   escapes); bare numbers, `true`/`false`/`null`, nested `{…}` objects and `[…]` arrays typed as in
 *   JSON (see `families/gemma-calls.ts`); with tools, the arguments are aligned with the schema.
 *   Tolerated (hermes-agent #7449): an opener without the `call` word (`<|tool_call>:NAME{…}`) or
 *   without `call:` at all, and array items in single quotes (`tags:['a','b']`).
 * - Reasoning: `<|channel>thought\n…<channel|>` goes to `reasoning` (the newline ending the channel
 *   line is layout); calls are not searched inside it. A stray `<|channel>` or `<channel|>` outside
 *   it is dropped as markup, and `<turn|>` (end of turn) always is, as is a `<tool_call|>` outside a
 *   call (repeated after one, ollama #15370). With option
 *   `reasoning: 'content'` the channel tags stay in content (llama.cpp `reasoning_format: none`).
 * - Deliberately not done: the text before a call is not trimmed (vLLM trims it); a call cut off at
 *   the end (no closing brace) is an `InvalidToolCall` with its raw text, where vLLM returns the whole
 *   output as content; a missing `<tool_call|>` after a complete body is tolerated; a `<tool_call|>`
 *   between `<|"|>` delimiters is data.
 *
 * Checked against: vLLM `gemma4_tool_parser.py` and its tests, llama.cpp `tests/test-chat.cpp` with
 * `google-gemma-4-31B-it.jinja` (see `../shared/docs/formats.md` F29).
 */

import { gemmaCallsEnvelope } from '../core/envelopes.js';
import { GemmaCallParser } from '../families/gemma-calls.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: '<|tool_call>',
  end: '<tool_call|>',
  quote: '<|"|>',
  prefix: 'call:',
  reasoning: { open: '<|channel>thought', close: '<channel|>' },
  reasoningNewline: true,
  strayMarkers: ['<|channel>', '<channel|>'],
  dropMarkers: ['<turn|>'],
} as const;

export const gemma4: FormatDefinition = {
  id: 'gemma4',
  aliases: ['gemma-4'],
  description: 'call:NAME{key:<|"|>text<|"|>,n:42} in <|tool_call> … <tool_call|> (Google Gemma 4)',
  models: ['gemma-4', 'gemma4'],
  markers: [
    '<|tool_call>',
    '<tool_call|>',
    '<|"|>',
    '<|channel>thought',
    '<|channel>',
    '<channel|>',
    '<turn|>',
  ],
  example: '<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}<tool_call|>',
  envelope: gemmaCallsEnvelope('<|tool_call>', '<tool_call|>', '<|"|>', {
    open: '<|channel>thought\n',
    close: '<channel|>',
  }),
  create: (options) => new GemmaCallParser(config, options),
};
