/**
 * What a tagged-JSON format configures (see `TaggedJsonParser`): its markers, where its call objects
 * keep their parts, and which shapes around the JSON its output may take.
 */

import type { ReasoningTags } from '../../core/base-parser.js';

/**
 * The configuration of the tagged-JSON family core:
 * - `start`: markers that open a call section (the first one is canonical).
 * - `end`: markers that close it; optional in the text (a missing end marker at the end of the output,
 *   or before the next start marker, still yields the call).
 * - `nameKeys` / `argumentKeys` / `idKeys`: where a call object keeps its parts, first match wins. In
 *   a body that starts with its name, only an id written right after the name is the call's id: the
 *   call is announced to streaming consumers at that point, so an id further on is not used (in every
 *   chunking and in whole-text parsing alike). When the member after the name (and id) is the
 *   arguments object, its text streams as it arrives (through an `ArgumentStreamer`: string members
 *   pass through, the rest comes aligned in the call's last delta). An object body that gives its
 *   arguments more than once (an argument key twice, or two of them) is an `InvalidToolCall` with code
 *   `conflicting_arguments`: which one counts would be a guess, and the first may have streamed.
 * - `nameIsKey`: the call object is `{ NAME: {arguments} }` (Apertus).
 * - `reasoning`: reasoning tags recognised in text mode.
 * - `callsInReasoning`: a start marker inside a reasoning block that never closes ends the reasoning
 *   there and opens a call (Qwen3 thinking models write calls before `</think>`, vLLM #42021); a block
 *   that does close only quoted it (all reasoning). The text from the marker on waits for the close tag
 *   or the end of the output to tell which (`HeldReasoning`).
 * - `proseMentions`: a start marker followed by text that is no JSON body is a call (invalid) only when
 *   an end marker closes that text; when the next marker, a reasoning tag or the end of the output
 *   comes first (unless the output was cut off: `finishReason: 'length'`), the marker was mentioned in
 *   prose, and it and the text stay where they are, content or reasoning (LM Studio #1592). That text
 *   waits for the decision, so it streams late.
 * - `startNeedsJson`: a start marker counts only when (after whitespace, and a fence when `fence` is
 *   set) a JSON object or array follows; otherwise the marker is ordinary content (for plain-word
 *   markers like `functools` or `Action:`). Default false: a start marker always opens a call, and a
 *   body that is not JSON is an invalid call.
 * - `fence`: the body may be wrapped in a Markdown code fence (`` ```json `` … `` ``` ``) after the
 *   start marker (Command R+); both fence lines are structure of the call. A start marker that is
 *   itself a fence opener (xLAM's `` ```json ``) is always closed by a fence, without this flag.
 * - `bareArrayAtStart`: a JSON array of objects (`[` then `{`) at the start of the output, after
 *   whitespace and reasoning blocks only, is a call section without a start marker (xLAM).
 * - `dropMarkers`: structural markers outside calls (turn tokens, answer tags) that are dropped from
 *   content (kept as markup).
 * - `openEndedStarts`: start markers whose sections need no end marker, where `end` pairs with the
 *   other starts only (xLAM's `[TOOL_CALLS]`, beside its `<tool_call>` … `</tool_call>`): such a call
 *   ending without one gets no `missing_end_marker` repair. A start that is a fence opener needs none
 *   once its closing fence is read, and neither does a bare array (`bareArrayAtStart`).
 * - `endsWithOutput`: the format's calls need no end marker (the output's end ends them: Granite 3's
 *   `<|tool_call|>[…]`, Phi-4-mini, GigaChat's `</s>` that servers strip), so a call that ends with the
 *   output gets no `missing_end_marker` repair.
 *
 * All offsets and lengths are UTF-16 code units.
 */
export interface TaggedJsonConfig {
  readonly start: readonly string[];
  readonly end: readonly string[];
  readonly nameKeys?: readonly string[];
  readonly argumentKeys?: readonly string[];
  readonly idKeys?: readonly string[];
  readonly nameIsKey?: boolean;
  readonly reasoning?: ReasoningTags;
  readonly callsInReasoning?: boolean;
  readonly proseMentions?: boolean;
  readonly startNeedsJson?: boolean;
  readonly fence?: boolean;
  readonly bareArrayAtStart?: boolean;
  readonly dropMarkers?: readonly string[];
  readonly endsWithOutput?: boolean;
  readonly openEndedStarts?: readonly string[];
}
