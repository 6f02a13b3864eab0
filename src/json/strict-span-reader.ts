import { nestedDeeperThan, textNestsAtMost } from '../internal/value-depth.js';
import { gaveUp, strictFailure, strictJsonValueEnd } from './strict-json-value-end.js';

/** What {@link StrictSpanReader.read} returns where no strictly valid value starts. */
export const noStrictSpan: unique symbol = Symbol('noStrictSpan');

/** How many scans may run into the same broken token before the reader stops trying before it. */
const retriesPerBreak = 3;

/**
 * How far a scan reads before it gives up on a value (its parts are then tried one by one): a
 * container cut off by the end of the text, the usual truncation, costs at most this much.
 */
const scanWindow = 512;

/**
 * The repairing parser's fast path: at an object or array, it finds the longest strictly
 * valid JSON value there (`strictJsonValueEnd`) and reads it with `JSON.parse`, so that only the
 * parts that need a repair go through the repairing scanner. A truncated or fenced document is then
 * read at `JSON.parse` speed apart from its broken tail.
 *
 * A scan reads at most `scanWindow` characters (a longer value is read part by part, each part
 * tried again), and one that fails costs the text up to the break; the containers around a break
 * all fail at the same token, so after `retriesPerBreak` failures there the reader declines every
 * start before it without scanning. Each character is therefore scanned a bounded number of times
 * (at most `retriesPerBreak` failed scans and the windows of the containers open around it, which
 * start within `scanWindow` characters before it): time stays linear.
 * Internal to src/json.
 */
export class StrictSpanReader {
  /** Where the scans that failed last stopped, and how many did. */
  private breakPosition = -1;
  private failures = 0;
  /** Just past the last value read, after a successful {@link read}. */
  end = 0;

  constructor(private readonly text: string) {}

  /**
   * The value that starts at `start` (a `{` or `[`) when it is strictly valid JSON nested at most
   * `maxDepth` containers deep (its own included), with `end` set just past it; otherwise
   * `noStrictSpan`.
   */
  read(start: number, maxDepth: number): unknown {
    if (start < this.breakPosition && this.failures >= retriesPerBreak) return noStrictSpan;
    const end = strictJsonValueEnd(this.text, start, maxDepth, scanWindow);
    if (end < 0) {
      if (strictFailure.position === gaveUp) return noStrictSpan;
      if (strictFailure.position !== this.breakPosition) {
        this.breakPosition = strictFailure.position;
        this.failures = 0;
      }
      this.failures++;
      return noStrictSpan;
    }
    try {
      const value: unknown = JSON.parse(this.text.slice(start, end));
      this.end = end;
      return value;
    } catch {
      // Only the engine's own limits get here: the repairing parser reads it.
      return noStrictSpan;
    }
  }

  /**
   * The value in `text.slice(start, before)` (`start` at a `{` or `[`) when that slice is strictly
   * valid JSON, up to trailing JSON whitespace, nested at most `maxDepth` containers deep; `end` is
   * then set just past its last character. For a value whose end is known without a scan (the
   * closing fence of a fenced document): `JSON.parse` alone reads it, with no pre-scan, and the
   * depth is checked on the value it returns, unless the slice has too few brackets to nest deeper
   * (`textNestsAtMost`: a native search per bracket, where the walk of the value took a sixth of a
   * fenced 4 KB document's read). Otherwise `noStrictSpan`.
   */
  readUntil(start: number, before: number, maxDepth: number): unknown {
    const text = this.text;
    let end = before;
    while (end > start && isJsonWhitespace(text.charCodeAt(end - 1))) end--;
    const span = text.slice(start, end);
    const value = parseWithoutStackTrace(span);
    if (value === noStrictSpan) return noStrictSpan;
    if (!textNestsAtMost(span, maxDepth) && nestedDeeperThan(value, maxDepth)) return noStrictSpan;
    this.end = end;
    return value;
  }
}

function isJsonWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/**
 * `JSON.parse(text)`, or `noStrictSpan` where it throws. The `SyntaxError` of a failing `JSON.parse`
 * costs far more than reading a small text (in bench/compare-builds.js's Hermes row, more than half
 * of the time went into two of them per call); most of that is capturing the stack trace, which
 * nobody sees here, so `Error.stackTraceLimit` is 0 while it runs. No user code runs inside
 * `JSON.parse` without a reviver, so nothing can observe the change; it is restored before
 * returning. Where `Error.stackTraceLimit` cannot be written (a frozen `Error`), it is left alone.
 * Internal to src/json.
 */
export function parseWithoutStackTrace(text: string): unknown {
  const stackTraceLimit = Error.stackTraceLimit;
  try {
    Error.stackTraceLimit = 0;
  } catch {
    // A frozen `Error`: parse with the stack trace.
  }
  try {
    return JSON.parse(text);
  } catch {
    return noStrictSpan;
  } finally {
    if (Error.stackTraceLimit !== stackTraceLimit) Error.stackTraceLimit = stackTraceLimit;
  }
}
