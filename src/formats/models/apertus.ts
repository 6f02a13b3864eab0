/**
 * `apertus`: swiss-ai Apertus-8B / 70B-Instruct-2509: a JSON array of one-key objects, the key being
 * the tool name, between `<|tools_prefix|>` and `<|tools_suffix|>`.
 *
 * ```text
 * Let me check. <|tools_prefix|>[{"get_weather": {"city": "SF"}}]<|tools_suffix|>
 * ```
 *
 * - Parallel calls: elements of the array, `[{"f": {…}}, {"g": {…}}]`.
 * - Arguments: the value under the name key (an object; a JSON string holding one is decoded once
 *   more). An element with more or fewer than one key is an invalid call.
 * - A missing `<|tools_suffix|>` is tolerated once the array is complete (vLLM too); text before and
 *   after the section is content. Reasoning `<|inner_prefix|>…<|inner_suffix|>` goes to `reasoning`.
 * - Deliberately not done: vLLM trims the text before the section and completes a cut-off array; here
 *   content is kept as written and a call cut off at the end is an invalid call with its raw text.
 *
 * Checked against: formats.md F34, vLLM `apertus_tool_parser.py` and its tests, llama.cpp
 * `tests/test-chat.cpp` (Apertus template, `fun_name_is_key`).
 */
import { objectListEnvelope } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['<|tools_prefix|>'],
  end: ['<|tools_suffix|>'],
  nameIsKey: true,
  reasoning: { open: '<|inner_prefix|>', close: '<|inner_suffix|>' },
} as const;

/** Apertus `<|tools_prefix|>[{NAME: {…}}]<|tools_suffix|>`; see the file comment. */
export const apertus: FormatDefinition = {
  id: 'apertus',
  aliases: ['apertus2509'],
  description: 'Apertus: <|tools_prefix|>[{"NAME": {args}}, ...]<|tools_suffix|>',
  models: ['apertus'],
  markers: ['<|tools_prefix|>', '<|tools_suffix|>', '<|inner_prefix|>', '<|inner_suffix|>'],
  example: '<|tools_prefix|>[{"get_weather": {"city": "SF"}}]<|tools_suffix|>',
  envelope: objectListEnvelope('<|tools_prefix|>', '<|tools_suffix|>', {
    nameIsKey: true,
    reasoning: { open: '<|inner_prefix|>', close: '<|inner_suffix|>' },
    trigger: '<|tools_prefix|>',
  }),
  create: (options) => new TaggedJsonParser(config, options),
};
