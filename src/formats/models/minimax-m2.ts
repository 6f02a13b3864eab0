/**
 * `minimax_m2`: `<invoke>` calls with `<parameter name=…>` values in a `<minimax:tool_call>` section,
 * written by MiniMax-M2, M2.1 and M2.5.
 *
 * ```text
 * Let me check.<minimax:tool_call>
 * <invoke name="get_weather">
 * <parameter name="city">San Francisco</parameter>
 * </invoke>
 * </minimax:tool_call>
 * ```
 *
 * - Parallel calls: several `<invoke>` in one section (or repeated sections).
 * - Arguments: raw text per parameter, verbatim: the template writes each value inline between its tags,
 *   so a leading indent or a trailing newline is part of the value (a file body ends with its `\n`; vLLM
 *   #48846 stopped stripping them). Typed by the tool's JSON Schema when tools are given (`anyOf
 *   [string, null]`: `null` → null, `none`/`nil` stay strings), else strings (`"5"`, as vLLM). A
 *   `</parameter>` not followed by a tag is part of the value.
 * - Reasoning: `<think>…</think>` goes to `reasoning`.
 * - Deliberately not done: text before AND after the section is content (vLLM keeps only the text
 *   before); a missing `</minimax:tool_call>` still yields the closed invokes; an invoke cut off inside a
 *   value is an `InvalidToolCall`. The start token arriving as a token id with empty text (vLLM) is a
 *   serving concern, not text.
 *
 * Checked against: formats.md F15 — vLLM `tests/tool_parsers/test_minimax_m2_tool_parser.py`@d822f4e and
 * `minimax_m2_tool_parser.py`, SGLang `test_minimax_m2_detector.py`, llama.cpp `tests/test-chat.cpp`
 * (unsloth-MiniMax-M2.jinja).
 */
import { thinkTags, xmlParametersEnvelope } from '../core/envelopes.js';
import { XmlParametersParser } from '../families/xml-parameters.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  sectionStart: ['<minimax:tool_call>'],
  sectionEnd: ['</minimax:tool_call>'],
  bareCalls: false,
  callStart: '<invoke ',
  callEnd: '</invoke>',
  parameterStart: '<parameter ',
  parameterEnd: '</parameter>',
  trimNewline: false,
  implicitParameterEnd: false,
  reasoning: { open: '<think>', close: '</think>' },
} as const;

export const minimaxM2: FormatDefinition = {
  id: 'minimax_m2',
  aliases: [],
  description:
    'XML <invoke name=..><parameter name=..> calls in <minimax:tool_call> (MiniMax-M2, M2.1, M2.5)',
  models: ['minimax-m2'],
  markers: [
    '<minimax:tool_call>',
    '</minimax:tool_call>',
    '<invoke ',
    '</invoke>',
    '<parameter ',
    '</parameter>',
    '<think>',
    '</think>',
  ],
  example:
    '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">SF</parameter>\n</invoke>\n</minimax:tool_call>',
  envelope: xmlParametersEnvelope({
    section: { open: '<minimax:tool_call>\n', close: '</minimax:tool_call>' },
    call: { open: '<invoke name="{name}">\n', close: '</invoke>\n' },
    parameter: { open: '<parameter name="{key}">', close: '</parameter>\n' },
    reasoning: thinkTags,
    trigger: '<minimax:tool_call>',
  }),
  create: (options) => new XmlParametersParser(config, options),
};
