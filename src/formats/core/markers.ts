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
  // A short rest (the usual streaming push: a held-back tail plus a small chunk) is searched
  // directly: cheaper than maintaining the memo, which a new text per push would clear anyway.
  const direct = text.length - from <= directSearchLimit;
  if (!direct) {
    if (text !== memoText) memo.clear();
    // Always the object last given: two equal long texts compare character by character (V8 hashes
    // long strings by length only), so a memo text equal to, but not the same object as, the one
    // searched would cost a full comparison per call (a second parse of the same output: quadratic).
    memoText = text;
  }
  let best: MarkerMatch | undefined;
  for (const marker of markers) {
    const index = direct ? text.indexOf(marker, from) : indexOfMemo(text, marker, from);
    if (index >= 0 && isBetterMatch(index, marker, best)) best = { index, marker };
  }
  return best;
}

/** Is `marker` at `index` a better answer than `best`: earlier, or as early and longer? */
function isBetterMatch(index: number, marker: string, best: MarkerMatch | undefined): boolean {
  return (
    best === undefined || index < best.index || (index === best.index && marker.length > best.marker.length)
  );
}

/** Rests of text up to this many code units skip the memo (see `findEarliestMarker`). */
const directSearchLimit = 256;

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
      // Compare in place (no slice per candidate: this runs on every streamed chunk).
      let offset = 1;
      while (start + offset < end && text.charCodeAt(start + offset) === marker.charCodeAt(offset)) offset++;
      if (start + offset === end) {
        longest = end - start;
        break;
      }
    }
  }
  return longest;
}

/**
 * How far the text from `from` can be consumed while looking for `markers`, given `match`, the earliest
 * of them found from `from` (if any): up to the match; without one, to the end of the text less a suffix
 * that could start a marker (see `heldBackLength`), or all of it when `final` (no more text will come).
 */
export function consumableEnd(
  text: string,
  from: number,
  markers: readonly string[],
  match: MarkerMatch | undefined,
  final: boolean,
): number {
  if (match) return match.index;
  return final ? text.length : text.length - heldBackLength(text, from, markers);
}

/**
 * The first of `markers` that starts at `position` in `text`. A loop where a parser would write
 * `markers.find((marker) => text.startsWith(marker, position))`: such a closure over the parser's
 * locals makes V8 allocate a context for the whole parsing function on every call, that is on every
 * streamed push (about 40 bytes each), whether or not the closure runs.
 */
export function markerAt(text: string, position: number, markers: readonly string[]): string | undefined {
  for (let index = 0; index < markers.length; index++) {
    const marker = markers[index] as string;
    if (text.startsWith(marker, position)) return marker;
  }
  return undefined;
}

/** Whether the text from `position` is a proper prefix of one of `markers` (a loop: see `markerAt`). */
export function markerPrefixAt(text: string, position: number, markers: readonly string[]): boolean {
  for (let index = 0; index < markers.length; index++)
    if (isMarkerPrefix(text, position, markers[index] as string)) return true;
  return false;
}

/** Is `text` (from `from` on) a proper prefix of `marker`? */
export function isMarkerPrefix(text: string, from: number, marker: string): boolean {
  const length = text.length - from;
  return length < marker.length && marker.startsWith(from === 0 ? text : text.slice(from));
}

/**
 * `findEarliestMarker` for repeated searches over one text from non-decreasing positions (many calls
 * or messages in one chunk): each marker's last occurrence (or absence) is remembered and searched
 * again only once the position has passed it, so all searches over one text cost O(text length) per
 * marker instead of re-scanning to a far or absent marker every time. The memo is keyed by the text
 * object passed (`Cursor.text`); a different text starts afresh. A search from an earlier position
 * than the last one also starts afresh.
 */
export class MarkerSearch {
  private text: string | undefined;
  private last = 0;
  private readonly found: number[];

  constructor(private readonly markers: readonly string[]) {
    this.found = markers.map(() => -2);
  }

  /** Same result as `findEarliestMarker(text, from, markers)`. */
  find(text: string, from: number): MarkerMatch | undefined {
    if (this.text !== text || from < this.last) this.found.fill(-2);
    // The object last given, as for `memoText` (see `findEarliestMarker`).
    this.text = text;
    this.last = from;
    let best: MarkerMatch | undefined;
    for (let index = 0; index < this.markers.length; index++) {
      const marker = this.markers[index]!;
      let at = this.found[index]!;
      // -2: not searched yet; -1: absent after the last search position; stale when passed.
      if (at === -2 || (at >= 0 && at < from)) {
        at = text.indexOf(marker, from);
        this.found[index] = at;
      }
      if (at >= 0 && isBetterMatch(at, marker, best)) best = { index: at, marker };
    }
    return best;
  }
}

/**
 * The first character every one of `markers` starts with (`<` for `</parameter>` and `<parameter=`),
 * `''` when there are no markers, `undefined` when they start differently. With it, a streamed piece
 * that holds no such character is known, by one `indexOf`, to hold no marker and no marker prefix.
 */
export function sharedInitial(markers: readonly string[]): string | undefined {
  const initial = markers[0]?.charAt(0) ?? '';
  return markers.every((marker) => marker !== '' && marker.charAt(0) === initial) ? initial : undefined;
}

/**
 * No marker with the `sharedInitial` `initial` can start in `text` from `from` on (see there).
 *
 * Parsers ask this of one long text from growing offsets (a whole-text parse of 40,000 cut calls asks
 * it once per call); an `initial` that does not occur in the rest would be searched to the end each
 * time, which is quadratic (issue 15: 1 MB of `[TOOL_CALLS]` for xLAM, 5 s). So, as in
 * `findEarliestMarker`, the last answer per initial is remembered for the last long text searched.
 */
export function noMarkerFrom(text: string, from: number, initial: string | undefined): boolean {
  if (initial === undefined) return false;
  if (initial === '') return true;
  const end = text.length;
  if (end - from > directSearchLimit) return indexOfInitial(text, initial, from) < 0;
  if (end - from > 16) return text.indexOf(initial, from) < 0;
  // A streamed chunk is short: comparing its codes beats calling `indexOf`.
  const code = initial.charCodeAt(0);
  for (let index = from; index < end; index++) if (text.charCodeAt(index) === code) return false;
  return true;
}

let initialMemoText = '';
/** initial → [from, index] of its last search in `initialMemoText` (as `memo` for markers). */
const initialMemo = new Map<string, [number, number]>();

function indexOfInitial(text: string, initial: string, from: number): number {
  if (text !== initialMemoText) initialMemo.clear();
  // The object last given, as for `memoText` (see `findEarliestMarker`).
  initialMemoText = text;
  const entry = initialMemo.get(initial);
  if (entry !== undefined && from >= entry[0] && (entry[1] < 0 || from <= entry[1])) return entry[1];
  const index = text.indexOf(initial, from);
  if (entry === undefined) initialMemo.set(initial, [from, index]);
  else {
    entry[0] = from;
    entry[1] = index;
  }
  return index;
}
