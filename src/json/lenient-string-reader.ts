import {
  codeAsterisk,
  codeBackslash,
  codeBacktick,
  codeCarriageReturn,
  codeCloseBrace,
  codeCloseBracket,
  codeCloseParenthesis,
  codeColon,
  codeComma,
  codeDoubleQuote,
  codeHash,
  codeLeftDoubleQuote,
  codeLowercaseB,
  codeLowercaseF,
  codeLowercaseN,
  codeLowercaseR,
  codeLowercaseT,
  codeLowercaseU,
  codeNewline,
  codeOpenBrace,
  codeOpenBracket,
  codeOpenParenthesis,
  codePlus,
  codeRightDoubleQuote,
  codeSlash,
  codeSpace,
  codeTab,
  isDigit,
  isHexDigit,
  isIdentifierPart,
  isIdentifierStart,
  isJsonWhitespace,
  isQuote,
  isSpaceOrTab,
} from './character-codes.js';
import { commaEndsMember } from './context-delimiters.js';
import { dedentBlock } from './dedent-block.js';
import { includesCode, LenientJsonCursor, trimWhitespaceBefore } from './lenient-json-cursor.js';
import { closeDoubleQuote, closeKindOf, isClosingQuote, quoteRepairKind } from './quote-kinds.js';

// scanString outcomes besides "stop at this index" (>= 0).
const stringDone = -1;
const restartAtDelimiter = -2;

// stringEndVerdict outcomes besides a closer's char code.
const stringEndNo = 0;
const stringEndYes = 1;

/**
 * The lenient JSON engine's quoted strings (a layer of the engine, see lenient-json-cursor.ts): `"`,
 * `'`, typographic and backtick quotes, the judgement whether a quote inside a string ends it (an end
 * quote that is missing is found by reading again), escapes, raw control characters, `"a" + "b"`
 * concatenation and triple-quoted strings.
 */
export abstract class LenientStringReader extends LenientJsonCursor {
  protected parseQuotedString(): string {
    let value = this.scanQuotedString();
    const reachedEnd = this.stringReachedEnd;
    // `"a" + "b"`: concatenation, as in JavaScript source a model copied.
    for (;;) {
      const before = this.position;
      if (before >= this.length) break;
      const next = this.text.charCodeAt(before);
      // Most strings are followed by `,` `:` `}` `]`: no lookahead needed.
      if (next !== codePlus && !isJsonWhitespace(next) && next !== codeSlash && next !== codeHash) break;
      this.skipWhitespaceAndComments(/* record */ false);
      if (this.text.charCodeAt(this.position) !== codePlus) {
        this.position = before;
        break;
      }
      this.position = before;
      this.skipWhitespaceAndComments();
      const plus = this.position;
      this.position++;
      this.skipWhitespaceAndComments();
      this.repair('string_concatenation', plus);
      if (this.position >= this.length) break;
      const code = this.text.charCodeAt(this.position);
      if (!isQuote(code) || this.isTripleQuoteAt(this.position, code)) break;
      value += this.scanQuotedString();
    }
    this.stringReachedEnd = reachedEnd;
    return value;
  }

  /** One quoted string, with the retries that locate a missing end quote. */
  private scanQuotedString(): string {
    const text = this.text;
    const quoteStart = this.position;
    const openCode = text.charCodeAt(quoteStart);
    if (openCode === codeDoubleQuote) {
      // Fast path for a plain string followed by `,` `:` or a closer it did not open: no judgement.
      const length = this.length;
      let position = quoteStart + 1;
      while (position < length) {
        const code = text.charCodeAt(position);
        if (code === codeDoubleQuote || code === codeBackslash || code < codeSpace) break;
        position++;
      }
      if (position < length && text.charCodeAt(position) === codeDoubleQuote) {
        let after = position + 1;
        while (after < length && isSpaceOrTab(text.charCodeAt(after))) after++;
        const next = after < length ? text.charCodeAt(after) : -1;
        const plain =
          next === codeComma ||
          next === codeColon ||
          (next === codeCloseBrace && !includesCode(text, quoteStart + 1, position, codeOpenBrace)) ||
          (next === codeCloseBracket && !includesCode(text, quoteStart + 1, position, codeOpenBracket));
        if (plain) {
          this.stringReachedEnd = false;
          this.position = position + 1;
          return text.slice(quoteStart + 1, position);
        }
      }
    }
    const closeKind = closeKindOf(openCode);
    if (openCode !== codeDoubleQuote) this.repair(quoteRepairKind(openCode), quoteStart);
    const repairCount = this.repairs.length;
    let stopAtDelimiter = false;
    let stopAt = -1;
    for (;;) {
      this.position = quoteStart + 1;
      const outcome = this.scanString(closeKind, quoteStart, stopAtDelimiter, stopAt);
      if (outcome === stringDone) return this.stringValue;
      // The first reading found a quote that cannot be the end quote: the real end quote is missing.
      // Read again, now ending the string at the first delimiter or at the given comma.
      this.truncateRepairs(repairCount);
      if (outcome === restartAtDelimiter) stopAtDelimiter = true;
      else stopAt = outcome;
    }
  }

  /**
   * Reads string content after the opening quote. Returns `stringDone` with the value in
   * `stringValue`, or asks for a second reading: `restartAtDelimiter`, or an index to stop at.
   */
  private scanString(
    closeKind: number,
    quoteStart: number,
    stopAtDelimiter: boolean,
    stopAt: number,
  ): number {
    const text = this.text;
    const length = this.length;
    const firstReading = !stopAtDelimiter && stopAt < 0;
    const scanLimit = stopAt >= 0 ? stopAt : length;
    let position = this.position;
    let value = '';
    let segmentStart = position;
    // Brackets opened inside the string, counted lazily up to `bracketsCountedTo` and only when a
    // quote is followed by a closer: `"(72") tall"` keeps its quote because the `(` is open.
    let bracketsCountedTo = position;
    // Whether a quote inside this string was already judged not to be its end (see stringEndVerdict).
    let innerQuote = false;
    let openParentheses = 0;
    let openBrackets = 0;
    let openBraces = 0;
    this.stringReachedEnd = false;
    for (;;) {
      // Skip ordinary characters in a tight loop; everything below handles one special character.
      if (!stopAtDelimiter) {
        if (closeKind === closeDoubleQuote) {
          while (position < scanLimit) {
            const code = text.charCodeAt(position);
            if (
              code === codeDoubleQuote ||
              code === codeBackslash ||
              code < codeSpace ||
              code === codeRightDoubleQuote
            )
              break;
            position++;
          }
        } else {
          while (position < scanLimit) {
            const code = text.charCodeAt(position);
            if (code === codeBackslash || code < codeSpace || isClosingQuote(closeKind, code)) break;
            position++;
          }
        }
      }
      if (position >= length) {
        if (firstReading) {
          const previous = this.previousNonWhitespace(length - 1, quoteStart);
          if (previous > quoteStart && isStringRestartDelimiter(text.charCodeAt(previous)))
            return restartAtDelimiter;
        }
        this.stringValue = trimTrailingWhitespace(value + text.slice(segmentStart, length));
        this.stringReachedEnd = true;
        this.repair('truncated', length);
        this.position = length;
        return stringDone;
      }
      if (position === stopAt) {
        this.stringValue = trimTrailingWhitespace(value + text.slice(segmentStart, position));
        this.repair('missing_quote', position);
        this.position = position;
        return stringDone;
      }
      const code = text.charCodeAt(position);
      if (code === codeRightDoubleQuote && closeKind === closeDoubleQuote) {
        // `"value”,`: a straight quote closed by a typographic one, when a delimiter follows it
        if (
          !stopAtDelimiter &&
          this.stringEndVerdict(position, innerQuote) !== stringEndNo &&
          !includesCode(text, quoteStart + 1, position, codeLeftDoubleQuote)
        ) {
          this.stringValue = value + text.slice(segmentStart, position);
          this.repair('typographic_closing_quote', position);
          this.position = position + 1;
          return stringDone;
        }
        position++;
        continue;
      }
      if (isClosingQuote(closeKind, code)) {
        let verdict = stopAtDelimiter ? stringEndYes : this.stringEndVerdict(position, innerQuote);
        if (verdict > stringEndYes) {
          for (; bracketsCountedTo < position; bracketsCountedTo++) {
            switch (text.charCodeAt(bracketsCountedTo)) {
              case codeOpenParenthesis:
                openParentheses++;
                break;
              case codeCloseParenthesis:
                if (openParentheses > 0) openParentheses--;
                break;
              case codeOpenBracket:
                openBrackets++;
                break;
              case codeCloseBracket:
                if (openBrackets > 0) openBrackets--;
                break;
              case codeOpenBrace:
                openBraces++;
                break;
              case codeCloseBrace:
                if (openBraces > 0) openBraces--;
                break;
            }
          }
          const open =
            verdict === codeCloseParenthesis
              ? openParentheses
              : verdict === codeCloseBracket
                ? openBrackets
                : openBraces;
          // A bracket the string opened keeps it going past this quote (`"f() { return "a" }"`),
          // unless no quote follows at all: then this one must end it (`{"a": "x{"},}`).
          verdict = open === 0 || !this.quoteFollows(position) ? stringEndYes : stringEndNo;
        }
        if (verdict === stringEndYes) {
          this.stringValue = value + text.slice(segmentStart, position);
          this.position = position + 1;
          return stringDone;
        }
        if (firstReading) {
          const previous = this.previousNonWhitespace(position - 1, quoteStart);
          if (previous > quoteStart) {
            const previousCode = text.charCodeAt(previous);
            // `{"a":"b,"c":1}`: the string should have ended before that comma.
            if (previousCode === codeComma) return previous;
            if (isStringRestartDelimiter(previousCode)) return restartAtDelimiter;
          }
        }
        this.repair('unescaped_quote', position);
        innerQuote = true;
        position++;
        continue;
      }
      if (code === codeBackslash) {
        if (stopAt > position && stopAt < position + 2) {
          // `"hello\, "world"`: the comma to stop at is the escaped one.
          this.stringValue = trimTrailingWhitespace(value + text.slice(segmentStart, position));
          this.repair('missing_quote', stopAt);
          this.position = stopAt;
          return stringDone;
        }
        value += text.slice(segmentStart, position);
        position = this.readEscape(position);
        value += this.stringValue;
        segmentStart = position;
        continue;
      }
      if (code < codeSpace) {
        if (stopAtDelimiter && code === codeNewline) {
          this.stringValue = trimTrailingWhitespace(value + text.slice(segmentStart, position));
          this.repair('missing_quote', position);
          this.position = position;
          return stringDone;
        }
        this.repair(
          code === codeNewline || code === codeCarriageReturn
            ? 'raw_newline_in_string'
            : 'raw_control_character',
          position,
        );
        position++;
        continue;
      }
      if (stopAtDelimiter && this.isDelimiterStop(code, position)) {
        this.stringValue = trimTrailingWhitespace(value + text.slice(segmentStart, position));
        this.repair('missing_quote', position);
        this.position = position;
        return stringDone;
      }
      position++;
    }
  }

  /** Decodes the escape at `position` into `stringValue`; returns the index after it. */
  protected readEscape(position: number): number {
    const text = this.text;
    const next = position + 1 < text.length ? text.charCodeAt(position + 1) : -1;
    switch (next) {
      case codeDoubleQuote:
        this.stringValue = '"';
        return position + 2;
      case codeBackslash:
        this.stringValue = '\\';
        return position + 2;
      case codeSlash:
        this.stringValue = '/';
        return position + 2;
      case codeLowercaseB:
        this.stringValue = '\b';
        return position + 2;
      case codeLowercaseF:
        this.stringValue = '\f';
        return position + 2;
      case codeLowercaseN:
        this.stringValue = '\n';
        return position + 2;
      case codeLowercaseR:
        this.stringValue = '\r';
        return position + 2;
      case codeLowercaseT:
        this.stringValue = '\t';
        return position + 2;
      case codeLowercaseU: {
        let digits = 0;
        let unit = 0;
        while (
          digits < 4 &&
          position + 2 + digits < this.length &&
          isHexDigit(text.charCodeAt(position + 2 + digits))
        ) {
          unit = unit * 16 + hexValue(text.charCodeAt(position + 2 + digits));
          digits++;
        }
        if (digits === 4) {
          this.stringValue = String.fromCharCode(unit);
          return position + 6;
        }
        if (position + 2 + digits >= this.length) {
          // `"\u26` at the end of the text: a cut-off escape, dropped.
          this.stringValue = '';
          return this.length;
        }
        this.repair('invalid_escape', position);
        this.stringValue = 'u';
        return position + 2;
      }
      default:
        if (position + 1 >= this.length) {
          this.stringValue = '';
          return this.length;
        }
        // `\'`, `\a`, a backslash before a line break: keep the character, drop the backslash.
        this.repair('invalid_escape', position);
        this.stringValue = text.charAt(position + 1);
        return position + 2;
    }
  }

  /**
   * Whether the quote at `quotePosition` ends the string, judged by what follows it: the end of the
   * text, a separator, the start of a next value, a comment or `+` end it; a letter does not (the
   * quote is part of the text). Returns `stringEndYes`, `stringEndNo`, or the code of a closer that
   * follows: then the string ends unless it has that kind of bracket open. `innerQuote`: an earlier
   * quote of this string was not its end (then a comma in a member value needs a key after it).
   */
  private stringEndVerdict(quotePosition: number, innerQuote: boolean): number {
    const text = this.text;
    const length = this.length;
    let position = quotePosition + 1;
    let newline = false;
    for (;;) {
      if (position >= length) return stringEndYes;
      const code = text.charCodeAt(position);
      if (code === codeSpace || code === codeTab) position++;
      else if (code === codeNewline || code === codeCarriageReturn) {
        newline = true;
        position++;
      } else break;
    }
    const code = text.charCodeAt(position);
    switch (code) {
      case codeComma:
        // `"said "hi", and also"`: in a member value, a comma ends the string only when a key, a
        // closer or the end follows it (BAML's jsonish reads it so; coercion.md Table A row 23). Only
        // looked at once the string holds a quote that was not its end, so plain strings pay nothing.
        return innerQuote && this.inMemberValue && !commaEndsMember(text, position + 1)
          ? stringEndNo
          : stringEndYes;
      case codeColon:
      case codeOpenBrace:
      case codeOpenBracket:
      case codePlus:
        return stringEndYes;
      case codeCloseBrace:
      case codeCloseBracket:
      case codeCloseParenthesis:
        return code;
      case codeSlash: {
        const next = position + 1 < text.length ? text.charCodeAt(position + 1) : -1;
        return next === codeSlash || next === codeAsterisk ? stringEndYes : stringEndNo;
      }
    }
    if (isDigit(code)) return stringEndYes;
    if (isQuote(code)) {
      // `"a" "b"`: a next string (a comma is missing). But when that next quote is itself followed
      // by what ends a string (`"weather in "Paris"", "n": 1`, `"72""` at the end), this quote is
      // part of the text.
      const afterNext = this.nextNonWhitespace(position + 1);
      if (afterNext >= length) return stringEndNo;
      const following = text.charCodeAt(afterNext);
      return following === codeComma ||
        following === codeColon ||
        following === codeCloseBrace ||
        following === codeCloseBracket
        ? stringEndNo
        : stringEndYes;
    }
    // `"John"⏎  lastName: "Smith"`: a quote ending a line before a `key:` ends the string.
    if (newline && isIdentifierStart(code) && this.isUnquotedKeyAt(position)) return stringEndYes;
    return stringEndNo;
  }

  /**
   * Whether a quote character of any kind comes after `position`. Searched once per document: the
   * position of the last quote is remembered, so each call is constant time.
   */
  private quoteFollows(position: number): boolean {
    if (this.lastQuote === undefined) {
      let last = -1;
      for (let index = this.length - 1; index >= 0; index--) {
        if (isQuote(this.text.charCodeAt(index))) {
          last = index;
          break;
        }
      }
      this.lastQuote = last;
    }
    return this.lastQuote > position;
  }

  /** Whether an identifier followed by a colon starts at `position`. */
  private isUnquotedKeyAt(position: number): boolean {
    const text = this.text;
    let cursor = position;
    while (cursor < this.length && isIdentifierPart(text.charCodeAt(cursor))) cursor++;
    while (cursor < this.length && isSpaceOrTab(text.charCodeAt(cursor))) cursor++;
    return text.charCodeAt(cursor) === codeColon;
  }

  /** In the second reading: the characters that end a string whose end quote is missing. */
  private isDelimiterStop(code: number, position: number): boolean {
    switch (code) {
      case codeComma:
      case codeOpenBracket:
      case codeCloseBracket:
      case codeOpenBrace:
      case codeCloseBrace:
      case codePlus:
        return true;
      case codeSlash: {
        const next = position + 1 < this.length ? this.text.charCodeAt(position + 1) : -1;
        // A comment ends it, but not the `//` of `https://`.
        return (
          next === codeAsterisk || (next === codeSlash && this.text.charCodeAt(position - 1) !== codeColon)
        );
      }
      default:
        return false;
    }
  }

  protected isTripleQuoteAt(position: number, code: number): boolean {
    const text = this.text;
    return (
      position + 2 < this.length &&
      text.charCodeAt(position + 1) === code &&
      text.charCodeAt(position + 2) === code
    );
  }

  /** `"""…"""`, `'''…'''` (Python) and ```` ```…``` ```` (Markdown) string values. */
  protected parseTripleQuotedString(code: number): string {
    const text = this.text;
    const start = this.position;
    this.repair('triple_quoted_string', start);
    const delimiter = text.slice(start, start + 3);
    const contentStart = start + 3;
    const close = text.indexOf(delimiter, contentStart);
    let content: string;
    if (close < 0) {
      content = text.slice(contentStart);
      this.repair('truncated', this.length);
      this.position = this.length;
      this.complete = false;
    } else {
      content = text.slice(contentStart, close);
      this.position = close + 3;
    }
    if (code === codeBacktick) {
      // A fenced value's first line is its language tag.
      const lineEnd = content.indexOf('\n');
      if (lineEnd >= 0) content = content.slice(lineEnd);
    }
    this.stringReachedEnd = false;
    return dedentBlock(content);
  }
}

/** Characters before a false end quote that mean the real end quote is missing. */
function isStringRestartDelimiter(code: number): boolean {
  return (
    code === codeComma ||
    code === codeOpenBracket ||
    code === codeCloseBracket ||
    code === codeOpenBrace ||
    code === codeCloseBrace ||
    code === codePlus ||
    code === codeSlash
  );
}

function hexValue(code: number): number {
  if (code <= 0x39) return code - 0x30;
  if (code <= 0x46) return code - 0x37;
  return code - 0x57;
}

function trimTrailingWhitespace(value: string): string {
  const end = trimWhitespaceBefore(value, value.length, 0);
  return end === value.length ? value : value.slice(0, end);
}
