/**
 * `lfm2`: LiquidAI LFM2 / LFM2.5 — a Python list of calls between `<|tool_call_start|>` and
 * `<|tool_call_end|>`.
 *
 * ```text
 * Let me check the time.<|tool_call_start|>[get_time(city="Paris"), get_weather(city='Paris')]<|tool_call_end|>
 * ```
 *
 * - Parallel calls: elements of the list (`[a(), b()]`); several blocks in one turn are all read.
 * - Arguments: keyword arguments with Python literals (`True`/`None`) or JSON ones (`true`/`null`, as
 *   LFM2 writes inside dicts); dotted names (`Calendar.create_event`) are names. Positional
 *   arguments take the tool's parameter names in schema `properties` order; without tools, or with
 *   more of them than parameters, the call is an `InvalidToolCall`.
 * - Text before and after the block is content; one `\n` right after `<|tool_call_end|>` is structure
 *   (vLLM's LFM2 parser drops it). `<think>…</think>` goes to reasoning.
 * - Malformed calls inside the markers are `InvalidToolCall`s (raw kept); a block cut off at the end
 *   yields its complete calls and an invalid call for the rest. A bracketed list in prose outside the
 *   markers (a Markdown link, `[1, 2]`) is content: LFM2 always writes the markers.
 *
 * Checked against: llama.cpp `common/chat.cpp` (`common_chat_params_init_lfm2`) and
 * `tests/test-chat.cpp`, vLLM `lfm2_tool_parser.py` tests — `../shared/docs/formats.md` F23.
 */

import { pythonCallsEnvelope, thinkTags } from '../core/envelopes.js';
import { PythonicCallsParser } from '../families/pythonic-calls.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  sections: [{ start: '<|tool_call_start|>', end: ['<|tool_call_end|>'] }],
  reasoning: { open: '<think>', close: '</think>' },
  newlineAfterEnd: true,
} as const;

export const lfm2: FormatDefinition = {
  id: 'lfm2',
  aliases: [],
  description: 'Python list of calls in <|tool_call_start|> ... <|tool_call_end|> (LiquidAI LFM2 / LFM2.5)',
  models: ['lfm2'],
  markers: ['<|tool_call_start|>', '<|tool_call_end|>', '<think>', '</think>', '[', ']'],
  example: '<|tool_call_start|>[get_time(city="Paris")]<|tool_call_end|>',
  envelope: pythonCallsEnvelope('<|tool_call_start|>', '<|tool_call_end|>', { reasoning: thinkTags }),
  create: (options) => new PythonicCallsParser(config, options),
};
