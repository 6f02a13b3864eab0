import { setOwnProperty } from '../internal/set-own-property.js';
import {
  codeBackslash,
  codeBacktick,
  codeCloseBrace,
  codeCloseBracket,
  codeColon,
  codeComma,
  codeDoubleQuote,
  codeLeftDoubleQuote,
  codeLeftSingleQuote,
  codeNewline,
  codeOpenBrace,
  codeOpenBracket,
  codeRightDoubleQuote,
  codeRightSingleQuote,
  codeSingleQuote,
  isIdentifierPart,
  isIdentifierStart,
  isJsonWhitespace,
} from './character-codes.js';
import {
  bracketsBalanced,
  contextItem,
  contextMember,
  contextTop,
  endsToken,
  numberLength,
  quoteCloses,
  separatedNumberLength,
  unquotedEnd,
  type ValueContext,
} from './context-delimiters.js';
import { includesCode, noValue, trimWhitespaceBefore } from './lenient-json-cursor.js';
import { LenientNumberReader } from './lenient-number-reader.js';
import { closeSingleLike, isClosingQuote, quoteRepairKind } from './quote-kinds.js';

// Contextual reading keeps deeper text as an unquoted string instead of failing.
const contextualMaxDepth = 512;
const contextualDone = -1;
const contextualSkipped = -2;

/**
 * The lenient JSON engine's contextual reading, the `freeText` mode (`quoteEnd: 'delimiter'`; a layer
 * of the engine, see lenient-json-cursor.ts): where a value ends depends on where it stands (top,
 * member value, array item), see context-delimiters.ts. Never fails.
 */
export abstract class LenientContextualReader extends LenientNumberReader {
  /** Reads one value at the cursor (after whitespace and comments); `noValue` at the end of the text. */
  parseContextualDocument(): unknown {
    this.skipWhitespaceAndComments();
    if (this.position >= this.length) return noValue;
    return this.parseContextualValue(this.text.charCodeAt(this.position), contextTop);
  }

  /** One value in `context`; `noValue` for a number a partial text cut off (it may still grow). */
  protected parseContextualValue(code: number, context: ValueContext): unknown {
    const text = this.text;
    const start = this.position;
    if (this.depth >= contextualMaxDepth) return this.parseContextualUnquoted(start, context);
    if (code === codeOpenBrace) return this.parseContextualObject();
    if (code === codeOpenBracket) return this.parseContextualArray();
    if (
      code === codeDoubleQuote ||
      code === codeSingleQuote ||
      code === codeBacktick ||
      code === codeLeftDoubleQuote ||
      code === codeLeftSingleQuote
    ) {
      if (code < 0x80 && this.isTripleQuoteAt(start, code)) return this.parseTripleQuotedString(code);
      return this.parseContextualString(context, false);
    }
    if (this.mode.thousandsSeparators) {
      const length = separatedNumberLength(text, start);
      if (length > 0 && endsToken(text, start + length, context)) {
        // `-2,000.00`: US thousands separators inside a value (BAML reads them as one number)
        this.repair('thousands_separator', start);
        this.position = start + length;
        return Number(text.slice(start, start + length).replace(/,/g, ''));
      }
    }
    const numberEnd = start + numberLength(text, start);
    if (numberEnd > start && endsToken(text, numberEnd, context)) {
      this.position = numberEnd;
      if (
        this.partial &&
        this.mode.cutNumbers === 'omit_when_partial' &&
        numberEnd >= this.length &&
        context !== contextTop
      ) {
        this.repair('cut_number', start);
        return noValue;
      }
      const number = text.slice(start, numberEnd);
      const parsed = Number(number);
      return Number.isFinite(parsed) ? parsed : number;
    }
    if (isIdentifierStart(code)) {
      let end = start + 1;
      while (end < this.length && isIdentifierPart(text.charCodeAt(end))) end++;
      if (endsToken(text, end, context)) {
        const literal = this.readLiteral(start, end);
        if (literal !== noValue) {
          this.position = end;
          return literal;
        }
      }
    }
    return this.parseContextualUnquoted(start, context);
  }

  private parseContextualObject(): Record<string, unknown> {
    const text = this.text;
    const object: Record<string, unknown> = {};
    this.depth++;
    this.position++;
    for (;;) {
      const code = this.nextContextualMember(codeCloseBrace, codeCloseBracket);
      if (code === contextualDone) break;
      if (code === contextualSkipped) continue;
      const position = this.position;
      const key = this.parseContextualKey();
      this.skipWhitespaceAndComments();
      if (this.position < this.length && text.charCodeAt(this.position) === codeColon) this.position++;
      this.skipWhitespaceAndComments();
      if (this.position >= this.length) {
        this.contextualTruncation();
        break;
      }
      const next = text.charCodeAt(this.position);
      if (next === codeCloseBrace || next === codeComma) {
        // `{name}` placeholders and `{"a": }`
        if (this.mode.valuelessKeys === 'omit') this.repair('dropped_key', position);
        else {
          this.repair('missing_value', this.position);
          setOwnProperty(object, key, null);
        }
        continue;
      }
      const value = this.parseContextualValue(next, contextMember);
      if (value !== noValue) setOwnProperty(object, key, value);
    }
    this.depth--;
    return object;
  }

  private parseContextualKey(): string {
    const text = this.text;
    const start = this.position;
    const code = text.charCodeAt(start);
    if (
      code === codeDoubleQuote ||
      code === codeSingleQuote ||
      code === codeBacktick ||
      code === codeLeftDoubleQuote
    ) {
      if (this.isTripleQuoteAt(start, code)) return this.parseTripleQuotedString(code);
      return this.parseContextualString(contextMember, true);
    }
    let end = start;
    while (end < this.length) {
      const next = text.charCodeAt(end);
      if (next === codeColon || next === codeCloseBrace || next === codeComma || next === codeNewline) break;
      end++;
    }
    this.repair('unquoted_key', start);
    this.position = end;
    return text.slice(start, end).trim();
  }

  private parseContextualArray(): unknown[] {
    const text = this.text;
    const items: unknown[] = [];
    this.depth++;
    this.position++;
    for (;;) {
      const code = this.nextContextualMember(codeCloseBracket, codeCloseBrace);
      if (code === contextualDone) break;
      if (code === contextualSkipped) continue;
      const position = this.position;
      if (text.startsWith('...', position)) {
        this.repair('ellipsis', position);
        this.position += 3;
        continue;
      }
      const item = this.parseContextualValue(code, contextItem);
      if (item !== noValue) items.push(item);
      if (this.position === position) this.position++;
    }
    this.depth--;
    return items;
  }

  /**
   * Skips commas before the next member or item. Returns `contextualDone` at the end of the text or
   * after `closer`, `contextualSkipped` after a stray closer of the other kind, else the next code.
   */
  private nextContextualMember(closer: number, stray: number): number {
    this.skipWhitespaceAndComments();
    while (this.position < this.length && this.text.charCodeAt(this.position) === codeComma) {
      this.position++;
      this.skipWhitespaceAndComments();
    }
    const position = this.position;
    if (position >= this.length) {
      this.contextualTruncation();
      return contextualDone;
    }
    const code = this.text.charCodeAt(position);
    this.position++;
    if (code === closer) return contextualDone;
    if (code === stray) {
      this.repair('mismatched_closing_bracket', position);
      return contextualSkipped;
    }
    this.position = position;
    return code;
  }

  private contextualTruncation(): void {
    this.complete = false;
    this.repair('truncated', this.length);
  }

  /**
   * A quoted string whose quote ends it only when a delimiter of `context` follows (`quoteCloses`);
   * a JSON-looking body keeps going until its brackets balance. A `"` string may end at `”`.
   */
  private parseContextualString(context: ValueContext, isKey: boolean): string {
    const text = this.text;
    const length = this.length;
    const start = this.position;
    const open = text.charCodeAt(start);
    if (open !== codeDoubleQuote) this.repair(quoteRepairKind(open), start);
    const close =
      open === codeLeftDoubleQuote
        ? codeRightDoubleQuote
        : open === codeLeftSingleQuote
          ? codeRightSingleQuote
          : open;
    const anySingleLike = open === codeBacktick && this.mode.backticks === 'single_like';
    let value = '';
    let position = start + 1;
    let segmentStart = position;
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code === codeBackslash && position + 1 < length) {
        value += text.slice(segmentStart, position);
        position = this.readEscape(position);
        value += this.stringValue;
        segmentStart = position;
        continue;
      }
      const typographic =
        code === codeRightDoubleQuote &&
        open === codeDoubleQuote &&
        !includesCode(text, start + 1, position, codeLeftDoubleQuote);
      if (
        (code === close || typographic || (anySingleLike && isClosingQuote(closeSingleLike, code))) &&
        quoteCloses(text, position + 1, context, isKey) &&
        (isKey || bracketsBalanced(text, start + 1, position))
      ) {
        if (typographic) this.repair('typographic_closing_quote', position);
        this.position = position + 1;
        return value + text.slice(segmentStart, position);
      }
      if (code === close) this.repair('unescaped_quote', position);
      else if (code === codeNewline) this.repair('raw_newline_in_string', position);
      position++;
    }
    this.contextualTruncation();
    this.position = length;
    return value + text.slice(segmentStart);
  }

  /** Text without quotes up to the end `unquotedEnd` finds; at the top, the rest of the text. */
  private parseContextualUnquoted(start: number, context: ValueContext): unknown {
    const text = this.text;
    const end =
      context === contextTop
        ? this.length
        : unquotedEnd(text, start, context, this.mode.unquotedValues === 'to_next_key');
    this.position = end;
    let from = start;
    let to = end;
    while (from < to && isJsonWhitespace(text.charCodeAt(from))) from++;
    to = trimWhitespaceBefore(text, to, from);
    const literal = to > from ? this.readLiteral(from, to) : noValue;
    if (literal !== noValue) return literal;
    if (to > from) this.repair('unquoted_string', from);
    return text.slice(from, to);
  }
}
