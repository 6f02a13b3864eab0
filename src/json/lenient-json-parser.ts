import {
  codeBackslash,
  codeBacktick,
  codeCloseBrace,
  codeCloseBracket,
  codeComma,
  codeDot,
  codeDoubleQuote,
  codeMinus,
  codeOpenBrace,
  codeOpenBracket,
  codePlus,
  codeSemicolon,
  isDigit,
  isIdentifierPart,
  isQuote,
  isSpaceOrTab,
} from './character-codes.js';
import { LenientJsonFailure, noValue, unexpectedCharacter } from './lenient-json-cursor.js';
import { LenientValueParser } from './lenient-value-parser.js';
import { unescapeJsonText } from './unescape-json-text.js';

/**
 * The one lenient JSON engine, in two modes (`lenient-json-mode.ts`), and its document level: a whole
 * model output, with fences, prose, lists of values, stringified JSON and trailing text. Internal to
 * src/json; `parseLenientJson` and `parseLenientJsonValue` (mode `callBody`) and `decodeLenient`
 * (mode `freeText`, read through `parseContextualDocument`, which never fails) are the entry points.
 * The layers below this class, one job each, are listed in lenient-json-cursor.ts.
 */
export class LenientJsonParser extends LenientValueParser {
  /** Parses the whole text as one document. Leaves `position` where the used part of the text ends. */
  parseDocument(): unknown {
    this.skipWhitespaceAndComments();
    if (this.position >= this.length) {
      // Table A row 36: an empty argument text means "no arguments".
      this.repair('empty_input', this.position);
      this.position = this.length;
      return {};
    }
    let fenceOpen = false;
    let wrapperCloser = -1;
    const text = this.text;
    const first = text.charCodeAt(this.position);
    // Wrappers are recognised by the first one or two significant characters, checked cheaply.
    if (first === codeBacktick && this.isFenceAt(this.position)) {
      this.openFence(this.position);
      fenceOpen = true;
      this.skipWhitespaceAndComments();
    } else if (first === codeOpenBrace || first === codeOpenBracket) {
      const afterBracket = this.nextNonWhitespace(this.position + 1);
      const second = afterBracket < this.length ? text.charCodeAt(afterBracket) : -1;
      if (second === codeBacktick && this.isFenceAt(afterBracket)) {
        // `[```json … ```]`: a fence wrapped in a stray bracket.
        wrapperCloser = first === codeOpenBrace ? codeCloseBrace : codeCloseBracket;
        this.openFence(afterBracket);
        fenceOpen = true;
        this.skipWhitespaceAndComments();
      } else if (
        second === codeBackslash &&
        this.allowEscapedDocument &&
        this.isEscapedDocumentAt(this.position)
      ) {
        return this.parseEscapedDocument(this.position);
      }
    }
    if (
      (fenceOpen || first === codeBackslash) &&
      this.allowEscapedDocument &&
      this.isEscapedDocumentAt(this.position)
    ) {
      return this.parseEscapedDocument(this.position);
    }
    const repairCount = this.repairs.length;
    const valueStart = this.position;
    const value = this.parseValue();
    if (value === noValue || (typeof value === 'string' && this.lastUnquotedStart === valueStart)) {
      // Prose before the JSON (`Here you go: {…}`), or a wrapper we do not know (`<tool_call>{…}`).
      const embedded = this.findEmbeddedJson(valueStart);
      if (embedded >= 0) return this.parseEmbeddedDocument(embedded, valueStart, repairCount);
      if (value === noValue) this.fail(unexpectedCharacter(this.text, valueStart), valueStart);
    }
    return this.finishDocument(value, valueStart, repairCount, fenceOpen, wrapperCloser);
  }

  /** Parses exactly one value at the cursor (after whitespace and comments), nothing around it. */
  parseSingleValue(): unknown {
    this.skipWhitespaceAndComments();
    if (this.position >= this.length) this.fail('no JSON value found', this.position);
    const value = this.parseValue();
    if (value === noValue) this.fail(unexpectedCharacter(this.text, this.position), this.position);
    return value;
  }

  private finishDocument(
    first: unknown,
    valueStart: number,
    repairCount: number,
    fenceOpen: boolean,
    wrapperCloser: number,
  ): unknown {
    const text = this.text;
    const firstIsContainer = typeof first === 'object' && first !== null;
    let items: unknown[] | undefined;
    let end = this.position;
    let openFence = fenceOpen;
    for (;;) {
      const newline = this.skipWhitespaceAndComments();
      const position = this.position;
      if (position >= this.length) {
        end = this.length;
        break;
      }
      const code = text.charCodeAt(position);
      if (this.isFenceAt(position)) {
        if (!openFence) this.repair('markdown_fence', position);
        openFence = false;
        this.position = position + 3;
        if (wrapperCloser >= 0) {
          this.skipWhitespaceAndComments();
          if (text.charCodeAt(this.position) === wrapperCloser) this.position++;
          wrapperCloser = -1;
        }
        end = this.position;
        continue;
      }
      if (code === codeSemicolon) {
        // `callback({…});`
        this.position++;
        end = this.position;
        continue;
      }
      if (code === codeCloseBrace || code === codeCloseBracket) {
        this.repair('redundant_closing_bracket', position);
        this.position++;
        end = this.position;
        continue;
      }
      const item = this.tryParseListItem(code, newline, firstIsContainer);
      if (item !== noValue) {
        if (items === undefined) {
          items = [first];
          this.repair('multiple_values', position);
        }
        items.push(item);
        end = this.position;
        continue;
      }
      if (items === undefined && !firstIsContainer) {
        // A number or word followed by more text is prose (`1. Call it: {…}`): look for JSON after it.
        const embedded = this.findEmbeddedJson(position);
        if (embedded >= 0) return this.parseEmbeddedDocument(embedded, valueStart, repairCount);
      }
      this.repair('surrounding_text', position);
      break;
    }
    this.position = end;
    return items ?? first;
  }

  /**
   * After the first top-level value: a comma or a line break followed by another value makes the
   * document a list (newline-delimited JSON, `1,2,3`). After an object or array only another object
   * or array continues the list, so that a closing sentence is not taken for a list item.
   */
  private tryParseListItem(code: number, newline: boolean, firstIsContainer: boolean): unknown {
    const start = this.position;
    const repairCount = this.repairs.length;
    let separated = newline;
    if (code === codeComma) {
      this.position++;
      this.skipWhitespaceAndComments();
      if (this.position >= this.length) {
        this.truncateRepairs(repairCount);
        this.repair('trailing_comma', start);
        return noValue;
      }
      separated = true;
    }
    const next = this.text.charCodeAt(this.position);
    if (!separated || (firstIsContainer && next !== codeOpenBrace && next !== codeOpenBracket)) {
      this.position = start;
      this.truncateRepairs(repairCount);
      return noValue;
    }
    try {
      const item = this.parseValue();
      if (item !== noValue) return item;
    } catch (error) {
      if (!(error instanceof LenientJsonFailure)) throw error;
    }
    this.position = start;
    this.truncateRepairs(repairCount);
    return noValue;
  }

  /** Restarts the document at `start` (a bracket or fence found after prose) and ignores the prose. */
  private parseEmbeddedDocument(start: number, proseStart: number, repairCount: number): unknown {
    this.truncateRepairs(repairCount);
    this.repair('surrounding_text', proseStart);
    this.position = start;
    let fenceOpen = false;
    if (this.isFenceAt(start)) {
      this.openFence(start);
      fenceOpen = true;
      this.skipWhitespaceAndComments();
    }
    const value = this.parseValue();
    if (value === noValue) this.fail(unexpectedCharacter(this.text, this.position), this.position);
    // A value found inside prose is never the start of a list: anything after it is more prose.
    let end = this.position;
    for (;;) {
      this.skipWhitespaceAndComments();
      if (this.position >= this.length) {
        end = this.length;
        break;
      }
      if (fenceOpen && this.isFenceAt(this.position)) {
        fenceOpen = false;
        this.position += 3;
        end = this.position;
        continue;
      }
      this.repair('surrounding_text', this.position);
      break;
    }
    this.position = end;
    return value;
  }

  /**
   * The first `{`, `[` or code fence at or after `from` that plausibly starts JSON, or -1. A `[`
   * followed by a word (`[link](…)`, `[1]` citations are still taken) is skipped.
   */
  private findEmbeddedJson(from: number): number {
    const text = this.text;
    const brace = text.indexOf('{', from);
    const fence = text.indexOf('```', from);
    let bracket = text.indexOf('[', from);
    while (bracket >= 0 && (brace < 0 || bracket < brace) && !this.isPlausibleArrayStart(bracket)) {
      bracket = text.indexOf('[', bracket + 1);
    }
    let best = -1;
    for (const candidate of [brace, bracket, fence]) {
      if (candidate >= 0 && (best < 0 || candidate < best)) best = candidate;
    }
    return best;
  }

  private isPlausibleArrayStart(bracket: number): boolean {
    const next = this.nextNonWhitespace(bracket + 1);
    if (next >= this.length) return true;
    const code = this.text.charCodeAt(next);
    return (
      code === codeOpenBrace ||
      code === codeOpenBracket ||
      code === codeCloseBracket ||
      code === codeMinus ||
      isQuote(code) ||
      isDigit(code) ||
      this.text.startsWith('true', next) ||
      this.text.startsWith('false', next) ||
      this.text.startsWith('null', next)
    );
  }

  private isEscapedDocumentAt(position: number): boolean {
    const text = this.text;
    let start = position;
    const code = text.charCodeAt(start);
    if (code === codeOpenBrace || code === codeOpenBracket) start = this.nextNonWhitespace(start + 1);
    return (
      start + 1 < this.length &&
      text.charCodeAt(start) === codeBackslash &&
      text.charCodeAt(start + 1) === codeDoubleQuote
    );
  }

  /** `{\"a\": 1}`: JSON that was stringified once. Unescape, parse, and map offsets back. */
  private parseEscapedDocument(start: number): unknown {
    const unescaped = unescapeJsonText(this.text, start);
    const inner = new LenientJsonParser(unescaped.text, this.maxDepth, false);
    this.repair('escaped_json', start);
    let value: unknown;
    try {
      value = inner.parseDocument();
    } catch (error) {
      if (error instanceof LenientJsonFailure)
        this.fail(error.message, unescaped.sourceOffset(error.position));
      throw error;
    }
    for (const repair of inner.repairs) this.repair(repair.kind, unescaped.sourceOffset(repair.position));
    this.position = unescaped.sourceOffset(inner.position);
    return value;
  }

  private isFenceAt(position: number): boolean {
    const text = this.text;
    return (
      position + 2 < this.length &&
      text.charCodeAt(position) === codeBacktick &&
      text.charCodeAt(position + 1) === codeBacktick &&
      text.charCodeAt(position + 2) === codeBacktick
    );
  }

  /** Skips an opening fence and its language tag (```` ```json ````). */
  private openFence(position: number): void {
    const text = this.text;
    this.repair('markdown_fence', position);
    let cursor = position + 3;
    while (cursor < this.length && isFenceTagCharacter(text.charCodeAt(cursor))) cursor++;
    while (cursor < this.length && isSpaceOrTab(text.charCodeAt(cursor))) cursor++;
    this.position = cursor;
  }
}

function isFenceTagCharacter(code: number): boolean {
  return isIdentifierPart(code) || code === codeMinus || code === codePlus || code === codeDot;
}
