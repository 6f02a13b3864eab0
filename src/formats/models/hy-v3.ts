/**
 * `hy_v3`: Tencent Hy3 / HY-v3 calls: key/value tag pairs after a `<tool_sep>`, inside a
 * `<tool_calls>` section.
 *
 * ```text
 * Checking.<tool_calls>
 * <tool_call>get_weather<tool_sep>
 * <arg_key>city</arg_key>
 * <arg_value>Beijing</arg_value>
 * </tool_call>
 * </tool_calls>
 * ```
 *
 * - Parallel calls: several `<tool_call>…</tool_call>` in one `<tool_calls>` section; whitespace
 *   between the section markers and the calls is layout.
 * - Arguments: the name is the text before `<tool_sep>`; each `<arg_key>K</arg_key>` is followed by
 *   `<arg_value>V</arg_value>` holding the raw value, typed by the tool's JSON Schema when tools are
 *   given (`anyOf`/`oneOf`, type arrays, the aliases `int`, `float`, `str`, `bool`, `dict`, `list` and
 *   vLLM's prefix rules `int*`/`uint*`/`long*` → integer, `num*`/`float*` → number: the schema layer's
 *   `canonicalTypeName`), else kept as a string. `<tool_call>NAME<tool_sep></tool_call>` is a call without arguments.
 * - Reasoning: `<think>…</think>` goes to `reasoning`.
 * - Tolerated: a missing `<tool_calls>` wrapper or `</tool_calls>`, a missing `<tool_sep>`, a missing
 *   `</arg_value>` (the value ends at the next key or `</tool_call>`), a missing `</tool_call>` before
 *   the next call or the section end. A call cut off at the end of the output, a key without a value or
 *   text other than pairs inside a call makes an InvalidToolCall; with tools given, an unknown name is
 *   an InvalidToolCall `unknown_tool`.
 * - Deliberately not done: text after the section stays content (vLLM keeps only the text before it).
 *
 * Checked against: vLLM `hy_v3_tool_parser.py` and `tests/tool_parsers/test_hy_v3_tool_parser.py`;
 * see `../shared/docs/formats.md` F7.
 */
import { argKeyValueEnvelope } from '../core/envelopes.js';
import { type ArgKeyValueConfig, ArgKeyValueParser } from '../families/arg-key-value.js';
import type { FormatDefinition } from '../format-definition.js';
import { glmTags } from './glm45.js';

const config: ArgKeyValueConfig = {
  ...glmTags,
  sectionStart: '<tool_calls>',
  sectionEnd: '</tool_calls>',
  nameEnd: '<tool_sep>',
};

/** The `hy_v3` format; `create()` returns an incremental parser that never throws on model text. */
export const hyV3: FormatDefinition = {
  id: 'hy_v3',
  aliases: [],
  description: 'Tencent HY-v3 <tool_calls><tool_call>NAME<tool_sep> with <arg_key>/<arg_value> pairs',
  models: ['hy3', 'hy-v3', 'hunyuan-v3'],
  markers: [
    '<tool_calls>',
    '</tool_calls>',
    '<tool_call>',
    '</tool_call>',
    '<tool_sep>',
    '<arg_key>',
    '</arg_key>',
    '<arg_value>',
    '</arg_value>',
    '<think>',
    '</think>',
  ],
  example:
    '<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call></tool_calls>',
  envelope: argKeyValueEnvelope({
    section: { open: '<tool_calls>', close: '</tool_calls>' },
    callOpen: '<tool_call>{name}<tool_sep>',
    callClose: '</tool_call>',
  }),
  create: (options) => new ArgKeyValueParser(config, options),
};
