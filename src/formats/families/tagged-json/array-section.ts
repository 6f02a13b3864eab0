/**
 * Lays out a tagged-JSON array section (`START [{…}, {…}] END`): the span of each element in the
 * body, and each element's raw text with the structure (markers, fences, brackets, commas,
 * whitespace) between them, which is markup.
 */

import { isWhitespace } from '../../../internal/whitespace.js';
import { scanJsonValueEnd } from '../../../json/json-scanner.js';

/** One element of an array section: the structure before it (markup) and its raw text. */
export interface ElementPiece {
  readonly structure: string;
  raw: string;
}

/**
 * `[start, end)` of each element of the array body `bodyText`, which decoded to `count` elements,
 * when they are separate JSON values with only whitespace and commas between them (and the closing
 * `]` after the last); `undefined` otherwise (bare words, repaired text: then some text would be
 * neither a call nor structure).
 */
export function arrayElementSpans(bodyText: string, count: number): Array<[number, number]> | undefined {
  const spans = elementSpans(bodyText);
  return spansCoverArray(bodyText, spans, count) ? spans : undefined;
}

/**
 * `arrayElementSpans` of an array body that `JSON.parse` read whole (`count` elements), from the
 * offsets of its depth-1 `commas` (`JsonScanner.arrayCommas` of the scan that found the body): each
 * element is the text between two separators without its whitespace, so the body is not scanned a
 * second time (a sixth of a batch parse of array sections). `undefined` when the commas are not the
 * `count - 1` separators of a `[…]` body; the caller then scans.
 */
export function arraySpansFromCommas(
  bodyText: string,
  count: number,
  commas: readonly number[],
): Array<[number, number]> | undefined {
  const close = bodyText.length - 1;
  if (count === 0 || commas.length !== count - 1 || bodyText.charCodeAt(close) !== 0x5d /* ] */)
    return undefined;
  const spans: Array<[number, number]> = [];
  let after = bodyText.indexOf('[') + 1;
  for (let index = 0; index < count; index++) {
    const separator = commas[index] ?? close;
    let start = after;
    let end = separator;
    while (start < end && isWhitespace(bodyText.charCodeAt(start))) start++;
    while (end > start && isWhitespace(bodyText.charCodeAt(end - 1))) end--;
    if (start === end) return undefined;
    spans.push([start, end]);
    after = separator + 1;
  }
  return spans;
}

/**
 * Each element's raw text with the structure before it, and the structure after the last (`rest`),
 * for the `section` (the call's raw text) holding `bodyText` from `bodyStart` on, whose `elements` are
 * at `spans`. `structureMarkers` are the format's markers and fence lines. Text the lenient read
 * skipped in the structure (`{```jsonSure.` before the array) is the model's: it goes with the next
 * element's raw (after the last one: with the last).
 *
 * With `finishReason: 'stop'` the body may end in closing brackets `finish()` fed, which the model
 * never wrote and `section` does not hold: they are in no piece, and come back as `unwritten` (`''`
 * when the model wrote the whole body).
 */
export function arraySectionPieces(
  section: string,
  bodyStart: number,
  bodyText: string,
  elements: readonly unknown[],
  spans: ReadonlyArray<[number, number]>,
  structureMarkers: readonly string[],
): { pieces: ElementPiece[]; rest: string; unwritten: string } {
  // The part of the body the model wrote. (Finding the body with `section.indexOf(bodyText)` failed
  // when brackets were fed: the pieces then held the section's text twice, and the fed brackets.)
  const written = Math.max(0, Math.min(bodyText.length, section.length - bodyStart));
  const pieces: ElementPiece[] = [];
  let structure = section.slice(0, bodyStart);
  let previous = 0;
  elements.forEach((element, index) => {
    const span = spans[index];
    let raw = span ? bodyText.slice(span[0], Math.min(span[1], written)) : JSON.stringify(element);
    if (span) {
      structure += bodyText.slice(Math.min(previous, written), Math.min(span[0], written));
      previous = span[1];
    }
    if (!isStructure(structure, structureMarkers)) {
      raw = structure + raw;
      structure = '';
    }
    pieces.push({ structure, raw });
    structure = '';
  });
  let rest =
    structure + bodyText.slice(Math.min(previous, written), written) + section.slice(bodyStart + written);
  const last = pieces[pieces.length - 1];
  if (last !== undefined && !isStructure(rest, structureMarkers)) {
    last.raw += rest;
    rest = '';
  }
  return { pieces, rest, unwritten: bodyText.slice(written) };
}

/** Array punctuation and whitespace only. */
const punctuation = /^[\s[\],]*$/;

/** Whether `text` is only `markers`, array punctuation and whitespace. */
function isStructure(text: string, markers: readonly string[]): boolean {
  // The usual text between elements (`, `, `[`, `]`) holds no marker: answered without splitting the
  // text once per marker (a fifth of a short array section's parse). A marker's removal leaves a space,
  // so the answer is the same.
  if (punctuation.test(text)) return true;
  let rest = text;
  for (const marker of markers) rest = rest.split(marker).join(' ');
  return punctuation.test(rest);
}

/**
 * Do `spans` account for all `count` elements of the array `text`, with only whitespace and commas
 * between them (and the closing `]` after the last)? Otherwise some text would be neither a call nor
 * structure.
 */
function spansCoverArray(text: string, spans: ReadonlyArray<[number, number]>, count: number): boolean {
  if (spans.length !== count) return false;
  let previous = text.indexOf('[') + 1;
  for (let index = 0; index <= spans.length; index++) {
    const span = spans[index];
    const gapEnd = span ? span[0] : text.length;
    for (let position = previous; position < gapEnd; position++) {
      const code = text.charCodeAt(position);
      if (isWhitespace(code) || code === 0x2c /* , */) continue;
      if (span === undefined && code === 0x5d /* ] */) continue;
      return false;
    }
    if (span) previous = span[1];
  }
  return true;
}

/** `[start, end)` of each top-level element of a JSON array text (lenient about what follows). */
function elementSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let position = text.indexOf('[') + 1;
  while (position > 0 && position < text.length) {
    while (position < text.length && (isWhitespace(text.charCodeAt(position)) || text[position] === ','))
      position++;
    if (position >= text.length || text[position] === ']') break;
    const end = scanJsonValueEnd(text, position);
    if (end < 0) {
      spans.push([position, text.length]);
      break;
    }
    spans.push([position, end]);
    position = end;
  }
  return spans;
}
