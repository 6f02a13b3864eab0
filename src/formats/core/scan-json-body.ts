import type { JsonScanner } from '../../json/json-scanner.js';
import type { Cursor } from './base-parser.js';
import {
  consumableEnd,
  findEarliestMarker,
  type MarkerMatch,
  type MarkerSearch,
  noMarkerFrom,
} from './markers.js';

/**
 * Where `scanJsonBody` stopped:
 * - `'json'`: the JSON value is complete; the cursor is just after it.
 * - a `MarkerMatch`: one of the markers, outside any JSON string, while the value is still open (the
 *   JSON is malformed); the cursor is AT the marker (not consumed), so the caller decides what the
 *   marker means.
 * - `'cut-off'`: `cursor.final` and the text ended inside the value; all of it is consumed.
 * - `undefined`: more text is needed; all of it is consumed except a suffix that could start a marker.
 */
export type JsonBodyStop = 'json' | 'cut-off' | MarkerMatch | undefined;

/**
 * Feeds `scanner` (already started on the body) with the text from the cursor up to the earliest of
 * `markers`, consuming each piece with `takeBody(cursor, end)` (which must move the cursor to `end`; a
 * function made once per parser, not per push). A marker
 * found while the scanner is inside a JSON string is data: it is scanned and consumed as body, and the
 * search goes on. `search`, when given, is a `MarkerSearch` over the same `markers`, for formats that
 * search one text many times. `initial`, when given, is `sharedInitial(markers)`: a rest without that
 * character is consumed without a marker search (the usual streamed chunk).
 */
export function scanJsonBody(
  cursor: Cursor,
  scanner: JsonScanner,
  markers: readonly string[],
  takeBody: (cursor: Cursor, end: number) => void,
  search?: MarkerSearch,
  initial?: string,
): JsonBodyStop {
  const text = cursor.text;
  let from = cursor.position;
  if (!cursor.final && scanner.inString) {
    // Inside a string every marker is data: a chunk that stays in the string needs no search.
    from = scanner.skipString(text, from, text.length);
    if (from === text.length) {
      takeBody(cursor, from);
      return undefined;
    }
  }
  for (;;) {
    const none = initial !== undefined && noMarkerFrom(text, from, initial);
    const match = none
      ? undefined
      : search
        ? search.find(text, from)
        : findEarliestMarker(text, from, markers);
    const limit = none ? text.length : consumableEnd(text, from, markers, match, cursor.final);
    const completed = scanner.scan(text, from, limit);
    if (completed >= 0) {
      takeBody(cursor, completed);
      return 'json';
    }
    takeBody(cursor, limit);
    if (!match) return cursor.final ? 'cut-off' : undefined;
    if (!scanner.inString) return match;
    // A marker inside a JSON string is data.
    scanner.scan(text, match.index, match.index + match.marker.length);
    takeBody(cursor, match.index + match.marker.length);
    from = cursor.position;
  }
}
