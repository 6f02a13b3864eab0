import type { JsonRepair } from './json-repair.js';
import { lenientJsonModes } from './lenient-json-mode.js';
import { LenientJsonParser, noValue } from './lenient-json-parser.js';

/**
 * One value decoded from model text by {@link decodeLenient}: `end` is the UTF-16 offset just past
 * it; `complete` is false when the text ended inside it (a truncated string, object or array was
 * closed); `repairs` lists what was fixed, in text order (the same log `parseLenientJson` fills).
 */
export interface DecodedValue {
  readonly value: unknown;
  readonly end: number;
  readonly complete: boolean;
  readonly repairs: readonly JsonRepair[];
}

const maxDepth = 1000;

/**
 * Decodes one JSON-like value from `text` at `start` (leading whitespace and comments skipped) with
 * the lenient engine's `freeText` mode (`lenient-json-mode.ts`): JSON as models write it in prose
 * answers, read the way BAML's `jsonish` parser reads it. Beyond the repairs shared with call
 * bodies: a quote closes a string only when a delimiter follows, unquoted member values run across
 * commas and lines up to the next `key:`, `1,234.5` is one number, a key without a value is left out,
 * an unquoted text at the top is the whole rest, `NaN` and `Infinity` stay strings (coercion.md Table
 * A row 33). With `partial`, a number the end of the text cuts off is left out (it may still grow).
 *
 * Returns `undefined` when no value starts there. Never throws; nesting deeper than 512 is kept as a
 * string. Time is linear in the text (lookaheads are bounded to 256 characters).
 */
export function decodeLenient(
  text: string,
  start = 0,
  options?: { partial?: boolean },
): DecodedValue | undefined {
  const parser = new LenientJsonParser(
    text,
    maxDepth,
    false,
    lenientJsonModes.freeText,
    options?.partial === true,
  );
  parser.position = start;
  const value = parser.parseContextualDocument();
  if (value === noValue) return undefined;
  return { value, end: parser.position, complete: parser.complete, repairs: parser.repairs };
}
