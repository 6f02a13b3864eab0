/**
 * What follows a tagged-JSON start marker, read ahead of consuming it: a Markdown fence opener
 * (`skipFenceOpener`) and whether a JSON value opens there (`opensJson`, for `startNeedsJson`).
 */

import { isWhitespace } from '../../../internal/whitespace.js';
import { isMarkerPrefix } from '../../core/markers.js';

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
