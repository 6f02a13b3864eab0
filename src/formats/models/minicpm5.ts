/**
 * `minicpm5`: openbmb MiniCPM5 XML calls, `<function name="NAME">` with `<param name="KEY">` values, no
 * section wrapper; values may be wrapped in CDATA.
 *
 * ```text
 * <think>I'll run it.</think><function name="python"><param name="code"><![CDATA[print("<b>hi</b>")]]></param></function>
 * ```
 *
 * - Parallel calls: consecutive `<function …>` tags (whitespace between them is content, as everywhere).
 * - Arguments: raw text per `<param name=…>`; `<![CDATA[…]]>` is literal (a `</param>` inside it is data)
 *   and its markers are removed; typed by the tool's JSON Schema when tools are given, else strings. A
 *   `</param>` followed by text is part of the value.
 * - Reasoning: `<think>…</think>` goes to `reasoning`; with `reasoningStartedInPrompt` the output starts
 *   inside it.
 * - Deliberately not done: text around the calls is content; a `<function …>` inside reasoning stays
 *   reasoning; a call cut off inside a value is an `InvalidToolCall`.
 *
 * Checked against: llama.cpp `tests/test-chat.cpp` (MiniCPM5 template cases, corpus `minicpm5`); formats.md
 * lists MiniCPM5 XML as registered in SGLang (`minicpm5`) but not read there.
 */
import { thinkTags, xmlParametersEnvelope } from '../core/envelopes.js';
import { XmlParametersParser } from '../families/xml-parameters.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  sectionStart: [],
  sectionEnd: [],
  bareCalls: true,
  callStart: '<function ',
  callEnd: '</function>',
  parameterStart: '<param ',
  parameterEnd: '</param>',
  trimNewline: false,
  implicitParameterEnd: false,
  cdata: true,
  reasoning: { open: '<think>', close: '</think>' },
} as const;

export const minicpm5: FormatDefinition = {
  id: 'minicpm5',
  aliases: [],
  description: 'MiniCPM5 XML <function name=..><param name=..> calls with CDATA values',
  models: ['minicpm5', 'minicpm-5'],
  markers: ['<function ', '</function>', '<param ', '</param>', '<![CDATA[', ']]>', '<think>', '</think>'],
  example: '<function name="python"><param name="code">print(1)</param></function>',
  envelope: xmlParametersEnvelope({
    call: { open: '<function name="{name}">', close: '</function>' },
    parameter: { open: '<param name="{key}">', close: '</param>' },
    reasoning: thinkTags,
    trigger: '<function name="',
  }),
  create: (options) => new XmlParametersParser(config, options),
};
