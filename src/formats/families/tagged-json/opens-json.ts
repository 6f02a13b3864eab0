/**
 * What follows a tagged-JSON start marker, read ahead of consuming it: a Markdown fence opener
 * (`skipFenceOpener`), whether a JSON value opens there (`opensJson`, for `startNeedsJson`), a call
 * array at the output's start (`opensCallArray`), and a whole body in the text (`wholeBody`).
 */

import { isWhitespace } from '../../../internal/whitespace.js';
import { findEarliestMarker, isMarkerPrefix, type MarkerMatch } from '../../core/markers.js';
import type { CallKeys } from './call-object.js';
import { nameThenArguments, usualValue } from './name-then-arguments.js';

/** How much whitespace (and fence language tag) a start marker's lookahead reads before giving up. */
export const maxLookahead = 64;
export const fenceMark = '```';

const isLetter = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);

/**
 * `startNeedsJson`: does a JSON value (`{` or `[`) follow the start marker ending at `from`, after
 * whitespace and, with `fence` (the format's flag), a fence opener? `undefined` when the text ends before that is known.
 */
export function opensJson(text: string, from: number, final: boolean, fence: boolean): boolean | undefined {
  let position = from;
  while (position < text.length && isWhitespace(text.charCodeAt(position))) {
    if (++position - from > maxLookahead) return false;
  }
  if (fence) {
    const afterFence = skipFenceOpener(text, position, final);
    if (afterFence === undefined) return undefined;
    if (afterFence > position) {
      position = afterFence;
      while (position < text.length && isWhitespace(text.charCodeAt(position))) {
        if (++position - afterFence > maxLookahead) return false;
      }
    }
  }
  if (position === text.length) return final ? false : undefined;
  const code = text.charCodeAt(position);
  return code === 0x7b /* { */ || code === 0x5b /* [ */;
}

/**
 * The position after a fence opener (`` ``` `` or `` ```json ``) at `position`,
 * `position` itself when there is none, `undefined` when the text ends before that is known.
 */
export function skipFenceOpener(text: string, position: number, final: boolean): number | undefined {
  if (text.startsWith(fenceMark, position)) {
    let after = position + fenceMark.length;
    while (after < text.length && after - position <= maxLookahead && isLetter(text.charCodeAt(after)))
      after++;
    if (after === text.length && !final) return undefined;
    // Only a bare or `json` fence is structure: another language tag is the model's text, which
    // would be dropped with the fence (issue 15); such a fence is no opener.
    const tag = text.slice(position + fenceMark.length, after);
    return tag === '' || tag === 'json' ? after : position;
  }
  if (!final && isMarkerPrefix(text, position, fenceMark)) return undefined;
  return position;
}

/**
 * `bareArrayAtStart`: whether the `[` at `position` opens a call array (`{` follows it, after at most
 * `maxLookahead` whitespace); `undefined` when the text ends before that is known.
 */
export function opensCallArray(text: string, position: number, final: boolean): boolean | undefined {
  let next = position + 1;
  while (next < text.length && next - position <= maxLookahead && isWhitespace(text.charCodeAt(next))) next++;
  if (next === text.length && !final) return undefined;
  return text.charCodeAt(next) === 0x7b; /* { */
}

/**
 * The body from `from` to the first of the end `markers` in `text` when it is valid JSON (then no
 * marker can be inside one of its strings, so that is the body): its end (before the whitespace ahead
 * of the marker), the marker and the value; `unique`: the body is the usual name and arguments object
 * read by `nameThenArguments` (with `keys`), each member once. `notJson`: the text up to the marker is not JSON;
 * `undefined`: no marker in `text`.
 */
export function wholeBody(
  text: string,
  from: number,
  markers: readonly string[],
  keys: CallKeys,
):
  | { bodyEnd: number; match: MarkerMatch; value: unknown; unique: boolean }
  | { notJson: string }
  | undefined {
  const match = findEarliestMarker(text, from, markers);
  if (!match) return undefined;
  let bodyEnd = match.index;
  while (bodyEnd > from && isWhitespace(text.charCodeAt(bodyEnd - 1))) bodyEnd--;
  const usual = nameThenArguments(text, from, bodyEnd, keys);
  if (usual !== undefined) return { bodyEnd, match, value: usualValue(usual), unique: true };
  const bodyText = text.slice(from, bodyEnd);
  try {
    return { bodyEnd, match, value: JSON.parse(bodyText) as unknown, unique: false };
  } catch {
    return { notJson: bodyText };
  }
}
