import { isMarkerPrefix } from './markers.js';

// Which marker starts right at a position (structural tags read one after another, unlike the
// searches of `markers.ts`): the longest one, and whether a longer one may still arrive with more text.

/** The longest of `markers` that starts at `position`, if any. */
export function longestMarkerAt(
  text: string,
  position: number,
  markers: readonly string[],
): string | undefined {
  let found: string | undefined;
  for (const marker of markers) {
    if (text.startsWith(marker, position) && (found === undefined || marker.length > found.length))
      found = marker;
  }
  return found;
}

/**
 * Does the text from `position` to its end start a marker longer than `found` (any marker when
 * `found` is undefined)? Then the text ends before the markers can be told apart.
 */
export function startsLongerMarker(
  text: string,
  position: number,
  found: string | undefined,
  markers: readonly string[],
): boolean {
  const rest = text.length - position;
  const minimum = found === undefined ? 0 : found.length;
  // A loop, not `some` with a closure: streamed one character a push, this runs on most pushes.
  for (const marker of markers) {
    if (marker.length > minimum && rest < marker.length && isMarkerPrefix(text, position, marker))
      return true;
  }
  return false;
}

/**
 * The longest of `markers` that starts at `position`; `'wait'` when the text ends before a longer
 * marker could be told apart (```` ``` ```` vs ```` ```json ````), unless `final`.
 */
export function startingMarker(
  text: string,
  position: number,
  markers: readonly string[],
  final: boolean,
): string | 'wait' | undefined {
  const found = longestMarkerAt(text, position, markers);
  if (!final && startsLongerMarker(text, position, found, markers)) return 'wait';
  return found;
}
