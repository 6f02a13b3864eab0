import type { JsonRepair } from '../../json/json-repair.js';
import type { ToolCallIssue, ToolCallRepair } from '../../types/tool-call.js';
import type { CallParts } from './call-parts.js';

/**
 * Every repair one call needed, in text order (repairs without a position last): the family core's
 * (`CallParts.repairs`), the lenient JSON parser's on the argument text (`jsonRepairs`, offsets into
 * `parts.argumentsText`, moved to offsets into `raw` where that text is found in it, else given
 * without a position), the closing brackets `finish()` fed for `finishReason: 'stop'` (`fed`), and a
 * `missing_end_marker` when the output ended before the call did (`missingEndMarker`; not twice when
 * the family core already said so). Positions are UTF-16 offsets into `raw`.
 */
export function callRepairs(
  parts: CallParts,
  jsonRepairs: readonly ToolCallRepair[] | undefined,
  raw: string,
  ended: { readonly missingEndMarker: boolean; readonly fed: string },
): readonly ToolCallRepair[] {
  const own = parts.repairs;
  const fromJson = jsonRepairs !== undefined && jsonRepairs.length > 0;
  // The usual call: nothing repaired (no arrays made).
  if ((own === undefined || own.length === 0) && !fromJson && ended.fed === '' && !ended.missingEndMarker)
    return noRepairs;
  const repairs: ToolCallRepair[] = [];
  // The end marker comes after everything else at the end of the call, the fed brackets included.
  let ownEnd: ToolCallRepair[] | undefined;
  for (const repair of own ?? noRepairs) {
    // A family core places a missing end marker at the end of the call text it saw, which for
    // `finishReason: 'stop'` includes the closing brackets `finish()` fed; those are not in `raw`.
    const placed =
      repair.position !== undefined && repair.position > raw.length
        ? { ...repair, position: raw.length }
        : repair;
    if (placed.kind === 'missing_end_marker') {
      ownEnd ??= [];
      ownEnd.push(placed);
    } else repairs.push(placed);
  }
  if (fromJson) {
    const offset = parts.argumentsText === undefined ? -1 : raw.indexOf(parts.argumentsText);
    for (const repair of jsonRepairs) {
      repairs.push(
        offset >= 0 && repair.position !== undefined
          ? { kind: repair.kind, position: offset + repair.position }
          : { kind: repair.kind },
      );
    }
  }
  if (ended.fed !== '') repairs.push(missingClosingBracket(raw.length, ended.fed));
  if (ownEnd !== undefined) repairs.push(...ownEnd);
  else if (ended.missingEndMarker) {
    repairs.push({
      kind: 'missing_end_marker',
      position: raw.length,
      message: "the output ended before the call's end marker",
    });
  }
  return inPositionOrder(repairs) ? repairs : repairs.sort(byPosition);
}

const noRepairs: readonly ToolCallRepair[] = [];

/** Text order; repairs without a position last (the sort is stable: ties keep their order). */
function byPosition(a: ToolCallRepair, b: ToolCallRepair): number {
  return (a.position ?? Number.MAX_VALUE) - (b.position ?? Number.MAX_VALUE);
}

/** Whether `repairs` already are in `byPosition` order (the usual case: then no sort). */
function inPositionOrder(repairs: readonly ToolCallRepair[]): boolean {
  for (let index = 1; index < repairs.length; index++)
    if (byPosition(repairs[index - 1] as ToolCallRepair, repairs[index] as ToolCallRepair) > 0) return false;
  return true;
}

/** `finishReason: 'length'`: a call the output's end cut off (its end marker missing) is invalid. */
export function cutOffByLength(repairs: readonly ToolCallRepair[]): ToolCallIssue | undefined {
  if (!repairs.some((repair) => repair.kind === 'missing_end_marker')) return undefined;
  return {
    code: 'incomplete_tool_call',
    message: 'the tool call is cut off at the token limit (finishReason "length") before its end marker',
  };
}

/** `strictFormat: true`: a call that needed any repair is invalid, code `format_not_followed`. */
export function formatNotFollowed(repairs: readonly ToolCallRepair[]): ToolCallIssue | undefined {
  if (repairs.length === 0) return undefined;
  const kinds = [...new Set(repairs.map((repair) => repair.kind))].join(', ');
  return {
    code: 'format_not_followed',
    message: `the tool call does not follow the format (strictFormat): it needed repairs (${kinds})`,
  };
}

/**
 * `parts` with the lenient JSON parser's `repairs` of the call's body added to its `repairs`, their
 * positions moved by `offset` (where the parsed text starts in the call's raw text; negative when it is
 * not there: the repairs then have no position). For family cores that decode a whole body (name and
 * arguments) themselves. `parts` itself when nothing was repaired.
 */
export function withJsonRepairs<T extends CallParts>(
  parts: T,
  repairs: readonly JsonRepair[] | undefined,
  offset: number,
): T {
  if (repairs === undefined || repairs.length === 0) return parts;
  const moved: ToolCallRepair[] = repairs.map(({ kind, position }) =>
    offset >= 0 ? { kind, position: offset + position } : { kind },
  );
  return { ...parts, repairs: parts.repairs ? [...parts.repairs, ...moved] : moved };
}

/**
 * The repair of a call whose closing brackets `fed` the model never wrote (`finish()` fed them, for
 * `finishReason: 'stop'`), at `position`, the end of the call's raw text.
 */
export function missingClosingBracket(position: number, fed: string): ToolCallRepair {
  return {
    kind: 'missing_closing_bracket',
    position,
    message: `the output ended before the call's closing ${JSON.stringify(fed)}`,
  };
}
