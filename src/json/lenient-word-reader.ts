import {
  codeAsterisk,
  codeBackslash,
  codeCarriageReturn,
  codeCloseBrace,
  codeCloseBracket,
  codeCloseParenthesis,
  codeColon,
  codeComma,
  codeDoubleQuote,
  codeMinus,
  codeNewline,
  codeOpenBrace,
  codeOpenBracket,
  codeOpenParenthesis,
  codeSemicolon,
  codeSlash,
  isIdentifierPart,
  isIdentifierStart,
  isQuote,
  isSpaceOrTab,
  isSpecialWhitespace,
} from './character-codes.js';
import type { JsonRepairKind } from './json-repair.js';
import { noValue, trimWhitespaceBefore } from './lenient-json-cursor.js';
import { LenientStringReader } from './lenient-string-reader.js';

/**
 * The lenient JSON engine's unquoted tokens (a layer of the engine, see lenient-json-cursor.ts):
 * unquoted keys and strings, `true`/`false`/`null` and the Python and JavaScript literals, cut-off
 * keywords, `/regex/` literals, and `callback(…)` / `ObjectId("…")` call wrappers.
 */
export abstract class LenientWordReader extends LenientStringReader {
  /** One value at the cursor, or `noValue` (lenient-value-parser.ts): the argument of a call wrapper. */
  abstract parseValue(): unknown;

  protected parseUnquotedKey(): string {
    const text = this.text;
    const length = this.length;
    const start = this.position;
    let position = start;
    while (position < length) {
      const code = text.charCodeAt(position);
      if (
        code === codeColon ||
        code === codeComma ||
        code === codeOpenBrace ||
        code === codeCloseBrace ||
        code === codeOpenBracket ||
        code === codeCloseBracket ||
        code === codeNewline ||
        code === codeCarriageReturn ||
        isQuote(code)
      ) {
        break;
      }
      if (code === codeSlash) {
        const next = position + 1 < text.length ? text.charCodeAt(position + 1) : -1;
        if (next === codeSlash || next === codeAsterisk) break;
      }
      position++;
    }
    const key = text.slice(start, trimWhitespaceBefore(text, position, start));
    this.repair('unquoted_key', start);
    // `{a":1}`: a key with only its end quote.
    if (
      position < length &&
      text.charCodeAt(position) === codeDoubleQuote &&
      this.nextNonWhitespace(position + 1) < length &&
      text.charCodeAt(this.nextNonWhitespace(position + 1)) === codeColon
    ) {
      this.repair('missing_quote', position);
      position++;
    }
    this.position = position;
    return key;
  }

  /** Keywords, Python and JavaScript literals, function-call wrappers, and unquoted strings. */
  protected parseWord(): unknown {
    const text = this.text;
    const start = this.position;
    if (isIdentifierStart(text.charCodeAt(start))) {
      let end = start + 1;
      while (end < this.length && isIdentifierPart(text.charCodeAt(end))) end++;
      const literal = this.readLiteral(start, end);
      if (literal !== noValue) {
        this.position = end;
        return literal;
      }
      let afterName = end;
      while (afterName < this.length && isSpaceOrTab(text.charCodeAt(afterName))) afterName++;
      if (afterName < this.length && text.charCodeAt(afterName) === codeOpenParenthesis)
        return this.parseCall(start, afterName);
      if (end === this.length && end - start < 5) {
        // Table A row 19: `{"a": tr` at the very end is a cut-off `true`.
        const word = text.slice(start, end);
        for (const [keyword, keywordValue] of truncatableLiterals) {
          if (keyword.startsWith(word)) {
            this.repair('truncated', end);
            this.position = end;
            return keywordValue;
          }
        }
      }
    }
    return this.parseUnquotedString(start);
  }

  protected readLiteral(start: number, end: number): unknown {
    const text = this.text;
    switch (end - start) {
      case 3:
        if (text.startsWith('NaN', start))
          return this.mode.nonFinite === 'text' ? noValue : this.repairedNull('nan', start);
        return noValue;
      case 4:
        if (text.startsWith('true', start)) return true;
        if (text.startsWith('null', start)) return null;
        if (text.startsWith('True', start)) return this.repairedValue('python_literal', start, true);
        if (text.startsWith('None', start)) return this.repairedNull('python_literal', start);
        return noValue;
      case 5:
        if (text.startsWith('false', start)) return false;
        if (text.startsWith('False', start)) return this.repairedValue('python_literal', start, false);
        return noValue;
      case 8:
        if (text.startsWith('Infinity', start))
          return this.mode.nonFinite === 'text' ? noValue : this.repairedNull('infinity', start);
        return noValue;
      case 9:
        if (text.startsWith('undefined', start)) return this.repairedNull('undefined_value', start);
        return noValue;
      default:
        return noValue;
    }
  }

  private repairedNull(kind: JsonRepairKind, position: number): null {
    this.repair(kind, position);
    return null;
  }

  private repairedValue(kind: JsonRepairKind, position: number, value: unknown): unknown {
    this.repair(kind, position);
    return value;
  }

  /** `callback({…})` (JSONP) and `ObjectId("…")` (MongoDB shell): the argument is the value. */
  private parseCall(nameStart: number, parenthesis: number): unknown {
    this.repair('jsonp_wrapper', nameStart);
    this.enterContainer();
    this.openCalls++;
    this.position = parenthesis + 1;
    this.skipWhitespaceAndComments();
    let value = this.parseValue();
    if (value === noValue) value = null;
    this.skipWhitespaceAndComments();
    if (this.position < this.length && this.text.charCodeAt(this.position) === codeCloseParenthesis)
      this.position++;
    this.openCalls--;
    this.depth--;
    return value;
  }

  /**
   * Text without quotes, up to the next separator, bracket, line break or comment; a `:` does not end
   * it (`2024-10-18T18:35:22Z`, `https://…`). Trailing whitespace is not part of it.
   */
  protected parseUnquotedString(start: number): unknown {
    const text = this.text;
    const length = this.length;
    let position = start;
    while (position < length) {
      const code = text.charCodeAt(position);
      if (
        code === codeComma ||
        code === codeOpenBracket ||
        code === codeCloseBracket ||
        code === codeOpenBrace ||
        code === codeCloseBrace ||
        code === codeNewline ||
        code === codeCarriageReturn
      ) {
        break;
      }
      if (code === codeCloseParenthesis && this.openCalls > 0) break;
      if (code === codeSlash) {
        const next = position + 1 < text.length ? text.charCodeAt(position + 1) : -1;
        if (
          next === codeAsterisk ||
          (next === codeSlash && (position === 0 || text.charCodeAt(position - 1) !== codeColon))
        )
          break;
      }
      position++;
    }
    let end = trimWhitespaceBefore(text, position, start);
    if (end === start) return noValue;
    this.repair('unquoted_string', start);
    // `abc"`: a string with only its end quote.
    if (text.charCodeAt(end - 1) === codeDoubleQuote && end - 1 > start) {
      this.repair('missing_quote', start);
      end--;
    }
    this.position = position;
    this.lastUnquotedStart = start;
    return text.slice(start, end);
  }

  /** `/a+b/`, kept as the string `"/a+b/"`. A slash that does not close that way starts unquoted text. */
  protected parseRegularExpression(): unknown {
    const text = this.text;
    const start = this.position;
    let position = start + 1;
    while (position < this.length) {
      const code = text.charCodeAt(position);
      if (code === codeBackslash) position += 2;
      else if (code === codeSlash || code === codeNewline) break;
      else position++;
    }
    if (position < this.length && text.charCodeAt(position) === codeSlash) {
      let end = position + 1;
      while (end < this.length && isIdentifierPart(text.charCodeAt(end))) end++;
      const afterIndex = this.nextNonWhitespace(end);
      const after = afterIndex < this.length ? text.charCodeAt(afterIndex) : Number.NaN;
      if (end >= this.length || Number.isNaN(after) || isValueTerminator(after)) {
        this.repair('regex_literal', start);
        this.position = end;
        return text.slice(start, end);
      }
    }
    return this.parseUnquotedString(start);
  }
}

const truncatableLiterals: ReadonlyArray<readonly [string, unknown]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];

/** Whether `code` can start an unquoted object key. */
export function isUnquotedKeyStart(code: number): boolean {
  return isIdentifierPart(code) || code === codeMinus || (code > 0x7f && !isSpecialWhitespace(code));
}

function isValueTerminator(code: number): boolean {
  return (
    code === codeComma ||
    code === codeCloseBrace ||
    code === codeCloseBracket ||
    code === codeCloseParenthesis ||
    code === codeSemicolon
  );
}
