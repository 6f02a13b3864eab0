/**
 * A call start met inside a parameter value of a format with implicit value ends (Qwen3-Coder's
 * `<function=`): the model began a new call without closing the value and its call, or the value only
 * holds text that looks like a call start (`Use <function=NAME> to call.`). The reading that needs no
 * repair wins: when the value's own closing tag comes before any other parameter, call or section tag,
 * the call start is text of the value. Only `maxCallStartLookahead` code units after it are read for
 * that, so the work and the text held back stay bounded.
 */

import { findEarliestMarker } from '../../core/markers.js';

/** How far past a call start in a value its closing tag is looked for (UTF-16 code units). */
export const maxCallStartLookahead = 4096;

/**
 * Whether the call start ending at `from` in `text` is text of the value (`true`) or starts a new
 * call (`false`): `true` when the first of `stops` after it is `parameterEnd` and begins within
 * `maxCallStartLookahead`. `stops` holds `parameterEnd` and every tag that would end the value
 * otherwise. A number: not known until more text comes (never with `final`); where to search from
 * then, relative to `from` (`searchFrom` is that of the search before, so no text is searched twice).
 */
export function callStartIsText(
  text: string,
  from: number,
  searchFrom: number,
  stops: readonly string[],
  parameterEnd: string,
  final: boolean,
): boolean | number {
  const limit = from + maxCallStartLookahead;
  const match = findEarliestMarker(text, searchFrom, stops);
  if (match !== undefined) return match.index < limit && match.marker === parameterEnd;
  const longest = Math.max(...stops.map((stop) => stop.length));
  if (final || text.length >= limit + longest) return false;
  // A stop may begin in the last `longest - 1` code units, cut by the end of the text.
  return Math.max(searchFrom, text.length - longest + 1) - from;
}
