/**
 * A bounded look-ahead for "the reading that needs no repair": something met inside an open value
 * (a call start in a Qwen3-Coder value, a control token in a Muse value) is text of that value when
 * the value's own closing tag comes before anything that would end the value otherwise.
 */

import { findEarliestMarker } from './markers.js';

/**
 * Whether `stops[0]` (the value's closing tag) is the first of `stops` in `text` after `from`, beginning
 * within `limit` code units of it: `true` / `false`. A number: not known until more text comes (never
 * with `final`); where to search from then, relative to `from`. `searchFrom` (at least `from`) is that
 * of the search before, so no text is searched twice while it streams in.
 */
export function closerComesFirst(
  text: string,
  from: number,
  searchFrom: number,
  stops: readonly string[],
  limit: number,
  final: boolean,
): boolean | number {
  const match = findEarliestMarker(text, searchFrom, stops);
  if (match !== undefined) return match.index < from + limit && match.marker === stops[0];
  const longest = Math.max(...stops.map((stop) => stop.length));
  if (final || text.length >= from + limit + longest) return false;
  // A stop may begin in the last `longest - 1` code units, cut by the end of the text.
  return Math.max(searchFrom, text.length - longest + 1) - from;
}
