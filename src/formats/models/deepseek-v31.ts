/**
 * `deepseek_v31`: DeepSeek-V3.1 tool calls: the name, `<｜tool▁sep｜>`, then the raw JSON arguments
 * (no type word, no fence).
 *
 * ```text
 * Checking.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "SF"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 * ```
 *
 * - Parallel calls: several `<｜tool▁call▁begin｜>…<｜tool▁call▁end｜>` blocks in one section.
 * - Arguments: one JSON object; `<｜tool▁call▁end｜>` and the section markers are optional in the text,
 *   and a marker inside a JSON string is data.
 * - Section openers: as `deepseek_v3` (the real token and the distills' garbled spellings).
 * - Reasoning: `<think>…</think>`; the thinking template opens `<think>` in the prompt, so the output
 *   then starts inside reasoning and ends it with `</think>` (pass `reasoningStartedInPrompt: true`).
 *   A section or call start in a block that never closes ends the reasoning there and is read as calls
 *   (SGLang #9446); in a block that closes after it, it was quoted and stays reasoning.
 * - Deliberately not done: vLLM drops the text after the calls section; we keep it as content.
 *
 * Checked against: formats.md F12 and §4.4 (vLLM `tests/tool_parsers/test_deepseekv31_tool_parser.py`,
 * SGLang `test_deepseekv31_detector.py`, llama.cpp `tests/test-chat.cpp` with
 * `deepseek-ai-DeepSeek-V3.1.jinja`).
 */

import type { NamedJsonConfig } from '../families/named-json/named-json-config.js';
import { NamedJsonParser } from '../families/named-json.js';
import type { FormatDefinition } from '../format-definition.js';
import { deepseekMarkers, deepseekSection } from './deepseek-v3.js';

const config: NamedJsonConfig = {
  ...deepseekSection,
  nameEnd: ['<｜tool▁sep｜>'],
  callsInReasoning: true,
  proseMentions: true,
};

/** DeepSeek-V3.1 call sections; see the file comment. */
export const deepseekV31: FormatDefinition = {
  id: 'deepseek_v31',
  aliases: ['deepseekv31'],
  description:
    'DeepSeek-V3.1: <｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{json}<｜tool▁call▁end｜> in a calls section',
  models: ['deepseek-v3.1'],
  markers: deepseekMarkers,
  example:
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "SF"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  envelope: {
    section: { open: '<｜tool▁calls▁begin｜>', close: '<｜tool▁calls▁end｜>' },
    call: { open: '<｜tool▁call▁begin｜>{name}<｜tool▁sep｜>', close: '<｜tool▁call▁end｜>' },
    arguments: { kind: 'json' },
    reasoning: { open: '<think>', close: '</think>' },
  },
  create: (options) => new NamedJsonParser(config, options),
};
