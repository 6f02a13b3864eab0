import { rewriteCommonRepairs } from './common-repairs-rewrite.js';
import type { JsonRepair } from './json-repair.js';
import { LenientJsonFailure, LenientJsonParser } from './lenient-json-parser.js';
import { strictJsonValueEnd } from './strict-json-value-end.js';
import { noStrictSpan, parseWithoutStackTrace } from './strict-span-reader.js';

/** Options for {@link parseLenientJson} and {@link parseLenientJsonValue}. */
export interface ParseLenientJsonOptions {
  /**
   * Deepest nesting of arrays, objects and call wrappers the repairing parser accepts before it gives
   * up with `ok: false`. Default 1000. Values that are not a positive number fall back to the
   * default. Above a few thousand the engine's own stack may run out first; that too is reported as
   * `ok: false`, never thrown.
   */
  maxDepth?: number;
}

/**
 * The outcome of a lenient parse. Offsets (`end`, `position`, `repairs[].position`) are UTF-16 code
 * unit offsets into the text that was passed in.
 */
export type LenientJsonResult =
  | {
      ok: true;
      value: unknown;
      /** Every fix that was needed, in text order; empty when the text was valid JSON. */
      repairs: JsonRepair[];
      /** Offset just past the text that was used; see each function for what it includes. */
      end: number;
    }
  | {
      ok: false;
      /** Why the text could not be read, in English, e.g. `unexpected character ";"`. */
      error: string;
      /** Where reading stopped. */
      position: number;
      /** Repairs made before the failure, useful for diagnostics only. */
      repairs: JsonRepair[];
    };

const defaultMaxDepth = 1000;

/**
 * The lengths, in UTF-16 code units, of texts tried with the rewrite to JSON
 * (`rewriteCommonRepairs`) before the repairing parser. Shorter texts are mostly broken in other
 * ways, where a rewrite that gives up only adds time. Above the maximum the rewrite measured slower
 * than the parser (10-30% at 128-512 KB on Node 20: the rewritten text is a rope of small pieces
 * that outgrows the young generation before `JSON.parse` flattens it), below it faster (10-50% at
 * 4-64 KB, by kind of repair).
 */
const rewriteMinimumLength = 1024;
const rewriteMaximumLength = 96 * 1024;

/**
 * Parses JSON the way a model writes it. Valid JSON goes through `JSON.parse` unchanged (no
 * repairs, `end` = `text.length`). Anything else goes through a one-pass repairing parser that
 * fixes, and reports in `repairs`, the problems listed under `JsonRepairKind`: comments,
 * trailing and missing commas, single, smart and backtick quotes, unquoted keys and strings,
 * unescaped quotes and raw line breaks in strings, Python and JavaScript literals (`True`, `None`,
 * `undefined`, `NaN` → `null`, never 0), truncation at any point, missing or extra brackets, Markdown
 * fences, JSONP and `ObjectId("…")` wrappers, stringified JSON, and prose before and after the JSON.
 *
 * Document-level rules, beyond single values:
 * - Empty or whitespace-only text is `{}` with an `empty_input` repair (empty tool arguments).
 * - Prose before the JSON is skipped: text that does not start with JSON is searched for the first
 *   `{`, a plausible `[`, or a code fence, and parsing starts there (`surrounding_text`).
 * - Text after a complete value is ignored (`surrounding_text`): `end` is just past the value (and
 *   past a closing fence or `)`), so `text.slice(end)` holds what was ignored. When only whitespace
 *   and comments follow, `end` is `text.length`.
 * - Several top-level values separated by commas or line breaks (newline-delimited JSON, `1,2,3`)
 *   become an array (`multiple_values`). After an object or array, only another object or array
 *   continues such a list, so a closing sentence stays surrounding text.
 * - A truncated object member whose key is cut off is dropped (`{"a": 1, "b` → `{"a": 1}`); a key
 *   with no value yet gets `null` (`{"a": 1, "b":` → `{"a": 1, "b": null}`).
 *
 * Objects are ordinary objects (prototype `Object.prototype`); every key, including `__proto__`,
 * `constructor` and `prototype`, is an own data property, exactly as with `JSON.parse`.
 *
 * Never throws, for any string: unrepairable text (`{:2}`, nesting deeper than `maxDepth`) gives
 * `ok: false` with an `error` and a `position`. Time is linear in the text length.
 *
 * @example
 * parseLenientJson("{name: 'Tokyo', days: 3,}")
 * // → { ok: true, value: { name: 'Tokyo', days: 3 }, end: 25,
 * //     repairs: [unquoted_key@1, single_quotes@7, unquoted_key@16, trailing_comma@23] }
 */
export function parseLenientJson(text: string, options?: ParseLenientJsonOptions): LenientJsonResult {
  if (typeof text !== 'string') {
    return { ok: false, error: 'input is not a string', position: 0, repairs: [] };
  }
  // JSON.parse only sees text it will accept: a JSON.parse that throws costs more than a repair.
  // Text that cannot end a JSON value (a truncated one, prose after it) skips even the strict scan.
  const strictEnd = endsLikeJsonValue(text) ? strictJsonValueEnd(text, 0) : -1;
  if (strictEnd >= 0 && isWhitespaceFrom(text, strictEnd)) {
    try {
      return { ok: true, value: JSON.parse(text), repairs: [], end: text.length };
    } catch {
      // Only the engine's own limits get here (e.g. nesting too deep for it): repair below.
    }
  }
  const maxDepth = resolveMaxDepth(options);
  if (text.length >= rewriteMinimumLength && text.length <= rewriteMaximumLength) {
    const rewritten = rewriteCommonRepairs(text, maxDepth);
    if (rewritten !== undefined) {
      const value = parseWithoutStackTrace(rewritten.json);
      if (value !== noStrictSpan) return { ok: true, value, repairs: rewritten.repairs, end: text.length };
    }
  }
  return runParser(new LenientJsonParser(text, maxDepth), /* wholeDocument */ true);
}

/**
 * `parseLenientJson` for text that is almost always valid JSON (a tool call's whole body or argument
 * text, assembled from streamed pieces): native `JSON.parse` is tried first, without the strict
 * pre-scan `parseLenientJson` makes before it calls `JSON.parse`, so valid text is read in one native
 * pass. The result is the same as `parseLenientJson`'s.
 */
export function parseMostlyValidJson(text: string, options?: ParseLenientJsonOptions): LenientJsonResult {
  if (typeof text === 'string' && endsLikeJsonValue(text)) {
    const value = parseWithoutStackTrace(text);
    if (value !== noStrictSpan) return { ok: true, value, repairs: [], end: text.length };
  }
  return parseLenientJson(text, options);
}

/**
 * Parses one JSON value that starts at `start` (after optional whitespace and comments), leniently,
 * and says where it ended: for format parsers that find JSON inside a larger text. Unlike
 * {@link parseLenientJson} it reads exactly one value: no prose skipping, no fences, no lists, no
 * `{}` for empty text (that is `ok: false`). `end` is the offset just past the value's last
 * character (or past the `)` of a call wrapper); text after it is left alone.
 *
 * The repairing parser treats the end of `text` as truncation, so pass the text up to where the
 * value must end (e.g. `text.slice(0, closingMarkerIndex)`) when that is known; slicing a string
 * does not copy it in V8.
 *
 * Valid JSON takes a fast path: a strict one-pass check finds the value's end and `JSON.parse`
 * reads it.
 * Never throws, for any string and any `start` (out-of-range starts give `ok: false`).
 *
 * @example
 * const text = '<tool_call>{"name": "f", "arguments": {"x": 1,}}</tool_call>';
 * parseLenientJsonValue(text.slice(0, text.indexOf('</tool_call>')), 11)
 * // → { ok: true, value: { name: 'f', arguments: { x: 1 } }, repairs: [trailing_comma@45], end: 48 }
 */
export function parseLenientJsonValue(
  text: string,
  start: number,
  options?: ParseLenientJsonOptions,
): LenientJsonResult {
  if (typeof text !== 'string') {
    return { ok: false, error: 'input is not a string', position: 0, repairs: [] };
  }
  if (!Number.isInteger(start) || start < 0 || start > text.length) {
    return { ok: false, error: `start ${String(start)} is outside the text`, position: 0, repairs: [] };
  }
  const strictEnd = strictJsonValueEnd(text, start);
  if (strictEnd >= 0) {
    try {
      const value: unknown = JSON.parse(text.slice(start, strictEnd));
      return { ok: true, value, repairs: [], end: strictEnd };
    } catch {
      // Only the engine's own limits get here: repair below.
    }
  }
  const parser = new LenientJsonParser(text, resolveMaxDepth(options));
  parser.position = start;
  return runParser(parser, /* wholeDocument */ false);
}

function runParser(parser: LenientJsonParser, wholeDocument: boolean): LenientJsonResult {
  try {
    const value = wholeDocument ? parser.parseDocument() : parser.parseSingleValue();
    return { ok: true, value, repairs: parser.repairs, end: parser.position };
  } catch (error) {
    if (error instanceof LenientJsonFailure) {
      return { ok: false, error: error.message, position: error.position, repairs: parser.repairs };
    }
    // A RangeError from the engine's stack (only reachable with a very large maxDepth) or a bug:
    // still a result, because model text must never make this function throw.
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: `internal error: ${message}`,
      position: parser.position,
      repairs: parser.repairs,
    };
  }
}

function resolveMaxDepth(options: ParseLenientJsonOptions | undefined): number {
  const maxDepth = options?.maxDepth;
  if (typeof maxDepth !== 'number' || !(maxDepth >= 1)) return defaultMaxDepth;
  return Math.floor(maxDepth);
}

function isWhitespaceFrom(text: string, from: number): boolean {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) return false;
  }
  return true;
}

/**
 * Whether the last character of `text` before trailing JSON whitespace can end a JSON value: `}`, `]`,
 * `"`, a digit, or the `e` / `l` of `true`, `false`, `null`. A cheap test that spares the strict scan
 * for most broken text, which is typically cut off.
 */
function endsLikeJsonValue(text: string): boolean {
  let end = text.length;
  for (;;) {
    if (end === 0) return false;
    const code = text.charCodeAt(end - 1);
    if (code !== 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) {
      return (
        code === 0x7d ||
        code === 0x5d ||
        code === 0x22 ||
        (code >= 0x30 && code <= 0x39) ||
        code === 0x65 ||
        code === 0x6c
      );
    }
    end--;
  }
}
