/**
 * A call found in a text with the span it came from, and its JSON repairs: shared out among the calls
 * of one value (`withValueRepairs`) and moved to offsets into each call's raw text (`foundCallParts`,
 * `callShares`).
 */

import type { JsonRepair } from '../../../json/json-repair.js';
import type { ToolCallRepair } from '../../../types/tool-call.js';
import type { CallParts } from '../../core/base-parser.js';

/** One call found in a text, with the `[start, end)` span (UTF-16 offsets) of the text it came from. */
export interface FoundCall {
  readonly parts: CallParts;
  readonly start: number;
  readonly end: number;
  /** The lenient JSON parser's repairs of the text the call was read from, at offsets into that text. */
  readonly repairs?: readonly FoundRepair[];
  /** Why the call is invalid though named: members that may hold its arguments were not read. */
  readonly unread?: string;
}

/** A repair of a found call's text: its kind (a `JsonRepairKind`) and offset into that text. */
interface FoundRepair {
  readonly kind: ToolCallRepair['kind'];
  readonly position: number;
}

/**
 * `calls`, all read from one JSON value, with that value's `repairs` (offsets into the value's text,
 * which starts at `offset` of the calls' text) shared out in text order: each repair goes to the last
 * call that starts at or before it, else to the first, so every repair is said once (issue 14).
 */
export function withValueRepairs(
  calls: readonly FoundCall[],
  repairs: readonly JsonRepair[],
  offset: number,
): FoundCall[] {
  if (repairs.length === 0 || calls.length === 0) return [...calls];
  const shares: FoundRepair[][] = calls.map(() => []);
  for (const { kind, position } of repairs) {
    const at = offset + position;
    let owner = 0;
    calls.forEach((call, index) => {
      if (call.start <= at) owner = index;
    });
    (shares[owner] as FoundRepair[]).push({ kind, position: at });
  }
  return calls.map((call, index) => {
    const share = shares[index] as FoundRepair[];
    return share.length === 0 ? call : { ...call, repairs: [...(call.repairs ?? []), ...share] };
  });
}

/**
 * The parts of `call` for a raw text that starts at `boundary` of the calls' text and is `length`
 * long: its repairs moved to offsets into that raw text, without a position when outside it.
 */
export function foundCallParts(call: FoundCall, boundary: number, length: number): CallParts {
  if (!call.repairs || call.repairs.length === 0) return call.parts;
  const moved: ToolCallRepair[] = call.repairs.map(({ kind, position }) => {
    const at = position - boundary;
    return at >= 0 && at <= length ? { kind, position: at } : { kind };
  });
  return { ...call.parts, repairs: [...(call.parts.repairs ?? []), ...moved] };
}

/**
 * Each of `calls` (found in `raw`, a block's text) with its contiguous share of `raw[0, end)` as its
 * raw text, in order; `unclosed`: the block never closed, so the last call gets a
 * `missing_end_marker` repair at the end of its share.
 */
export function callShares(
  raw: string,
  calls: readonly FoundCall[],
  end: number,
  unclosed: boolean,
): Array<{ parts: CallParts; raw: string; unread?: string }> {
  const shares: Array<{ parts: CallParts; raw: string; unread?: string }> = [];
  let boundary = 0;
  calls.forEach((call, index) => {
    const last = index === calls.length - 1;
    const callEnd = last ? end : Math.max(boundary, call.end);
    let parts = foundCallParts(call, boundary, callEnd - boundary);
    if (last && unclosed) {
      const missing = {
        kind: 'missing_end_marker',
        position: callEnd - boundary,
        message: 'the call has no closing tag',
      };
      parts = { ...parts, repairs: [...(parts.repairs ?? []), missing] };
    }
    const share = { parts, raw: raw.slice(boundary, callEnd) };
    shares.push(call.unread === undefined ? share : { ...share, unread: call.unread });
    boundary = callEnd;
  });
  return shares;
}
