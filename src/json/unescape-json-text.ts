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

/** Text with one level of backslash escaping removed, and a map back to source offsets. */
export interface UnescapedText {
  text: string;
  /** The source offset of an offset into `text` (`text.length` maps to the source's end). */
  sourceOffset(offset: number): number;
}

/**
 * Removes one level of JSON string escaping from `source` starting at `from`, for JSON that a model
 * wrote already stringified (`{\"a\": 1}`). `\"`, `\\`, `\/`, the control escapes and `\uXXXX` are
 * decoded; any other backslash pair is kept as written so the lenient parser can still see it; a
 * backslash at the very end is dropped. Linear time. Internal to src/json.
 */
export function unescapeJsonText(source: string, from: number): UnescapedText {
  const length = source.length;
  // Offsets map back by a shift that grows at each decoded escape: after output offset
  // `shiftStarts[i]`, the source is `shifts[i]` further on. Only escapes cost an entry.
  const shiftStarts: number[] = [];
  const shifts: number[] = [];
  let shift = from;
  let text = '';
  let segmentStart = from;
  let position = from;
  while (position < length) {
    if (source.charCodeAt(position) !== codeBackslash) {
      position++;
      continue;
    }
    if (position + 1 >= length) break; // a lone backslash at the end belongs to a cut-off escape
    const decoded = decodeEscape(source, position);
    if (decoded === undefined) {
      position += 2; // unknown escape: keep both characters for the parser to judge
      continue;
    }
    text += source.slice(segmentStart, position);
    text += decoded;
    const width = decoded.length === 1 && source.charCodeAt(position + 1) === codeLowercaseU ? 6 : 2;
    shift += width - 1;
    shiftStarts.push(text.length);
    shifts.push(shift);
    position += width;
    segmentStart = position;
  }
  text += source.slice(segmentStart, position);
  const outputLength = text.length;
  const sourceOffset = (offset: number): number => {
    if (offset >= outputLength) return length;
    let low = 0;
    let high = shiftStarts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((shiftStarts[middle] as number) <= offset) low = middle + 1;
      else high = middle;
    }
    return offset + (low === 0 ? from : (shifts[low - 1] as number));
  };
  return { text, sourceOffset };
}

function decodeEscape(source: string, position: number): string | undefined {
  switch (source.charCodeAt(position + 1)) {
    case codeDoubleQuote:
      return '"';
    case codeBackslash:
      return '\\';
    case codeSlash:
      return '/';
    case codeLowercaseB:
      return '\b';
    case codeLowercaseF:
      return '\f';
    case codeLowercaseN:
      return '\n';
    case codeLowercaseR:
      return '\r';
    case codeLowercaseT:
      return '\t';
    case codeLowercaseU:
      if (
        isHexDigit(source.charCodeAt(position + 2)) &&
        isHexDigit(source.charCodeAt(position + 3)) &&
        isHexDigit(source.charCodeAt(position + 4)) &&
        isHexDigit(source.charCodeAt(position + 5))
      ) {
        return String.fromCharCode(Number.parseInt(source.slice(position + 2, position + 6), 16));
      }
      return undefined;
    default:
      return undefined;
  }
}
