/**
 * `qwen3_coder`: XML parameters in `<tool_call>` blocks, written by Qwen3-Coder (480B, 30B), Qwen3.5,
 * StepFun Step-3.5-Flash (SGLang `step3p5`) and NVIDIA Nemotron-3-Nano. Aliases: `qwen3_xml` (vLLM's
 * second parser for the same text), `step3p5`.
 *
 * ```text
 * Let me check.
 * <tool_call>
 * <function=get_weather>
 * <parameter=city>
 * San Francisco
 * </parameter>
 * </function>
 * </tool_call>
 * ```
 *
 * - Parallel calls: repeated `<tool_call>…</tool_call>` blocks; several `<function=…>` in one block are
 *   accepted too (SGLang).
 * - Arguments: each `<parameter=KEY>` holds raw text; exactly one leading and one trailing `\n` are layout
 *   (`#include\n\n` → `#include\n`). Values are typed by the tool's JSON Schema when tools are given
 *   (`5123123` stays a string when the schema says string), else they stay strings. Values may hold
 *   XML/HTML: only the exact `</parameter>`, followed by another tag or the end, closes a value.
 * - Tolerated (SGLang / llama.cpp): a missing `<tool_call>` wrapper (a bare `<function=…>`, with or
 *   without a stray `</tool_call>` after it); a missing `</parameter>` (the value ends at the next
 *   `<parameter=`, `</function>` or `<function=`, the last only when no `</parameter>` comes before
 *   the next tag: a value may quote `<function=NAME>`, or `</function>` when its own `</parameter>` comes
 *   before any other tag; a `</tool_call>` inside a value is data); a missing
 *   `</function>` at the end. A `<parameter=` that ends a value without `</parameter>` may be text of
 *   the value (a heredoc quoting a call): when a later `</parameter>` closes nothing or the tool does not
 *   declare the key, the call is invalid (`ambiguous_parameter_end`); so is a key given twice
 *   (`duplicate_argument`) rather than keeping the last value. Recovered and reported in the call's
 *   `repairs`: a parameter tag cut before its `>` (the parameter is dropped, vLLM #39771), a malformed
 *   `</parameter…>` (SGLang #27336), and the
 *   omissions above.
 * - Reasoning: `<think>…</think>` goes to `reasoning`; with `reasoningStartedInPrompt` (forced-open
 *   thinking templates) the output starts inside reasoning, and a `<tool_call>` in a block that never
 *   closes ends it (such templates write the call without `</think>`); one followed by `</think>` was the
 *   model's draft and stays reasoning, as vLLM's reasoning parser reads everything before `</think>`.
 * - A `<tool_call>` mentioned in prose (followed by text that is no call, with no `</tool_call>` before
 *   the next marker, reasoning tag or the end of the output: LM Studio #1592) is text where it stands,
 *   so it no longer cuts reasoning or content short; with `finishReason: 'length'` such a tail is a
 *   cut-off call (invalid) instead.
 * - Deliberately not done: text after the calls is kept as content (SGLang keeps only the text before
 *   the first call); a call cut off inside a value is an `InvalidToolCall`, not a partial call.
 *
 * Checked against: formats.md F3 — SGLang `qwen3_coder_detector.py`@048a57e and its
 * `test_qwen3_coder_detector/test_cases.py`@c92878c, vLLM `rust/src/chat/src/parser/tool/qwen_coder.rs`@be60118,
 * llama.cpp `tests/test-chat.cpp` (Qwen3-Coder.jinja, StepFun3.5-Flash.jinja).
 */
import { thinkTags, xmlParametersEnvelope } from '../core/envelopes.js';
import { XmlParametersParser } from '../families/xml-parameters.js';
import type { FormatDefinition } from '../format-definition.js';

const config = {
  sectionStart: ['<tool_call>'],
  sectionEnd: ['</tool_call>'],
  bareCalls: true,
  callStart: '<function=',
  callEnd: '</function>',
  parameterStart: '<parameter=',
  parameterEnd: '</parameter>',
  trimNewline: true,
  implicitParameterEnd: true,
  reasoning: { open: '<think>', close: '</think>' },
  callsInReasoning: true,
  proseMentions: true,
} as const;

export const qwen3Coder: FormatDefinition = {
  id: 'qwen3_coder',
  aliases: ['qwen3_xml', 'step3p5'],
  description:
    'XML parameters in <tool_call><function=NAME><parameter=K> (Qwen3-Coder, Qwen3.5, Qwen3.6, Step-3.5, Nemotron-3-Nano)',
  models: [
    'qwen3-coder',
    'qwen3.5',
    'qwen3-5',
    'qwen3.6',
    'qwen3-6',
    'step-3.5',
    'step3.5',
    'nemotron-3-nano',
  ],
  markers: [
    '<tool_call>',
    '</tool_call>',
    '<function=',
    '</function>',
    '<parameter=',
    '</parameter>',
    '<think>',
    '</think>',
  ],
  example:
    '<tool_call>\n<function=get_weather>\n<parameter=city>\nSF\n</parameter>\n</function>\n</tool_call>',
  envelope: xmlParametersEnvelope({
    call: { open: '<tool_call>\n<function={name}>\n', close: '</function>\n</tool_call>' },
    parameter: { open: '<parameter={key}>\n', close: '\n</parameter>\n' },
    separator: '\n',
    reasoning: thinkTags,
    trigger: '<tool_call>',
    rawExcludes: ['</parameter>'],
  }),
  create: (options) => new XmlParametersParser(config, options),
};
