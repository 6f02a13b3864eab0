import {
  codeBackslash,
  codeDoubleQuote,
  codeLowercaseB,
  codeLowercaseF,
  codeLowercaseN,
  codeLowercaseR,
  codeLowercaseT,
  codeLowercaseU,
  codeSlash,
  isHexDigit,
} from './character-codes.js';

/** Text with one level of backslash escaping removed, and where each of its characters came from. */
export interface UnescapedText {
  text: string;
  /** `sourceOffsets[i]` is the offset in the source of output character `i`; one extra entry maps the end. */
  sourceOffsets: Int32Array;
}

/**
 * Removes one level of JSON string escaping from `source` starting at `from`, for JSON that a model
 * wrote already stringified (`{\"a\": 1}`). `\"`, `\\`, `\/`, the control escapes and `\uXXXX` are
 * decoded; any other backslash pair is kept as written so the lenient parser can still see it; a
 * backslash at the very end is dropped. Linear time. Internal to src/json.
 */
export function unescapeJsonText(source: string, from: number): UnescapedText {
  const length = source.length;
  const sourceOffsets = new Int32Array(length - from + 1);
  let text = '';
  let outputLength = 0;
  let segmentStart = from;
  let position = from;
  const flush = (to: number): void => {
    for (let index = segmentStart; index < to; index++) sourceOffsets[outputLength++] = index;
    text += source.slice(segmentStart, to);
  };
  while (position < length) {
    if (source.charCodeAt(position) !== codeBackslash) {
      position++;
      continue;
    }
    flush(position);
    const next = source.charCodeAt(position + 1);
    let decoded: string | undefined;
    let width = 2;
    switch (next) {
      case codeDoubleQuote:
        decoded = '"';
        break;
      case codeBackslash:
        decoded = '\\';
        break;
      case codeSlash:
        decoded = '/';
        break;
      case codeLowercaseB:
        decoded = '\b';
        break;
      case codeLowercaseF:
        decoded = '\f';
        break;
      case codeLowercaseN:
        decoded = '\n';
        break;
      case codeLowercaseR:
        decoded = '\r';
        break;
      case codeLowercaseT:
        decoded = '\t';
        break;
      case codeLowercaseU:
        if (
          isHexDigit(source.charCodeAt(position + 2)) &&
          isHexDigit(source.charCodeAt(position + 3)) &&
          isHexDigit(source.charCodeAt(position + 4)) &&
          isHexDigit(source.charCodeAt(position + 5))
        ) {
          decoded = String.fromCharCode(Number.parseInt(source.slice(position + 2, position + 6), 16));
          width = 6;
        }
        break;
    }
    if (position + 1 >= length) {
      // A lone backslash at the end belongs to a cut-off escape: drop it.
      position = length;
      segmentStart = length;
      break;
    }
    if (decoded === undefined) {
      // Unknown escape: keep both characters for the parser to judge.
      segmentStart = position;
      position += 2;
      continue;
    }
    sourceOffsets[outputLength++] = position;
    text += decoded;
    position += width;
    segmentStart = position;
  }
  flush(position);
  sourceOffsets[outputLength] = length;
  return { text, sourceOffsets: sourceOffsets.subarray(0, outputLength + 1) };
}
