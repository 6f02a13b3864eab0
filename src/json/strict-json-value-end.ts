import { skipWhitespace } from '../internal/whitespace.js';
import { isHexDigit } from './character-codes.js';

// Container kinds on the validator's stack.
const inArray = 0;
const inObject = 1;

/**
 * Where the strictly valid JSON value (RFC 8259 grammar, as `JSON.parse` reads it) that starts at
 * `start`, after JSON whitespace, ends: the index just past its last character, or -1 at the first
 * character that breaks the grammar. Iterative (any depth), allocation-free apart from a small
 * stack, one pass, and it stops early on broken text. It never reads past the end of the text: an
 * out-of-bounds `charCodeAt` (which a truncated input would cause) makes V8 discard the optimized
 * code, so every read is bounds-checked here instead.
 *
 * It exists so that `JSON.parse` is only called on text it will accept: a failing `JSON.parse`
 * builds an exception with a source excerpt, which costs more than repairing small inputs.
 * With `maxDepth`, a value nested deeper than that many containers (counting its own) is -1 too;
 * with `maxLength`, a value still open that many characters after `start` is -1 with
 * `strictFailure.position` = `gaveUp`.
 * Internal to src/json.
 */
export function strictJsonValueEnd(
  text: string,
  start: number,
  maxDepth = Number.POSITIVE_INFINITY,
  maxLength = Number.POSITIVE_INFINITY,
): number {
  const giveUpAt = start + maxLength;
  const length = text.length;
  // Reused between calls (the function is synchronous and not reentrant): one allocation less per
  // call on the hot path. `depth` is its logical length.
  const stack = scratchStack;
  let depth = 0;
  let index = skipWhitespace(text, start);
  for (;;) {
    // A value starts at `index`.
    strictFailure.position = index;
    if (index >= length) return -1;
    if (depth >= maxDepth) return -1;
    if (index > giveUpAt) {
      strictFailure.position = gaveUp;
      return -1;
    }
    let code = text.charCodeAt(index);
    if (code === 0x7b) {
      index = skipWhitespace(text, index + 1);
      if (index < length && text.charCodeAt(index) === 0x7d) {
        index++;
      } else {
        index = memberValueStart(text, index);
        if (index < 0) return -1;
        stack[depth++] = inObject;
        continue;
      }
    } else if (code === 0x5b) {
      index = skipWhitespace(text, index + 1);
      if (index < length && text.charCodeAt(index) === 0x5d) {
        index++;
      } else {
        stack[depth++] = inArray;
        continue;
      }
    } else if (code === 0x22) {
      index = stringEnd(text, index);
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      index = numberEnd(text, index);
    } else if (code === 0x74) {
      index = text.startsWith('true', index) ? index + 4 : -1;
    } else if (code === 0x66) {
      index = text.startsWith('false', index) ? index + 5 : -1;
    } else if (code === 0x6e) {
      index = text.startsWith('null', index) ? index + 4 : -1;
    } else {
      return -1;
    }
    if (index < 0) return -1;
    // A value ended at `index`: close containers until one continues with a comma.
    for (;;) {
      if (depth === 0) return index;
      index = skipWhitespace(text, index);
      strictFailure.position = index;
      if (index >= length) return -1;
      code = text.charCodeAt(index);
      const container = stack[depth - 1];
      if (code === 0x2c) {
        index = skipWhitespace(text, index + 1);
        if (container === inObject) {
          index = memberValueStart(text, index);
          if (index < 0) return -1;
        }
        break;
      }
      if ((container === inArray && code === 0x5d) || (container === inObject && code === 0x7d)) {
        depth--;
        index++;
        continue;
      }
      return -1;
    }
  }
}

const scratchStack: number[] = [];

/**
 * Where the last `strictJsonValueEnd` that returned -1 stopped: the start of the value, or the
 * separator, it could not read (the break itself is at or after it). Two scans that reach the same
 * broken token record the same position. Internal to src/json (strict-span-reader.ts).
 */
export const strictFailure = { position: -1 };

/** `strictFailure.position` after a scan that stopped at its `maxLength`, not at broken text. */
export const gaveUp = -2;

/** From a key's opening quote: past the key, the colon and whitespace, at the member value. */
function memberValueStart(text: string, index: number): number {
  if (index >= text.length || text.charCodeAt(index) !== 0x22) return -1;
  let cursor = stringEnd(text, index);
  if (cursor < 0) return -1;
  cursor = skipWhitespace(text, cursor);
  if (cursor >= text.length || text.charCodeAt(cursor) !== 0x3a) return -1;
  return skipWhitespace(text, cursor + 1);
}

/** From an opening quote: just past the closing quote, or -1. */
function stringEnd(text: string, quote: number): number {
  const length = text.length;
  let index = quote + 1;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x22) return index + 1;
    if (code < 0x20) return -1;
    if (code === 0x5c) {
      if (index + 1 >= length) return -1;
      const escaped = text.charCodeAt(index + 1);
      if (escaped === 0x75) {
        if (index + 6 > length) return -1;
        for (let digit = 2; digit < 6; digit++) {
          if (!isHexDigit(text.charCodeAt(index + digit))) return -1;
        }
        index += 6;
      } else if (
        escaped === 0x22 ||
        escaped === 0x5c ||
        escaped === 0x2f ||
        escaped === 0x62 ||
        escaped === 0x66 ||
        escaped === 0x6e ||
        escaped === 0x72 ||
        escaped === 0x74
      ) {
        index += 2;
      } else {
        return -1;
      }
    } else {
      index++;
    }
  }
  return -1;
}

/** `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: just past it, or -1. */
function numberEnd(text: string, from: number): number {
  const length = text.length;
  let index = from;
  if (text.charCodeAt(index) === 0x2d) index++;
  if (index >= length) return -1;
  const first = text.charCodeAt(index);
  if (first === 0x30) {
    index++;
  } else if (first >= 0x31 && first <= 0x39) {
    index = digitsEnd(text, index + 1);
  } else {
    return -1;
  }
  if (index >= length) return index;
  if (text.charCodeAt(index) === 0x2e) {
    const fractionStart = index + 1;
    index = digitsEnd(text, fractionStart);
    if (index === fractionStart) return -1;
  }
  if (index >= length) return index;
  const exponent = text.charCodeAt(index);
  if (exponent === 0x65 || exponent === 0x45) {
    index++;
    const sign = index < length ? text.charCodeAt(index) : -1;
    if (sign === 0x2b || sign === 0x2d) index++;
    const digitsStart = index;
    index = digitsEnd(text, digitsStart);
    if (index === digitsStart) return -1;
  }
  return index;
}

function digitsEnd(text: string, from: number): number {
  const length = text.length;
  let index = from;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code < 0x30 || code > 0x39) return index;
    index++;
  }
  return index;
}
