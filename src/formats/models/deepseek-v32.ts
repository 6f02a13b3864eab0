import type { EnvelopeSpec } from '../../grammar/envelope/envelope-spec.js';
import { thinkTags, xmlParametersEnvelope } from '../core/envelopes.js';
/**
 * `deepseek_v32`: DeepSeek-V3.2 "DSML" calls, `<｜DSML｜invoke>` tags in a `<｜DSML｜function_calls>` section
 * (`｜` is U+FF5C).
 *
 * ```text
 * Let me check.
 *
 * <｜DSML｜function_calls>
 * <｜DSML｜invoke name="get_weather">
 * <｜DSML｜parameter name="city" string="true">San Francisco</｜DSML｜parameter>
 * <｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>
 * </｜DSML｜invoke>
 * </｜DSML｜function_calls>
 * ```
 *
 * - Parallel calls: several `<｜DSML｜invoke>` in one section.
 * - Arguments: `string="true"` keeps the raw text; `string="false"` decodes it as JSON (falling back to
 *   the schema, then the raw string, when it is not JSON); without the attribute the tool's schema types
 *   it. Parameters missing from the schema are kept. An invoke body holding a JSON object instead of
 *   parameter tags is decoded (SGLang extension).
 * - Reasoning: `<think>…</think>`; with `reasoningStartedInPrompt` the output starts inside reasoning and
 *   a section start in a block that never closes ends it (a section followed by `</think>` was a draft
 *   and stays reasoning).
 * - A parameter without its `</｜DSML｜parameter>` ends at the next parameter tag, with a
 *   `missing_parameter_close_tag` repair (vLLM #54838): the next parameter is not swallowed into it.
 *   Shared with `deepseek_v4`.
 * - Orphan DSML closers outside a call (a closing tail repeated after the section, vLLM #51914) are
 *   structure, dropped, never content.
 * - Deliberately not done: the V4 wrapper `<｜DSML｜tool_calls>` is `deepseek_v4`, not accepted here; text
 *   after the section is content; values are not newline-trimmed (the template writes them inline).
 *
 * Checked against: formats.md F13 and §5 item 6 — SGLang `deepseekv32_detector.py`@d51fbf8, vLLM
 * `deepseekv32_tool_parser.py`@fe3771b, llama.cpp `tests/test-chat.cpp` (DeepSeek-V3.2.jinja).
 */
import { XmlParametersParser } from '../families/xml-parameters.js';
import type { FormatDefinition } from '../format-definition.js';

/**
 * The DSML invoke and parameter tags and the reasoning rule, everything but the section wrapper; shared
 * with `deepseek_v4`.
 */
export const dsmlInvokeConfig = {
  bareCalls: false,
  callStart: '<｜DSML｜invoke ',
  callEnd: '</｜DSML｜invoke>',
  parameterStart: '<｜DSML｜parameter ',
  parameterEnd: '</｜DSML｜parameter>',
  trimNewline: false,
  implicitParameterEnd: 'parameter',
  stringAttribute: true,
  dropStrayClosers: true,
  reasoning: { open: '<think>', close: '</think>' },
  callsInReasoning: true,
} as const;

/** The markers of `dsmlInvokeConfig`; shared with `deepseek_v4`. */
export const dsmlInvokeMarkers: readonly string[] = [
  '<｜DSML｜invoke ',
  '</｜DSML｜invoke>',
  '<｜DSML｜parameter ',
  '</｜DSML｜parameter>',
  '<think>',
  '</think>',
];

/** The DSML envelope of DeepSeek V3.2 and V4 (`string="true"` raw text, `"false"` JSON). */
export function dsmlEnvelope(open: string, close: string): EnvelopeSpec {
  return xmlParametersEnvelope({
    section: { open: `${open}\n`, close },
    call: { open: '<｜DSML｜invoke name="{name}">\n', close: '</｜DSML｜invoke>\n' },
    parameter: {
      open: '<｜DSML｜parameter name="{key}" string="{type}">',
      close: '</｜DSML｜parameter>\n',
      types: { string: 'true', other: 'false' },
    },
    reasoning: thinkTags,
  });
}

const config = {
  sectionStart: ['<｜DSML｜function_calls>'],
  sectionEnd: ['</｜DSML｜function_calls>'],
  ...dsmlInvokeConfig,
} as const;

export const deepseekV32: FormatDefinition = {
  id: 'deepseek_v32',
  aliases: ['deepseekv32'],
  description: 'DeepSeek-V3.2 DSML <｜DSML｜invoke> calls in <｜DSML｜function_calls>',
  models: ['deepseek-v3.2'],
  markers: ['<｜DSML｜function_calls>', '</｜DSML｜function_calls>', ...dsmlInvokeMarkers],
  example:
    '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">SF</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
  envelope: dsmlEnvelope('<｜DSML｜function_calls>', '</｜DSML｜function_calls>'),
  create: (options) => new XmlParametersParser(config, options),
};
