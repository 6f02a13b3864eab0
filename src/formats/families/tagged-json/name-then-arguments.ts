/**
 * The usual tagged-JSON object body, `{"name": "…", "arguments": {…}}`, read with one `JSON.parse` of
 * its arguments text alone: what `JSON.parse` of the whole body gives, and proof that the body has no
 * second name or arguments member (so nothing needs to search the text for one).
 */

import { isWhitespace } from '../../../internal/whitespace.js';
import type { CallKeys } from './call-object.js';

/**
 * The decoded body `text[from, end)` when it is exactly `{` NAME `:` STRING `,` ARGS `:` VALUE `}`
 * (JSON whitespace anywhere between), NAME one of `keys.nameKeys` and ARGS one of
 * `keys.argumentKeys`, both written without escapes, STRING a non-empty string without escapes or
 * control characters, and VALUE an object that `JSON.parse` reads: then the value is the object
 * `JSON.parse` of the whole body would give (the same two members in the same order), and the body
 * holds each key once, since everything after the name is one JSON value. `undefined` for any other
 * body (the caller parses it whole, as before); a VALUE that is not one JSON value costs one
 * `JSON.parse` more, which only a body with more members (or malformed) pays.
 */
export function nameThenArguments(
  text: string,
  from: number,
  end: number,
  keys: CallKeys,
): Record<string, unknown> | undefined {
  if (keys.nameIsKey || text.charCodeAt(from) !== 0x7b /* { */) return undefined;
  const nameKey = plainString(text, skipJsonWhitespace(text, from + 1, end), end);
  if (nameKey === undefined || !keys.nameKeys.includes(nameKey.value)) return undefined;
  let position = afterColon(text, nameKey.end, end);
  if (position < 0) return undefined;
  const name = plainString(text, position, end);
  if (name === undefined || name.value === '') return undefined;
  position = skipJsonWhitespace(text, name.end, end);
  if (text.charCodeAt(position) !== 0x2c /* , */) return undefined;
  const argumentKey = plainString(text, skipJsonWhitespace(text, position + 1, end), end);
  if (argumentKey === undefined || !keys.argumentKeys.includes(argumentKey.value)) return undefined;
  if (argumentKey.value === nameKey.value) return undefined;
  position = afterColon(text, argumentKey.end, end);
  if (position < 0 || text.charCodeAt(position) !== 0x7b /* { */) return undefined;
  // The body's closing `}`, then the arguments object's own.
  let close = end - 1;
  if (close <= position || text.charCodeAt(close) !== 0x7d /* } */) return undefined;
  while (close > position && isWhitespace(text.charCodeAt(close - 1))) close--;
  if (text.charCodeAt(close - 1) !== 0x7d /* } */) return undefined;
  let argumentsValue: unknown;
  try {
    argumentsValue = JSON.parse(text.slice(position, close));
  } catch {
    return undefined;
  }
  const value: Record<string, unknown> = {};
  value[nameKey.value] = name.value;
  value[argumentKey.value] = argumentsValue;
  return value;
}

function skipJsonWhitespace(text: string, from: number, end: number): number {
  let position = from;
  while (position < end && isWhitespace(text.charCodeAt(position))) position++;
  return position;
}

/** After whitespace, `:`, whitespace from `from`: the position of what follows, -1 when no colon. */
function afterColon(text: string, from: number, end: number): number {
  const position = skipJsonWhitespace(text, from, end);
  if (text.charCodeAt(position) !== 0x3a /* : */) return -1;
  return skipJsonWhitespace(text, position + 1, end);
}

/**
 * The JSON string at `position` when it has no escape and no control character (its text is its
 * value), with the position after its closing quote; `undefined` otherwise.
 */
function plainString(
  text: string,
  position: number,
  end: number,
): { value: string; end: number } | undefined {
  if (text.charCodeAt(position) !== 0x22 /* " */) return undefined;
  for (let index = position + 1; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) return { value: text.slice(position + 1, index), end: index + 1 };
    if (code === 0x5c /* \ */ || code < 0x20) return undefined;
  }
  return undefined;
}
