/**
 * `step3`: StepFun Step-3 "steptml" calls inside DeepSeek-style section tokens (ASCII `_`, fullwidth
 * `｜`).
 *
 * ```text
 * Let me check.<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>
 * ```
 *
 * - Parallel calls: several `<｜tool_call_begin｜>…<｜tool_call_end｜>` in one section; the per-call tokens,
 *   the `function<｜tool_sep｜>` type prefix (optional: vLLM's fixtures omit it) and stray `<｜tool_sep｜>`
 *   between calls are structure.
 * - Arguments: raw text per `<steptml:parameter name=…>`, typed by the tool's JSON Schema when tools are
 *   given, else strings. Values may contain `<` (vLLM's `[^<]*` regex does not allow that; we do).
 * - Reasoning: `<think>…</think>` goes to `reasoning`.
 * - Deliberately not done: text before and after the section is kept as content (as vLLM joins them);
 *   a steptml invoke outside a section is content.
 *
 * Checked against: formats.md F33 — vLLM `step3_tool_parser.py`@fe3771b and the shared
 * `ToolParserTestConfig(parser_name='step3')` cases.
 */
import { thinkTags, xmlParametersEnvelope } from '../core/envelopes.js';
import { XmlParametersParser } from '../families/xml-parameters.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  sectionStart: ['<｜tool_calls_begin｜>'],
  sectionEnd: ['<｜tool_calls_end｜>'],
  separators: ['<｜tool_call_begin｜>', '<｜tool_call_end｜>', 'function<｜tool_sep｜>', '<｜tool_sep｜>'],
  bareCalls: false,
  callStart: '<steptml:invoke ',
  callEnd: '</steptml:invoke>',
  parameterStart: '<steptml:parameter ',
  parameterEnd: '</steptml:parameter>',
  trimNewline: false,
  implicitParameterEnd: false,
  reasoning: { open: '<think>', close: '</think>' },
} as const;

export const step3: FormatDefinition = {
  id: 'step3',
  aliases: [],
  description: 'StepFun Step-3 <steptml:invoke> calls in <｜tool_calls_begin｜> sections',
  models: ['step3', 'step-3'],
  markers: [
    '<｜tool_calls_begin｜>',
    '<｜tool_calls_end｜>',
    '<｜tool_call_begin｜>',
    '<｜tool_call_end｜>',
    'function<｜tool_sep｜>',
    '<｜tool_sep｜>',
    '<steptml:invoke ',
    '</steptml:invoke>',
    '<steptml:parameter ',
    '</steptml:parameter>',
    '<think>',
    '</think>',
  ],
  example:
    '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Tokyo</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
  envelope: xmlParametersEnvelope({
    section: { open: '<｜tool_calls_begin｜>', close: '<｜tool_calls_end｜>' },
    call: {
      open: '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="{name}">',
      close: '</steptml:invoke><｜tool_call_end｜>',
    },
    parameter: { open: '<steptml:parameter name="{key}">', close: '</steptml:parameter>' },
    reasoning: thinkTags,
  }),
  create: (options) => new XmlParametersParser(config, options),
};
