import type { ReasoningTags } from '../../core/base-parser.js';

/**
 * What a format of the XML-parameters family sets (`XmlParametersParser` reads it): formats that write
 * one tag per call and one tag per parameter, the value being raw text between the parameter's tags:
 *
 * - Qwen3-Coder / Seed-OSS: `<function=NAME><parameter=KEY>VALUE</parameter></function>`
 * - MiniMax-M2, DeepSeek DSML, Step-3, MiniCPM5: `<invoke name="NAME"><parameter name="KEY">VALUE</parameter></invoke>`
 *   (tag names differ per format; extra attributes such as DSML `string="true"` are read).
 *
 * Configuration (all markers are exact, case-sensitive strings):
 * - `sectionStart` / `sectionEnd`: the wrapper around one or more calls (`<tool_call>`, `<minimax:tool_call>`,
 *   `<｜DSML｜function_calls>`); `[]` when calls stand alone.
 * - `separators`: structure-only markers allowed between calls inside a section (Step-3's per-call tokens).
 * - `bareCalls`: a call tag is also recognised outside any section (a missing wrapper is tolerated).
 * - `callStart`: the call tag up to its name: `<function=` (the name follows up to `>`) or `<invoke `
 *   (attributes follow up to `>`, the name is the `name` attribute). `callEnd`: the closing call tag.
 * - `parameterStart` / `parameterEnd`: the same for parameters; the key is the text after `=` or the
 *   `name` attribute.
 * - `trimNewline`: exactly one leading and one trailing newline of each value are layout, not data (a
 *   newline is `\n` or `\r\n`).
 * - `implicitParameterEnd`: a value without its closing tag ends at the next parameter tag, call end or
 *   call start (SGLang's Qwen3-Coder tolerance); a call start only when no closing tag of the value
 *   comes before the next tag (`closerComesFirst`: `Use <function=NAME> to call.</parameter>` is a
 *   value). With `'parameter'`, only the next parameter tag ends such a value (DeepSeek DSML, vLLM
 *   #54838), so a missing closer does not swallow the next parameter. A section end inside a value is
 *   data, so a value may quote `</tool_call>`.
 * - `cdata`: `<![CDATA[…]]>` inside a value is literal text (closing tags inside it are data).
 * - `stringAttribute`: the parameter tag's `string` attribute types the value: `"true"` keeps the raw
 *   string, `"false"` decodes it as JSON (DeepSeek DSML).
 * - `dropStrayClosers`: the section, call and parameter closers met outside any call are structure
 *   (markup), never content: special tokens a model repeats after its calls or writes without their
 *   openers (DeepSeek DSML, vLLM #51914). Without it, only a section end right before a bare call
 *   start (`</tool_call>\n<function=…>`, with `bareCalls`) is dropped; elsewhere closers are content.
 * - `proseMentions`: text right after a section start that is no call tag, no JSON call, and that no
 *   section end closes (the next opener, a reasoning tag or the end of the output comes first, unless
 *   the output was cut off: `finishReason: 'length'`) means the start marker was mentioned in prose:
 *   it and the text stay content, or reasoning where the marker ended a reasoning block (LM Studio
 *   #1592). Such text waits for the decision, so it streams late.
 * - `reasoning` / `callsInReasoning`: the reasoning tags; with `callsInReasoning`, a section start inside an
 *   reasoning block that never closes ends the reasoning (forced-open thinking templates write calls that
 *   way); one followed by the block's close was a draft and stays reasoning. Text from such a start is
 *   held until the close or the end decides, so it streams late.
 *
 * The rules every member follows are `XmlParametersParser`'s.
 */
export interface XmlParametersConfig {
  readonly sectionStart: readonly string[];
  readonly sectionEnd: readonly string[];
  readonly separators?: readonly string[];
  readonly bareCalls: boolean;
  readonly callStart: string;
  readonly callEnd: string;
  readonly parameterStart: string;
  readonly parameterEnd: string;
  readonly trimNewline: boolean;
  readonly implicitParameterEnd: boolean | 'parameter';
  readonly cdata?: boolean;
  readonly stringAttribute?: boolean;
  readonly dropStrayClosers?: boolean;
  readonly proseMentions?: boolean;
  readonly reasoning?: ReasoningTags;
  readonly callsInReasoning?: boolean;
}
