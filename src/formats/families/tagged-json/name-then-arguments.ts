/**
 * The usual tagged-JSON object body, `{"name": "…", "arguments": {…}}`, read with one `JSON.parse` of
 * its arguments text alone: what `JSON.parse` of the whole body gives, and proof that the body has no
 * second name or arguments member (so nothing needs to search the text for one).
 */

import { textNestsAtMost } from '../../../internal/value-depth.js';
import { isWhitespace } from '../../../internal/whitespace.js';
import { MAX_ARGUMENT_DEPTH } from '../../../schema/decode-arguments.js';
import type { CallKeys } from './call-object.js';

/** A body `nameThenArguments` read: its two members. */
export interface UsualBody {
  readonly nameKey: string;
  readonly name: string;
  readonly argumentKey: string;
  /** The arguments object, as `JSON.parse` of the whole body would give it. */
  readonly argumentsValue: Record<string, unknown>;
  /**
   * The arguments text is sure to nest at most `MAX_ARGUMENT_DEPTH` levels (`textNestsAtMost`), so
   * the depth check of the decoded value can be skipped (`CallParts.argumentsShallow`).
   */
  readonly shallow: boolean;
}

/**
 * The body `text[from, end)` when it is exactly `{` NAME `:` STRING `,` ARGS `:` VALUE `}`
 * (JSON whitespace anywhere between), NAME one of `keys.nameKeys` and ARGS one of
 * `keys.argumentKeys`, both written without escapes, STRING a non-empty string without escapes or
 * control characters, and VALUE an object that `JSON.parse` reads: then `usualValue` of it is the
 * object `JSON.parse` of the whole body would give (the same two members in the same order), and the
 * body holds each key once, since everything after the name is one JSON value. `undefined` for any
 * other body (the caller parses it whole, as before); a VALUE that is not one JSON value costs one
 * `JSON.parse` more, which only a body with more members (or malformed) pays.
 */
export function nameThenArguments(
  text: string,
  from: number,
  end: number,
  keys: CallKeys,
): UsualBody | undefined {
  if (keys.nameIsKey || text.charCodeAt(from) !== 0x7b /* { */) return undefined;
  let position = skipJsonWhitespace(text, from + 1, end);
  const nameKey = keyAt(text, position, end, keys.nameKeys);
  if (nameKey === undefined) return undefined;
  position = afterColon(text, position + nameKey.length + 2, end);
  if (position < 0) return undefined;
  const nameEnd = plainStringEnd(text, position, end);
  // An empty name is no name: the parser reports it.
  if (nameEnd <= position + 1) return undefined;
  const name = text.slice(position + 1, nameEnd);
  position = skipJsonWhitespace(text, nameEnd + 1, end);
  if (text.charCodeAt(position) !== 0x2c /* , */) return undefined;
  position = skipJsonWhitespace(text, position + 1, end);
  const argumentKey = keyAt(text, position, end, keys.argumentKeys);
  if (argumentKey === undefined || argumentKey === nameKey) return undefined;
  position = afterColon(text, position + argumentKey.length + 2, end);
  if (position < 0 || text.charCodeAt(position) !== 0x7b /* { */) return undefined;
  // The body's closing `}`, then the arguments object's own.
  let close = end - 1;
  if (close <= position || text.charCodeAt(close) !== 0x7d /* } */) return undefined;
  while (close > position && isWhitespace(text.charCodeAt(close - 1))) close--;
  if (text.charCodeAt(close - 1) !== 0x7d /* } */) return undefined;
  const argumentsText = text.slice(position, close);
  let argumentsValue: Record<string, unknown>;
  try {
    // Text that opens with `{` and parses is an object.
    argumentsValue = JSON.parse(argumentsText) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  return {
    nameKey,
    name,
    argumentKey,
    argumentsValue,
    shallow: textNestsAtMost(argumentsText, MAX_ARGUMENT_DEPTH),
  };
}

/** The decoded body `nameThenArguments` read: its two members, in the body's order. */
export function usualValue(body: UsualBody): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  value[body.nameKey] = body.name;
  value[body.argumentKey] = body.argumentsValue;
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
 * The one of `keys` that the JSON string at `position` is, written as it is (the keys of every
 * format are plain words: no quote, backslash or control character, so such a string has no escape);
 * `undefined` when it is none of them. Compared in place: no string is made.
 */
function keyAt(text: string, position: number, end: number, keys: readonly string[]): string | undefined {
  if (text.charCodeAt(position) !== 0x22 /* " */) return undefined;
  for (const key of keys) {
    const close = position + 1 + key.length;
    if (close < end && text.charCodeAt(close) === 0x22 && text.startsWith(key, position + 1)) return key;
  }
  return undefined;
}

/**
 * The position of the closing quote of the JSON string at `position` when it has no escape and no
 * control character (its text is its value); -1 otherwise.
 */
function plainStringEnd(text: string, position: number, end: number): number {
  if (text.charCodeAt(position) !== 0x22 /* " */) return -1;
  for (let index = position + 1; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) return index;
    if (code === 0x5c /* \ */ || code < 0x20) return -1;
  }
  return -1;
}
