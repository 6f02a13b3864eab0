/**
 * `deepseek_v3`: DeepSeek-V3 (and V3-0324) tool calls: a calls section of call blocks, each with the
 * type word `function`, the name, and the arguments as fenced JSON.
 *
 * ````text
 * Let me look.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather
 * ```json
 * {"city": "SF"}
 * ```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 * ````
 *
 * (`｜` is U+FF5C, `▁` U+2581.)
 *
 * - Parallel calls: several `<｜tool▁call▁begin｜>…<｜tool▁call▁end｜>` blocks in one section, with or
 *   without a newline between them (markup).
 * - Arguments: a JSON object after the name line, inside a ```` ```json ```` fence whose closing ```` ``` ````
 *   may follow the JSON without a newline (llama.cpp R1 test). The fence, the call end and the section
 *   markers are all optional in the text; markers inside JSON strings are data.
 * - Reasoning: `<think>…</think>` goes to `reasoning` (R1-style templates; see `deepseek_r1`).
 * - Tolerated: a missing `<｜tool▁call▁begin｜>` right after the section start (vLLM's malformed-input
 *   test), a missing type word, and the garbled section openers of the R1 distills
 *   (`<｜tool_calls_begin｜>`, `<｜tool calls begin｜>`, `<｜tool\_calls\_begin｜>`, `<｜tool▁calls｜>`, as
 *   llama.cpp accepts them). Deliberately not done: text after the section is kept as content.
 *
 * Checked against: formats.md F11 (vLLM `test_format_conformance.py` fixture and
 * `tests/tool_parsers/test_deepseekv3_tool_parser.py`, SGLang `DeepSeekV3Detector` tests, llama.cpp
 * `tests/test-chat.cpp` R1 cases).
 */

import type { NamedJsonConfig } from '../families/named-json/named-json-config.js';
import { NamedJsonParser } from '../families/named-json.js';
import type { FormatDefinition } from '../format-definition.js';

/**
 * Section openers: the real token plus the garbled spellings the R1 distills (Qwen 7B / 32B) write,
 * which llama.cpp accepts too. Shared with `deepseek_r1` and `deepseek_v31` (through `deepseekSection`
 * and `deepseekMarkers`).
 */
export const deepseekSectionStarts: readonly string[] = [
  '<｜tool▁calls▁begin｜>',
  '<｜tool_calls_begin｜>',
  '<｜tool calls begin｜>',
  '<｜tool\\_calls\\_begin｜>',
  '<｜tool▁calls｜>',
];

/**
 * The calls section, call blocks and reasoning tags common to the DeepSeek V3 / V3.1 / R1 syntaxes
 * (which differ in how the name and the arguments are written). Shared with `deepseek_v31`.
 */
export const deepseekSection = {
  sectionStart: deepseekSectionStarts,
  sectionEnd: ['<｜tool▁calls▁end｜>'],
  callStart: ['<｜tool▁call▁begin｜>'],
  callEnd: ['<｜tool▁call▁end｜>'],
  implicitCallInSection: true,
  reasoning: { open: '<think>', close: '</think>' },
} satisfies NamedJsonConfig;

/** Every marker of the DeepSeek V3 / V3.1 / R1 syntaxes; shared with `deepseek_v31` and `deepseek_r1`. */
export const deepseekMarkers: readonly string[] = [
  ...deepseekSectionStarts,
  '<｜tool▁calls▁end｜>',
  '<｜tool▁call▁begin｜>',
  '<｜tool▁call▁end｜>',
  '<｜tool▁sep｜>',
  '<think>',
  '</think>',
];

/** The DeepSeek V3 / R1 call syntax, shared with `deepseek_r1`. */
export const deepseekV3Config: NamedJsonConfig = {
  ...deepseekSection,
  namePrefix: ['function<｜tool▁sep｜>', '<｜tool▁sep｜>'],
  nameEnd: ['\n'],
  argsStart: ['```json', '```'],
  argsEnd: ['```'],
};

/** DeepSeek-V3 call sections; see the file comment. */
export const deepseekV3: FormatDefinition = {
  id: 'deepseek_v3',
  aliases: ['deepseekv3'],
  description:
    'DeepSeek-V3: <｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME + fenced JSON in a calls section',
  models: ['deepseek-v3', 'deepseek-v3-0324'],
  markers: deepseekMarkers,
  example:
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "SF"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  envelope: {
    section: { open: '<｜tool▁calls▁begin｜>', close: '<｜tool▁calls▁end｜>' },
    call: {
      open: '<｜tool▁call▁begin｜>function<｜tool▁sep｜>{name}\n```json\n',
      close: '\n```<｜tool▁call▁end｜>',
    },
    separator: '\n',
    arguments: { kind: 'json' },
    reasoning: { open: '<think>', close: '</think>' },
  },
  create: (options) => new NamedJsonParser(deepseekV3Config, options),
};
