/**
 * Spans of JSON values in a text, read as written (offsets in UTF-16 code units, nothing decoded but
 * keys): the elements of an array (`elementSpans`), the members of an object (`memberSpans`), and
 * the outermost balanced brackets of a text that mixes JSON and prose (`balancedSpans`). Shared by the
 * family cores that give each call the exact text it came from.
 */

import { isWhitespace } from '../../internal/whitespace.js';
import { scanJsonValueEnd } from '../../json/json-scanner.js';

/** `[start, end)` of each element of the JSON array at `start` (after whitespace) in `text`. */
export function elementSpans(text: string, start: number, end: number): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let position = start;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  if (text[position] !== '[') return spans;
  position++;
  const bounded = text.slice(0, end);
  while (position < end) {
    while (position < end && (isWhitespace(text.charCodeAt(position)) || text[position] === ',')) position++;
    if (position >= end || text[position] === ']') break;
    const valueEnd = scanJsonValueEnd(bounded, position, { endOfInput: true });
    if (valueEnd <= position) break;
    spans.push([position, valueEnd]);
    position = valueEnd;
  }
  return spans;
}

/** Keys and value spans of the top-level members of the JSON object at `start` (after whitespace). */
export function memberSpans(
  text: string,
  start: number,
  end: number,
): Array<{ key: string; valueStart: number; valueEnd: number }> {
  const members: Array<{ key: string; valueStart: number; valueEnd: number }> = [];
  let position = start;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  if (text[position] !== '{') return members;
  position++;
  const bounded = text.slice(0, end);
  while (position < end) {
    while (position < end && (isWhitespace(text.charCodeAt(position)) || text[position] === ',')) position++;
    if (position >= end || text[position] !== '"') break;
    const keyEnd = scanJsonValueEnd(bounded, position);
    if (keyEnd < 0) break;
    let key: unknown;
    try {
      key = JSON.parse(text.slice(position, keyEnd));
    } catch {
      break;
    }
    position = keyEnd;
    while (position < end && isWhitespace(text.charCodeAt(position))) position++;
    if (text[position] !== ':') break;
    position++;
    while (position < end && isWhitespace(text.charCodeAt(position))) position++;
    const valueEnd = scanJsonValueEnd(bounded, position, { endOfInput: true });
    if (valueEnd <= position) break;
    members.push({ key: String(key), valueStart: position, valueEnd });
    position = valueEnd;
  }
  return members;
}

/**
 * The outermost balanced `{...}` / `[...]` spans of `text`, in order, found in one pass: brackets are
 * counted (inside brackets, double-quoted strings are skipped, so a bracket in a string is data);
 * outside brackets quotes are prose. An unbalanced opener simply never closes.
 */
export function balancedSpans(text: string, from = 0, to = text.length): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const stack: number[] = [];
  let inString = false;
  let escaped = false;
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === 0x5c) escaped = true;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x7b || code === 0x5b) stack.push(index);
    else if ((code === 0x7d || code === 0x5d) && stack.length > 0) {
      const open = stack.pop() as number;
      // Keep only outermost spans: drop the ones this one contains.
      while (spans.length > 0 && (spans[spans.length - 1] as [number, number])[0] > open) spans.pop();
      spans.push([open, index + 1]);
    } else if (code === 0x22 && stack.length > 0) inString = true;
  }
  return spans;
}
