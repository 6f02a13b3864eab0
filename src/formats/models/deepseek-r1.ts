/**
 * `deepseek_r1`: DeepSeek-R1 (R1-0528) and the R1 distills (R1-Distill-Qwen-32B, R1-Distill-Llama-8B):
 * `<think>` reasoning, then DeepSeek-V3 call syntax.
 *
 * ````text
 * <think>
 * The user wants the weather.
 * </think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather
 * ```json
 * {"city": "SF"}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 * ````
 *
 * - Parallel calls, arguments, tolerances: exactly as `deepseek_v3` (same configuration of the
 *   `named-json` family); the closing fence may follow the JSON without a newline.
 * - Reasoning: `<think>…</think>` goes to `reasoning`. R1 templates open `<think>\n` in the generation
 *   prompt, so the output usually starts inside reasoning: pass `reasoningStartedInPrompt: true`.
 * - A separate id (not an alias) because the models and the usual prompt differ; the parser is shared.
 *
 * Checked against: formats.md F11 and llama.cpp `tests/test-chat.cpp` (templates
 * `llama-cpp-deepseek-r1.jinja`, `deepseek-ai-DeepSeek-R1-Distill-*.jinja`).
 */

import { NamedJsonParser } from '../families/named-json.js';
import type { FormatDefinition } from '../format-definition.js';
import { deepseekMarkers, deepseekV3, deepseekV3Config } from './deepseek-v3.js';

/** DeepSeek-R1 reasoning plus V3 call sections; see the file comment. */
export const deepseekR1: FormatDefinition = {
  id: 'deepseek_r1',
  aliases: ['deepseekr1'],
  description: 'DeepSeek-R1 and distills: <think> reasoning, then DeepSeek-V3 call sections',
  models: ['deepseek-r1', 'r1-distill'],
  markers: deepseekMarkers,
  example:
    '<think>\nThe user wants the weather.\n</think><｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "SF"}```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  ...(deepseekV3.envelope === undefined ? {} : { envelope: deepseekV3.envelope }),
  create: (options) => new NamedJsonParser(deepseekV3Config, options),
};
