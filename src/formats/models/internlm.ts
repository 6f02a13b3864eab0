/**
 * `internlm`: InternLM2 / InternLM2.5 chat models and Intern-S1 (SGLang `interns1`): a plugin action
 * holding one JSON call object.
 *
 * ```text
 * Let me check.<|action_start|><|plugin|>
 * {"name": "get_weather", "parameters": {"city": "SF"}}<|action_end|>
 * ```
 *
 * - Parallel calls: not in the format (vLLM: not supported); repeated actions are read one by one.
 * - Arguments: `parameters` (or `arguments`); the newline after `<|plugin|>` is optional. JSON is
 *   scanned incrementally, so an `<|action_end|>` inside a string is data; a missing `<|action_end|>`
 *   is tolerated once the JSON is complete.
 * - Deliberately not done: `<|action_start|><|interpreter|>` (code interpreter) and a bare
 *   `<|action_start|>` are not function calls and stay content.
 *
 * Checked against: formats.md F32, vLLM `internlm2_tool_parser.py` and
 * `tests/tool_parsers/test_internlm2_tool_parser.py`.
 */
import { taggedObjectEnvelope } from '../core/envelopes.js';
import { TaggedJsonParser } from '../families/tagged-json.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  start: ['<|action_start|><|plugin|>'],
  end: ['<|action_end|>'],
} as const;

/** InternLM2 plugin actions; see the file comment. */
export const internlm: FormatDefinition = {
  id: 'internlm',
  aliases: ['internlm2', 'interns1'],
  description: 'InternLM2: <|action_start|><|plugin|>{"name", "parameters"}<|action_end|>',
  models: ['internlm2', 'internlm2_5', 'internlm2.5', 'intern-s1'],
  markers: ['<|action_start|>', '<|plugin|>', '<|action_end|>'],
  example: '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "SF"}}<|action_end|>',
  envelope: taggedObjectEnvelope('<|action_start|><|plugin|>\n', '<|action_end|>', {
    argumentsKey: 'parameters',
    trigger: '<|action_start|>',
  }),
  create: (options) => new TaggedJsonParser(config, options),
};
