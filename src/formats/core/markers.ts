/** Where a marker was found: `index` is a UTF-16 offset into the searched text. */
export interface MarkerMatch {
  readonly index: number;
  readonly marker: string;
}

/**
 * The earliest occurrence at or after `from` of any of `markers` (ties go to the longer marker, so
 * `<tool_calls>` wins over `<tool_call`).
 *
 * Parsers search the same text again and again from growing offsets; a marker that does not occur
 * (say `<think>` in a 1 MB output with 900 calls) would otherwise be searched to the end each time,
 * which is quadratic. So the answer for each marker is remembered for the last text searched: an
 * occurrence at `i` found from `f` is still the answer from any `f' in [f, i]`, and "none from `f`"
 * holds for any `f' >= f`.
 */
export function findEarliestMarker(
  text: string,
  from: number,
  markers: readonly string[],
): MarkerMatch | undefined {
  if (text !== memoText) {
    memoText = text;
    memo.clear();
  }
  let best: MarkerMatch | undefined;
  for (const marker of markers) {
    const index = indexOfMemo(text, marker, from);
    if (index < 0) continue;
    if (
      best === undefined ||
      index < best.index ||
      (index === best.index && marker.length > best.marker.length)
    ) {
      best = { index, marker };
    }
  }
  return best;
}

let memoText = '';
/** marker → [from, index] of its last search in `memoText`. */
const memo = new Map<string, [number, number]>();

function indexOfMemo(text: string, marker: string, from: number): number {
  const entry = memo.get(marker);
  if (entry !== undefined && from >= entry[0] && (entry[1] < 0 || from <= entry[1])) return entry[1];
  const index = text.indexOf(marker, from);
  if (entry === undefined) memo.set(marker, [from, index]);
  else {
    entry[0] = from;
    entry[1] = index;
  }
  return index;
}

/**
 * How many code units at the end of `text` (not before `from`) could be the start of one of
 * `markers` and must be held back until more text arrives. Only the tail window of the longest
 * marker is examined, so the cost does not grow with `text`.
 */
export function heldBackLength(text: string, from: number, markers: readonly string[]): number {
  let longest = 0;
  const end = text.length;
  for (const marker of markers) {
    const window = Math.min(marker.length - 1, end - from);
    if (window <= longest) continue;
    const first = marker.charCodeAt(0);
    for (let start = end - window; start < end - longest; start++) {
      if (text.charCodeAt(start) !== first) continue;
      if (marker.startsWith(text.slice(start, end))) {
        longest = end - start;
        break;
      }
    }
  }
  return longest;
}

/** Is `text` (from `from` on) a proper prefix of `marker`? */
export function isMarkerPrefix(text: string, from: number, marker: string): boolean {
  const length = text.length - from;
  return length < marker.length && marker.startsWith(from === 0 ? text : text.slice(from));
}
