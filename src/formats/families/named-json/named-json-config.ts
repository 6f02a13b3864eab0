import type { ReasoningTags } from '../../core/base-parser.js';

/**
 * What a format of the named-JSON family sets (`NamedJsonParser` reads it), and so the family's
 * grammar. The family: formats that write a call as "NAME, then a JSON arguments object, between markers"
 * (DeepSeek V3 / R1 / V3.1, Mistral v11 compact calls, Functionary v3.1 / v3.2), optionally also a
 * JSON call object or list right after the call marker (Mistral pre-v11, Command R7B). The vocabulary
 * is llama.cpp's autoparser's (`common/chat-auto-parser.h`): section start/end, per-call start/end,
 * name prefix/suffix, arguments start/end, call-id position. Every marker list is ordered; all are
 * matched literally.
 *
 * - `sectionStart` / `sectionEnd`: a section holding the calls (`<｜tool▁calls▁begin｜>` …). Markup;
 *   whitespace between calls in a section is markup too. Both optional in the text: a call start
 *   outside a section is a call; a missing section end at the end of the output is tolerated.
 * - `callStart` / `callEnd`: one call (`<｜tool▁call▁begin｜>` … `<｜tool▁call▁end｜>`, `[TOOL_CALLS]`).
 *   `callEnd` is optional in the text (a call whose JSON is complete is kept without it).
 * - `implicitCallInSection`: right after a section start, text that is not a call start still starts a
 *   call (DeepSeek outputs that drop `<｜tool▁call▁begin｜>`).
 * - `namePrefix`: literals that may sit between the call start and the name (DeepSeek's type word
 *   `function<｜tool▁sep｜>`); optional in the text.
 * - `nameEnd`: markers that end the name and are consumed (`<｜tool▁sep｜>`, `>`, `\n`).
 * - `nameEndsAtBrace`: a `{` right after the name starts the arguments (vLLM's Mistral text without
 *   `[ARGS]`).
 * - `idStart`: a marker after the name that introduces the model's call id, which runs to the
 *   arguments start (`[CALL_ID]`, llama.cpp's `BETWEEN_FUNC_AND_ARGS`).
 * - `argsStart`: markers that may open the arguments (```` ```json ````, `[ARGS]`); optional.
 * - `argsEnd`: markers that may close the arguments (```` ``` ````); optional.
 * - `jsonBody`: right after the call start, a `{` is a JSON call object and a `[` a list of them, read
 *   with `nameKeys` / `argumentKeys` / `idKeys` (first present key wins; defaults `name`,
 *   `arguments`/`parameters`, `id`). Each list element is its own call with its own text as raw; the
 *   call start, brackets and commas are markup, so a list cut off at the end keeps its complete calls;
 *   an output that ends right after the call start and the list's `[` is an InvalidToolCall holding
 *   them (as one ending right after a section start is).
 * - `startsInCall` + `contentRecipient`: the generation prompt already wrote the call start (Functionary
 *   v3.2's `>>>`), so the output starts with a name; a name equal to `contentRecipient` (`all`) opens
 *   plain content up to the next call start. A recipient must be an identifier right after the marker
 *   ending at `nameEnd`; otherwise the marker and the line are text.
 * - `dropMarkers`: markers outside calls that are pure structure (Command R7B's response wrappers).
 * - `reasoning`: reasoning tags recognised outside calls.
 * - `callsInReasoning`: a section start or call start inside a reasoning block that never closes ends
 *   the reasoning there and opens the section or call (DeepSeek-V3.1 thinking writes calls before
 *   `</think>`, SGLang #9446); a block that does close only quoted it (see `HeldReasoning`).
 * - `proseMentions`: a call start followed by text that is no name and no JSON is a call (invalid)
 *   only when a call end closes that text; when the next call start, a section marker or the end of
 *   the output comes first (unless the output was cut off: `finishReason: 'length'`), the marker was
 *   mentioned in prose, and it and the text stay content or reasoning. That text streams late.
 *
 * The rules every member follows (names, JSON, streaming) are `NamedJsonParser`'s.
 */
export interface NamedJsonConfig {
  readonly sectionStart?: readonly string[];
  readonly sectionEnd?: readonly string[];
  readonly callStart: readonly string[];
  readonly callEnd?: readonly string[];
  readonly implicitCallInSection?: boolean;
  readonly namePrefix?: readonly string[];
  readonly nameEnd?: readonly string[];
  readonly nameEndsAtBrace?: boolean;
  readonly idStart?: string;
  readonly argsStart?: readonly string[];
  readonly argsEnd?: readonly string[];
  readonly jsonBody?: boolean;
  readonly nameKeys?: readonly string[];
  readonly argumentKeys?: readonly string[];
  readonly idKeys?: readonly string[];
  readonly startsInCall?: boolean;
  readonly contentRecipient?: string;
  readonly dropMarkers?: readonly string[];
  readonly reasoning?: ReasoningTags;
  readonly callsInReasoning?: boolean;
  readonly proseMentions?: boolean;
}
