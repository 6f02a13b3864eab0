import type { ReasoningTags } from '../../core/base-parser.js';

/**
 * Family core for formats that write a call as a name followed by key/value tag pairs:
 * `<tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value>…</tool_call>` (GLM-4.5/4.6/4.7/5,
 * Poolside v1), optionally inside a section wrapper and with a separator after the name
 * (`<tool_calls><tool_call>NAME<tool_sep>…</tool_call></tool_calls>`, Tencent HY-v3).
 *
 * - `callStart` / `callEnd`: the markers around one call.
 * - `sectionStart` / `sectionEnd`: an optional wrapper around the calls; whitespace between the
 *   wrapper and the calls is layout (markup). Calls are also accepted without the wrapper.
 * - `nameEnd`: a marker written after the name (`<tool_sep>`); optional in the text. Without it the
 *   name ends at the first line break, key tag or `callEnd`.
 * - `keyOpen` / `keyClose` / `valueOpen` / `valueClose`: the pair tags.
 * - `nameWithSpaces`: the name is the whole first line and may hold spaces (Poolside's parser keeps
 *   `get weather`); otherwise it is the first word.
 * - Values are kept verbatim (string values keep their whitespace); typing by the schema trims
 *   number/boolean/null/object text.
 * - `decodeEscapedJson`: a value whose schema wants an object or array and that is written as
 *   backslash-escaped JSON (`[{\"id\": \"1\"}]`) is unescaped once before decoding (SGLang GLM).
 * - `reasoning`: reasoning tags recognised in text mode.
 * - `callsInReasoning`: a section or call start inside a reasoning block that never closes ends the
 *   reasoning there and opens the call (Poolside Laguna writes calls before `</think>`); a block that
 *   does close only quoted it (see `HeldReasoning`).
 * - `proseMentions`: a call start followed by text that is no name alone (`I will use <tool_call>
 *   later, maybe.`) is a call (invalid) only when a tag or the call end follows; when the next call
 *   start or the end of the output comes first (unless the output was cut off: `finishReason:
 *   'length'`), the marker was mentioned in prose, and it and the text stay content or reasoning.
 *   That text streams late.
 *
 * Streaming: the call is announced once its name is read; its arguments stream as members, a number,
 * boolean or string sent when its value ends (`"key":value`, typed by the schema; objects and arrays
 * wait for the last delta), a value whose schema keeps its raw text (or
 * with no tools) character by character as it arrives. With tools, only members the tool's schema
 * declares stream early; the call's last delta sends what alignment changed or added, then `}`.
 */
export interface ArgKeyValueConfig {
  readonly callStart: string;
  readonly callEnd: string;
  readonly sectionStart?: string;
  readonly sectionEnd?: string;
  readonly nameEnd?: string;
  readonly keyOpen: string;
  readonly keyClose: string;
  readonly valueOpen: string;
  readonly valueClose: string;
  readonly nameWithSpaces?: boolean;
  readonly decodeEscapedJson?: boolean;
  readonly reasoning?: ReasoningTags;
  readonly callsInReasoning?: boolean;
  readonly proseMentions?: boolean;
}
