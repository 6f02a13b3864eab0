import { setOwnProperty } from '../internal/set-own-property.js';
import {
  codeAcuteAccent,
  codeBackslash,
  codeBacktick,
  codeCloseBrace,
  codeCloseBracket,
  codeCloseParenthesis,
  codeColon,
  codeComma,
  codeDot,
  codeDoubleQuote,
  codeHorizontalEllipsis,
  codeLeftDoubleQuote,
  codeLeftSingleQuote,
  codeMinus,
  codeOpenBrace,
  codeOpenBracket,
  codeRightDoubleQuote,
  codeRightSingleQuote,
  codeSemicolon,
  codeSingleQuote,
  codeSlash,
  codeSpace,
  codeZero,
  isQuote,
} from './character-codes.js';
import { contextTop } from './context-delimiters.js';
import { LenientContextualReader } from './lenient-contextual-reader.js';
import { noValue, unexpectedCharacter } from './lenient-json-cursor.js';
import { isUnquotedKeyStart } from './lenient-word-reader.js';

// Recently seen object keys (see readPlainKey). Shared by all parses: it only ever holds short
// strings that appeared as keys, and a wrong slot is detected by comparing the text.
const maximumCachedKeyLength = 32;
const keyCache: Array<string | undefined> = new Array(256).fill(undefined);

/**
 * The lenient JSON engine's values and their structure (a layer of the engine, see
 * lenient-json-cursor.ts): the dispatch on a value's first character, objects and arrays, and their
 * recovery: missing and extra commas, colons and values, ellipses, doubled braces, closers that
 * belong to an outer container, cut-off keys.
 */
export abstract class LenientValueParser extends LenientContextualReader {
  parseValue(): unknown {
    if (this.position >= this.length) return noValue;
    const code = this.text.charCodeAt(this.position);
    if (this.contextual) return this.parseContextualValue(code, contextTop);
    // The most common starts first; the switch below handles the rest.
    if (code === codeDoubleQuote) {
      return this.isTripleQuoteAt(this.position, code)
        ? this.parseTripleQuotedString(code)
        : this.parseQuotedString();
    }
    if (code >= codeZero && code <= 0x39) return this.parseNumber();
    switch (code) {
      case codeOpenBrace:
        return this.parseObject();
      case codeOpenBracket:
        return this.parseArray();
      case codeDoubleQuote:
      case codeSingleQuote:
      case codeBacktick:
        if (this.isTripleQuoteAt(this.position, code)) return this.parseTripleQuotedString(code);
        return this.parseQuotedString();
      case codeLeftDoubleQuote:
      case codeRightDoubleQuote:
      case codeLeftSingleQuote:
      case codeRightSingleQuote:
      case codeAcuteAccent:
        return this.parseQuotedString();
      case codeMinus:
      case codeDot:
      case 0x30:
      case 0x31:
      case 0x32:
      case 0x33:
      case 0x34:
      case 0x35:
      case 0x36:
      case 0x37:
      case 0x38:
      case 0x39:
        return this.parseNumber();
      case codeSlash:
        return this.parseRegularExpression();
      case codeComma:
      case codeColon:
      case codeCloseBracket:
      case codeCloseBrace:
      case codeCloseParenthesis:
      case codeSemicolon:
        return noValue;
      default:
        return this.parseWord();
    }
  }

  private parseObject(): unknown {
    const text = this.text;
    this.enterContainer();
    this.position++;
    this.openObjects++;
    const object: Record<string, unknown> = {};
    let memberCount = 0;
    let expectingKey = true;
    let commaPosition = -1;
    for (;;) {
      this.skipWhitespaceAndComments();
      const position = this.position;
      if (position >= this.length) {
        this.repair('truncated', position);
        break;
      }
      const code = text.charCodeAt(position);
      if (code === codeDoubleQuote && expectingKey) {
        // The common case first: a quoted key where one is expected.
        this.inMemberValue = false;
        const key = this.readPlainKey(position) ?? this.parseQuotedString();
        if (this.stringReachedEnd) break; // `{"a": 1, "na`: a cut-off key is dropped, see below
        setOwnProperty(object, key, this.parseMemberValue());
        memberCount++;
        expectingKey = false;
        commaPosition = -1;
        continue;
      }
      if (code === codeCloseBrace) {
        if (commaPosition >= 0 && expectingKey) this.repair('trailing_comma', commaPosition);
        this.position++;
        break;
      }
      if (code === codeComma) {
        if (expectingKey)
          this.repair(memberCount === 0 && commaPosition < 0 ? 'leading_comma' : 'redundant_comma', position);
        commaPosition = position;
        expectingKey = true;
        this.position++;
        continue;
      }
      if (code === codeCloseBracket || code === codeCloseParenthesis) {
        this.endAtForeignCloser(code, position);
        break;
      }
      const ellipsis = this.ellipsisLengthAt(position);
      if (ellipsis > 0) {
        this.repair('ellipsis', position);
        this.position += ellipsis;
        this.skipWhitespaceAndComments();
        if (this.position < this.length && text.charCodeAt(this.position) === codeComma) this.position++;
        commaPosition = -1;
        expectingKey = true;
        continue;
      }
      if (code === codeOpenBrace || code === codeOpenBracket) {
        if (this.openArrays > 0 || memberCount > 0) {
          // `[{"a":1{"b":2}]`: the object was never closed; its array sees the next object.
          this.repair('missing_closing_bracket', position);
          break;
        }
        if (code === codeOpenBrace) return this.parseDoubledBrace(position);
        this.fail('object key expected', position);
      }
      if (!expectingKey) this.repair('missing_comma', position);
      this.inMemberValue = false;
      const key = this.parseKey();
      if (this.stringReachedEnd) {
        // The text stops inside the key (`{"a": 1, "na`): the member is dropped, the key may be cut.
        break;
      }
      const value = this.parseMemberValue();
      setOwnProperty(object, key, value);
      memberCount++;
      expectingKey = false;
      commaPosition = -1;
    }
    this.openObjects--;
    this.depth--;
    return object;
  }

  /**
   * A key without escapes directly followed by `:`, the common case, taken from a small cache of
   * recent keys when possible. Reusing the same string object lets the engine skip interning it
   * again when it becomes a property name, which is most of the cost of building objects.
   * Returns `undefined` (cursor unchanged) for anything else.
   */
  private readPlainKey(quote: number): string | undefined {
    const text = this.text;
    const length = this.length;
    let position = quote + 1;
    let hash = 0;
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code === codeDoubleQuote || code === codeBackslash || code < codeSpace) break;
      hash = (hash * 31 + code) | 0;
      position++;
    }
    if (position >= length) return undefined; // the loop stopped at a quote otherwise
    let after = position + 1;
    while (after < length && text.charCodeAt(after) === codeSpace) after++;
    if (after >= length || text.charCodeAt(after) !== codeColon) return undefined;
    const keyLength = position - quote - 1;
    this.position = position + 1;
    this.stringReachedEnd = false;
    if (keyLength > maximumCachedKeyLength) return text.slice(quote + 1, position);
    const slot = (hash ^ keyLength) & (keyCache.length - 1);
    const cached = keyCache[slot];
    if (cached !== undefined && cached.length === keyLength && text.startsWith(cached, quote + 1))
      return cached;
    const key = text.slice(quote + 1, position);
    keyCache[slot] = key;
    return key;
  }

  /** `{{"a": 1}}`, as a prompt template that escapes braces makes a model write. */
  private parseDoubledBrace(position: number): unknown {
    this.repair('doubled_brace', position);
    this.openObjects--;
    const inner = this.parseObject();
    this.skipWhitespaceAndComments();
    if (this.position < this.length && this.text.charCodeAt(this.position) === codeCloseBrace)
      this.position++;
    this.depth--;
    return inner;
  }

  private parseKey(): string {
    const code = this.text.charCodeAt(this.position);
    if (isQuote(code)) return this.parseQuotedString();
    if (isUnquotedKeyStart(code)) {
      const key = this.parseUnquotedKey();
      this.stringReachedEnd = this.position >= this.length;
      return key;
    }
    return this.fail('object key expected', this.position);
  }

  /** The colon and value after a key. A key without a value gets `null`. */
  private parseMemberValue(): unknown {
    this.skipWhitespaceAndComments();
    const position = this.position;
    if (position >= this.length) {
      this.repair('truncated', position);
      return null;
    }
    const code = this.text.charCodeAt(position);
    if (code === codeColon) {
      this.position++;
      this.skipWhitespaceAndComments();
    } else if (code === codeComma || code === codeCloseBrace || code === codeCloseBracket) {
      this.repair('missing_value', position);
      return null;
    } else {
      this.repair('missing_colon', position);
    }
    this.inMemberValue = true;
    const value = this.parseValue();
    this.inMemberValue = false;
    if (value !== noValue) return value;
    const after = this.position;
    if (after >= this.length) {
      this.repair('truncated', after);
      return null;
    }
    const next = this.text.charCodeAt(after);
    if (
      next === codeComma ||
      next === codeCloseBrace ||
      next === codeCloseBracket ||
      next === codeCloseParenthesis
    ) {
      this.repair('missing_value', after);
      return null;
    }
    return this.fail(unexpectedCharacter(this.text, after), after);
  }

  private parseArray(): unknown[] {
    const text = this.text;
    this.enterContainer();
    this.position++;
    this.openArrays++;
    const items: unknown[] = [];
    let expectingValue = true;
    let commaPosition = -1;
    let afterEllipsis = false;
    for (;;) {
      this.skipWhitespaceAndComments();
      const position = this.position;
      if (position >= this.length) {
        this.repair('truncated', position);
        break;
      }
      const code = text.charCodeAt(position);
      if (code === codeCloseBracket) {
        if (commaPosition >= 0 && expectingValue) this.repair('trailing_comma', commaPosition);
        this.position++;
        break;
      }
      if (code === codeComma) {
        if (afterEllipsis) afterEllipsis = false;
        else if (expectingValue) {
          this.repair(
            items.length === 0 && commaPosition < 0 ? 'leading_comma' : 'redundant_comma',
            position,
          );
        }
        commaPosition = position;
        expectingValue = true;
        this.position++;
        continue;
      }
      if (code === codeCloseBrace || code === codeCloseParenthesis) {
        this.endAtForeignCloser(code, position);
        break;
      }
      const ellipsis = this.ellipsisLengthAt(position);
      if (ellipsis > 0) {
        this.repair('ellipsis', position);
        this.position += ellipsis;
        afterEllipsis = true;
        expectingValue = true;
        commaPosition = -1;
        continue;
      }
      if (!expectingValue) this.repair('missing_comma', position);
      this.inMemberValue = false;
      const value = this.parseValue();
      if (value === noValue) this.fail(unexpectedCharacter(text, position), position);
      items.push(value);
      expectingValue = false;
      afterEllipsis = false;
      commaPosition = -1;
    }
    this.openArrays--;
    this.depth--;
    return items;
  }

  /**
   * A closer at `position` that does not match the innermost container ends it: a closer that matches
   * a container further out is left for that one (the inner one lacked its own), any other is skipped.
   */
  private endAtForeignCloser(code: number, position: number): void {
    const belongsOutside =
      code === codeCloseBrace
        ? this.openObjects > 0
        : code === codeCloseBracket
          ? this.openArrays > 0
          : this.openCalls > 0;
    if (belongsOutside) {
      this.repair('missing_closing_bracket', position);
    } else {
      this.repair('mismatched_closing_bracket', position);
      this.position++;
    }
  }

  /** `...` or `…` standing for omitted items. */
  private ellipsisLengthAt(position: number): number {
    const text = this.text;
    const code = text.charCodeAt(position);
    if (code === codeHorizontalEllipsis) return 1;
    if (
      code === codeDot &&
      position + 2 < this.length &&
      text.charCodeAt(position + 1) === codeDot &&
      text.charCodeAt(position + 2) === codeDot
    ) {
      return 3;
    }
    return 0;
  }
}
