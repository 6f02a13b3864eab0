/**
 * `seed_oss`: ByteDance Seed-OSS, the Qwen3-Coder tag layout in `<seed:tool_call>` blocks, with
 * `<seed:think>` reasoning.
 *
 * ```text
 * <seed:think>The user wants the weather.</seed:think>
 * <seed:tool_call>
 * <function=get_weather>
 * <parameter=location>Barcelona, Spain</parameter>
 * </function>
 * </seed:tool_call>
 * ```
 *
 * - Parallel calls: repeated `<seed:tool_call>` blocks (several functions per block are accepted).
 * - Arguments: raw text per `<parameter=KEY>`, kept exactly (values sit on the tag line; llama.cpp keeps a
 *   value's trailing newline: `pass\n` stays `pass\n`); typed by the tool's JSON Schema when tools are
 *   given. A missing `</parameter>` ends at the next tag; a `</parameter>` followed by text is data.
 * - Reasoning: `<seed:think>…</seed:think>` goes to `reasoning`, including the thinking-budget tags
 *   (`<seed:cot_budget_reflect>`) inside it; a call quoted inside reasoning stays reasoning.
 * - Deliberately not done: vLLM keeps the thinking text in content (we split reasoning off, see
 *   `test/expectations/parse.json`); a bare `<function=…>` outside `<seed:tool_call>` is content.
 *
 * Checked against: formats.md F4 — vLLM `seed_oss_tool_parser.py`@3e47bf4 and its tests, llama.cpp
 * `tests/test-chat.cpp` (Seed-OSS template).
 */
import { xmlParametersEnvelope } from '../core/envelopes.js';
import { XmlParametersParser } from '../families/xml-parameters.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  sectionStart: ['<seed:tool_call>'],
  sectionEnd: ['</seed:tool_call>'],
  bareCalls: false,
  callStart: '<function=',
  callEnd: '</function>',
  parameterStart: '<parameter=',
  parameterEnd: '</parameter>',
  trimNewline: false,
  implicitParameterEnd: true,
  reasoning: { open: '<seed:think>', close: '</seed:think>' },
} as const;

export const seedOss: FormatDefinition = {
  id: 'seed_oss',
  aliases: [],
  description:
    'Qwen3-Coder-style XML parameters in <seed:tool_call>, <seed:think> reasoning (ByteDance Seed-OSS)',
  models: ['seed-oss'],
  markers: [
    '<seed:tool_call>',
    '</seed:tool_call>',
    '<function=',
    '</function>',
    '<parameter=',
    '</parameter>',
    '<seed:think>',
    '</seed:think>',
  ],
  example:
    '<seed:tool_call>\n<function=get_weather>\n<parameter=location>Barcelona</parameter>\n</function>\n</seed:tool_call>',
  envelope: xmlParametersEnvelope({
    call: { open: '<seed:tool_call>\n<function={name}>\n', close: '</function>\n</seed:tool_call>' },
    parameter: { open: '<parameter={key}>', close: '</parameter>\n' },
    separator: '\n',
    reasoning: { open: '<seed:think>', close: '</seed:think>' },
    trigger: '<seed:tool_call>',
  }),
  create: (options) => new XmlParametersParser(config, options),
};
