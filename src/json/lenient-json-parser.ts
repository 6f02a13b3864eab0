// Kept whole: one recursive-descent algorithm over one cursor, one repair log and one set of scanners
// that both modes share (see the class comment). A split into layers of one reader per file (a class
// chain, strings / words / numbers / free text / values / documents) was tried at stop 11 and measured
// 9-12% slower in steady state on Node 20 (decodeLenient over the jsonrepair corpus, CPU time, builds
// taking turns: 0.107 vs 0.096 ms per pass; the six derived constructors alone were 4% of the profile),
// over the 5% issue 17 allows, so the engine stays one file.
import {
  codeAcuteAccent,
  codeAsterisk,
  codeBackslash,
  codeBacktick,
  codeCarriageReturn,
  codeCloseBrace,
  codeCloseBracket,
  codeCloseParenthesis,
  codeColon,
  codeComma,
  codeDollar,
  codeDot,
  codeDoubleQuote,
  codeExclamation,
  codeHash,
  codeHorizontalEllipsis,
  codeLeftDoubleQuote,
  codeLeftSingleQuote,
  codeLowercaseB,
  codeLowercaseE,
  codeLowercaseF,
  codeLowercaseN,
  codeLowercaseR,
  codeLowercaseT,
  codeLowercaseU,
  codeLowercaseX,
  codeMinus,
  codeNewline,
  codeOpenBrace,
  codeOpenBracket,
  codeOpenParenthesis,
  codePlus,
  codeRightDoubleQuote,
  codeRightSingleQuote,
  codeSemicolon,
  codeSingleQuote,
  codeSlash,
  codeSpace,
  codeTab,
  codeUnderscore,
  codeUppercaseE,
  codeUppercaseX,
  codeZero,
  isDigit,
  isHexDigit,
  isIdentifierPart,
  isIdentifierStart,
  isJsonWhitespace,
  isQuote,
  isSpecialWhitespace,
} from './character-codes.js';
import {
  bracketsBalanced,
  commaEndsMember,
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
import { dedentBlock } from './dedent-block.js';
import type { JsonRepair, JsonRepairKind } from './json-repair.js';
import { type LenientJsonMode, lenientJsonModes } from './lenient-json-mode.js';
import { noStrictSpan, StrictSpanReader } from './strict-span-reader.js';
import { unescapeJsonText } from './unescape-json-text.js';

/** Unwinds the parser on a problem it cannot repair. Caught by the public functions; never escapes them. */
export class LenientJsonFailure {
  readonly message: string;
  readonly position: number;
  constructor(message: string, position: number) {
    this.message = message;
    this.position = position;
  }
}

/** Returned by `parseValue` when no value can start at the cursor. */
export const noValue: unique symbol = Symbol('noValue');

// Which characters close a string, by the character that opened it. A `"` string ends only at `"`, a
// `'` string only at `'`; the typographic and backtick quotes end at any quote of their family,
// because models mix `‘…’`, `` `…´ `` and `` `…' ``.
const closeDoubleQuote = 0;
const closeSingleQuote = 1;
const closeSingleLike = 2;
const closeDoubleLike = 3;

// scanString outcomes besides "stop at this index" (>= 0).
const stringDone = -1;
const restartAtDelimiter = -2;

// stringEndVerdict outcomes besides a closer's char code.
const stringEndNo = 0;
const stringEndYes = 1;

/**
 * One-pass recursive-descent parser that builds values directly from possibly malformed JSON and
 * records every repair: the one lenient JSON engine, in two modes (`lenient-json-mode.ts`). Internal
 * to src/json; `parseLenientJson` and `parseLenientJsonValue` (mode `callBody`) and `decodeLenient`
 * (mode `freeText`, read through `parseContextualDocument`, which never fails) are the entry points.
 * Methods throw `LenientJsonFailure` (never anything else on purpose).
 *
 * Why one long file: it is one algorithm over one cursor, one repair log and one set of scanners
 * (strings, escapes, numbers, literals, comments) that both modes share; split, those would have to
 * be passed around or duplicated, which is how the two decoders drifted apart before.
 *
 * Reads stay inside the text: check an index against `length` before `charCodeAt` rather than rely on
 * the `NaN` it returns past the end. V8 throws a function's optimized code away at the first
 * out-of-bounds `charCodeAt`, and truncated input reaches the end of the text all the time, so such
 * reads made the parser recompile again and again before it ran at full speed.
 */
export class LenientJsonParser {
  position = 0;
  readonly repairs: JsonRepair[] = [];
  private readonly text: string;
  private readonly length: number;
  private readonly maxDepth: number;
  private readonly allowEscapedDocument: boolean;
  private depth = 0;
  // How many containers of each kind are open around the cursor: a closer that does not match the
  // innermost container is left for an outer container that it does match.
  private openObjects = 0;
  private openArrays = 0;
  private openCalls = 0;
  // Where the last unquoted string began: the document level uses it to recognise prose.
  private lastUnquotedStart = -1;
  private stringReachedEnd = false;
  private stringValue = '';
  // Whether the string being read is an object member's value (see stringEndVerdict).
  private inMemberValue = false;
  /** `false` once a contextual read ran into the end of the text inside a string, object or array. */
  complete = true;
  // The mode's switches (lenient-json-mode.ts). Only `contextual` is read on hot paths; the others are
  // read where they apply, so that making a parser (one per call body) stays cheap.
  private readonly mode: LenientJsonMode;
  private readonly contextual: boolean;
  private readonly partial: boolean;
  // Made on first use: most call bodies are short and never need it.
  private strictSpanReader: StrictSpanReader | undefined;

  /**
   * `mode` picks how strings and values end (`callBody` by default); `partial` says the text is a
   * prefix of a longer one still streaming (only the `cutNumbers` switch reads it).
   */
  constructor(
    text: string,
    maxDepth: number,
    allowEscapedDocument = true,
    mode: LenientJsonMode = lenientJsonModes.callBody,
    partial = false,
  ) {
    this.text = text;
    this.length = text.length;
    this.maxDepth = maxDepth;
    this.allowEscapedDocument = allowEscapedDocument;
    this.mode = mode;
    this.contextual = mode.quoteEnd === 'delimiter';
    this.partial = partial;
  }

  // ---------------------------------------------------------------------------------------------
  // Documents: a whole model output, with fences, prose, lists of values and trailing text.

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
    const value = this.parseFencedValue(fenceOpen) ?? this.parseValue();
    if (value === noValue || (typeof value === 'string' && this.lastUnquotedStart === valueStart)) {
      // Prose before the JSON (`Here you go: {…}`), or a wrapper we do not know (`<tool_call>{…}`).
      const embedded = this.findEmbeddedJson(valueStart);
      if (embedded >= 0) return this.parseEmbeddedDocument(embedded, valueStart, repairCount);
      if (value === noValue) this.fail(unexpectedCharacter(this.text, valueStart), valueStart);
    }
    return this.finishDocument(value, valueStart, repairCount, fenceOpen, wrapperCloser);
  }

  /**
   * In a fenced document, the object or array up to the closing fence when `JSON.parse` accepts
   * it, read with no scan before (strict-span-reader.ts); `undefined` where the repairing parser
   * must read it.
   */
  private parseFencedValue(fenceOpen: boolean): unknown {
    if (!fenceOpen || this.contextual || this.position >= this.length) return undefined;
    const code = this.text.charCodeAt(this.position);
    if (code !== codeOpenBrace && code !== codeOpenBracket) return undefined;
    const fence = this.text.indexOf('```', this.position);
    if (fence < 0) return undefined;
    const reader = this.strictSpans();
    const value = reader.readUntil(this.position, fence, this.maxDepth - this.depth);
    if (value === noStrictSpan) return undefined;
    this.position = reader.end;
    return value;
  }

  private strictSpans(): StrictSpanReader {
    this.strictSpanReader ??= new StrictSpanReader(this.text);
    return this.strictSpanReader;
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

  // ---------------------------------------------------------------------------------------------
  // Values

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
    if (code === codeOpenBrace || code === codeOpenBracket) {
      // In a long text, strictly valid JSON is read by JSON.parse; only what needs a repair goes on
      // below. A short text gains nothing from it: the scan and the call cost more than they save.
      if (this.length >= strictSpanMinimumText) {
        const reader = this.strictSpans();
        const strict = reader.read(this.position, this.maxDepth - this.depth);
        if (strict !== noStrictSpan) {
          this.position = reader.end;
          return strict;
        }
      }
      return code === codeOpenBrace ? this.parseObject() : this.parseArray();
    }
    switch (code) {
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
        setMember(object, key, this.parseMemberValue());
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
        if (this.closerBelongsOutside(code)) {
          this.repair('missing_closing_bracket', position);
        } else {
          this.repair('mismatched_closing_bracket', position);
          this.position++;
        }
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
      setMember(object, key, value);
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
    this.position = position + 1;
    this.stringReachedEnd = false;
    return cachedKey(text, quote + 1, position, hash);
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
        if (this.closerBelongsOutside(code)) {
          this.repair('missing_closing_bracket', position);
        } else {
          this.repair('mismatched_closing_bracket', position);
          this.position++;
        }
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

  /** Whether a closer that does not match the innermost container matches one further out. */
  private closerBelongsOutside(code: number): boolean {
    if (code === codeCloseBrace) return this.openObjects > 0;
    if (code === codeCloseBracket) return this.openArrays > 0;
    return this.openCalls > 0;
  }

  private enterContainer(): void {
    this.depth++;
    if (this.depth > this.maxDepth) {
      this.fail(`nesting deeper than the maximum depth of ${this.maxDepth}`, this.position);
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

  // ---------------------------------------------------------------------------------------------
  // Strings

  private parseQuotedString(): string {
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
    if (openCode === codeDoubleQuote || openCode === codeSingleQuote) {
      // Fast path for a plain string followed by `,` `:` or a closer it did not open: no judgement.
      // A single-quoted one ends only at a `'`, as in scanString.
      const length = this.length;
      let position = quoteStart + 1;
      while (position < length) {
        const code = text.charCodeAt(position);
        if (code === openCode || code === codeBackslash || code < codeSpace) break;
        position++;
      }
      if (position < length && text.charCodeAt(position) === openCode) {
        let after = position + 1;
        while (after < length && isSpaceOrTab(text.charCodeAt(after))) after++;
        const next = after < length ? text.charCodeAt(after) : -1;
        const plain =
          next === codeComma ||
          next === codeColon ||
          (next === codeCloseBrace && !includesCode(text, quoteStart + 1, position, codeOpenBrace)) ||
          (next === codeCloseBracket && !includesCode(text, quoteStart + 1, position, codeOpenBracket));
        if (plain) {
          if (openCode === codeSingleQuote) this.repair('single_quotes', quoteStart);
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
  private readEscape(position: number): number {
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

  private lastQuote: number | undefined;

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

  private isTripleQuoteAt(position: number, code: number): boolean {
    const text = this.text;
    return (
      position + 2 < this.length &&
      text.charCodeAt(position + 1) === code &&
      text.charCodeAt(position + 2) === code
    );
  }

  /** `"""…"""`, `'''…'''` (Python) and ```` ```…``` ```` (Markdown) string values. */
  private parseTripleQuotedString(code: number): string {
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

  // ---------------------------------------------------------------------------------------------
  // Keys, words, numbers

  private parseUnquotedKey(): string {
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
    const keyEnd = trimWhitespaceBefore(text, position, start);
    let hash = 0;
    if (keyEnd - start <= maximumCachedKeyLength) {
      for (let index = start; index < keyEnd; index++) hash = (hash * 31 + text.charCodeAt(index)) | 0;
    }
    const key = cachedKey(text, start, keyEnd, hash);
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
  private parseWord(): unknown {
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

  private readLiteral(start: number, end: number): unknown {
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
  private parseUnquotedString(start: number): unknown {
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
  private parseRegularExpression(): unknown {
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

  private parseNumber(): unknown {
    const text = this.text;
    const length = this.length;
    const start = this.position;
    let position = start;
    let negative = false;
    if (text.charCodeAt(position) === codeMinus) {
      negative = true;
      position++;
      if (
        text.startsWith('Infinity', position) &&
        (position + 8 >= length || !isIdentifierPart(text.charCodeAt(position + 8)))
      ) {
        this.repair('infinity', start);
        this.position = position + 8;
        return null;
      }
    }
    const integerStart = position;
    if (
      position + 2 < length &&
      text.charCodeAt(position) === codeZero &&
      (text.charCodeAt(position + 1) === codeLowercaseX ||
        text.charCodeAt(position + 1) === codeUppercaseX) &&
      isHexDigit(text.charCodeAt(position + 2))
    ) {
      return this.parseHexNumber(start, position + 2, negative);
    }
    // The digits are also accumulated, so that short numbers need no slice and no string conversion.
    let mantissa = 0;
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code < codeZero || code > 0x39) break;
      mantissa = mantissa * 10 + (code - codeZero);
      position++;
    }
    const integerEnd = position;
    let fractionStart = -1;
    let fractionEnd = -1;
    if (position < length && text.charCodeAt(position) === codeDot) {
      position++;
      fractionStart = position;
      while (position < length) {
        const code = text.charCodeAt(position);
        if (code < codeZero || code > 0x39) break;
        mantissa = mantissa * 10 + (code - codeZero);
        position++;
      }
      fractionEnd = position;
    }
    let exponentStart = -1;
    let exponentDigitsStart = -1;
    let exponentEnd = -1;
    const exponentCode = position < length ? text.charCodeAt(position) : -1;
    const hasDigits = integerEnd > integerStart || fractionEnd > fractionStart;
    // `-e5` has no mantissa: it is a word, not a number.
    if (hasDigits && (exponentCode === codeLowercaseE || exponentCode === codeUppercaseE)) {
      exponentStart = position;
      position++;
      const signCode = position < length ? text.charCodeAt(position) : -1;
      if (signCode === codePlus || signCode === codeMinus) position++;
      exponentDigitsStart = position;
      while (position < length && isDigit(text.charCodeAt(position))) position++;
      exponentEnd = position;
    }
    if (position < length && isNumberContinuation(text, position)) {
      // `0.0.1`, `2024-10-18`, `746de9ad-…`, `12:30`: not a number but text.
      return this.parseUnquotedString(start);
    }
    this.position = position;
    const integerDigits = integerEnd - integerStart;
    if (integerDigits > 1 && text.charCodeAt(integerStart) === codeZero) {
      // `007`: JSON forbids it; keeping the text loses nothing (a zip code, an id).
      this.repair('leading_zero', start);
      return text.slice(start, position);
    }
    const fractionMissing = fractionStart >= 0 && fractionEnd === fractionStart;
    const exponentMissing = exponentStart >= 0 && exponentEnd === exponentDigitsStart;
    if (integerDigits > 0 && !fractionMissing && !exponentMissing) {
      const fractionDigits = fractionStart >= 0 ? fractionEnd - fractionStart : 0;
      if (exponentStart < 0 && integerDigits + fractionDigits <= 15) {
        // Exact: a mantissa below 2^53 divided by an exact power of ten rounds correctly once, so
        // this equals what JSON.parse gives.
        const magnitude =
          fractionDigits === 0 ? mantissa : mantissa / (powersOfTen[fractionDigits] as number);
        return negative ? -magnitude : magnitude;
      }
      return Number(text.slice(start, position));
    }
    // `.5`, `2.`, `1e`, `1e+`, `-`: complete the number the way it was obviously meant.
    if (position >= length) this.repair('truncated', position);
    else this.repair('invalid_number', start);
    let repaired = negative ? '-' : '';
    repaired += integerDigits > 0 ? text.slice(integerStart, integerEnd) : '0';
    if (fractionStart >= 0 && !fractionMissing) repaired += `.${text.slice(fractionStart, fractionEnd)}`;
    if (exponentStart >= 0 && !exponentMissing) repaired += `e${text.slice(exponentStart + 1, exponentEnd)}`;
    return Number(repaired);
  }

  private parseHexNumber(start: number, digitsStart: number, negative: boolean): unknown {
    const text = this.text;
    let position = digitsStart;
    while (position < this.length && isHexDigit(text.charCodeAt(position))) position++;
    if (position < this.length && isNumberContinuation(text, position))
      return this.parseUnquotedString(start);
    this.repair('hex_number', start);
    this.position = position;
    const magnitude = Number.parseInt(text.slice(digitsStart, position), 16);
    return negative ? -magnitude : magnitude;
  }

  // ---------------------------------------------------------------------------------------------
  // Contextual reading (`quoteEnd: 'delimiter'`, the `freeText` mode): where a value ends depends on
  // where it stands (top, member value, array item); see context-delimiters.ts. Never fails.

  /** Reads one value at the cursor (after whitespace and comments); `noValue` at the end of the text. */
  parseContextualDocument(): unknown {
    this.skipWhitespaceAndComments();
    if (this.position >= this.length) return noValue;
    return this.parseContextualValue(this.text.charCodeAt(this.position), contextTop);
  }

  /** One value in `context`; `noValue` for a number a partial text cut off (it may still grow). */
  private parseContextualValue(code: number, context: ValueContext): unknown {
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
          setMember(object, key, null);
        }
        continue;
      }
      const value = this.parseContextualValue(next, contextMember);
      if (value !== noValue) setMember(object, key, value);
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

  // ---------------------------------------------------------------------------------------------
  // Whitespace, comments, helpers

  /**
   * Skips whitespace and comments; returns whether a line break was crossed. A lookahead passes
   * `record = false` so that it leaves no repairs to undo.
   */
  skipWhitespaceAndComments(record = true): boolean {
    const text = this.text;
    const length = this.length;
    let position = this.position;
    let newline = false;
    while (position < length) {
      const code = text.charCodeAt(position);
      if (code === codeSpace || code === codeTab || code === codeCarriageReturn) {
        position++;
      } else if (code === codeNewline) {
        newline = true;
        position++;
      } else if (code === codeSlash) {
        const next = position + 1 < text.length ? text.charCodeAt(position + 1) : -1;
        if (next === codeAsterisk) {
          if (record) this.repair('comment', position);
          const close = text.indexOf('*/', position + 2);
          position = close < 0 ? length : close + 2;
        } else if (next === codeSlash) {
          if (record) this.repair('comment', position);
          const lineEnd = text.indexOf('\n', position + 2);
          position = lineEnd < 0 ? length : lineEnd;
        } else {
          break;
        }
      } else if (
        code === codeHash &&
        (this.mode.hashComments === 'any' ||
          isHashCommentFollower(position + 1 < length ? text.charCodeAt(position + 1) : Number.NaN))
      ) {
        // `# note` (Python, YAML) and Markdown headings. `#fff` is not a comment.
        if (record) this.repair('comment', position);
        const lineEnd = text.indexOf('\n', position + 1);
        position = lineEnd < 0 ? length : lineEnd;
      } else if ((code >= 0xa0 || code === 0x0b || code === 0x0c) && isSpecialWhitespace(code)) {
        if (record) this.repair('special_whitespace', position);
        position++;
      } else {
        break;
      }
    }
    this.position = position;
    return newline;
  }

  private nextNonWhitespace(from: number): number {
    let position = from;
    while (position < this.length && isJsonWhitespace(this.text.charCodeAt(position))) position++;
    return position;
  }

  private previousNonWhitespace(from: number, floor: number): number {
    let position = from;
    while (position > floor && isJsonWhitespace(this.text.charCodeAt(position))) position--;
    return position;
  }

  /** Forgets repairs made by a lookahead that was undone. */
  private truncateRepairs(count: number): void {
    // pop() stays on V8's fast path; assigning `length` goes through the runtime.
    const repairs = this.repairs;
    while (repairs.length > count) repairs.pop();
  }

  private repair(kind: JsonRepairKind, position: number): void {
    // Text that stops inside a string inside an object is one truncation, not one per level.
    const repairs = this.repairs;
    const count = repairs.length;
    if (count > 0) {
      const last = repairs[count - 1] as JsonRepair;
      if (last.kind === kind && last.position === position) return;
    }
    repairs.push({ kind, position });
  }

  private fail(message: string, position: number): never {
    throw new LenientJsonFailure(message, position);
  }
}

// Recently seen object keys (see readPlainKey). Shared by all parses: it only ever holds short
// strings that appeared as keys, and a wrong slot is detected by comparing the text.
const maximumCachedKeyLength = 32;

// Contextual reading keeps deeper text as an unquoted string instead of failing.
const contextualMaxDepth = 512;
const contextualDone = -1;
const contextualSkipped = -2;
const keyCache: Array<string | undefined> = new Array(256).fill(undefined);

const powersOfTen = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

const truncatableLiterals: ReadonlyArray<readonly [string, unknown]> = [
  ['true', true],
  ['false', false],
  ['null', null],
];

/** The shortest text in which objects and arrays are first tried as strict JSON (see parseValue). */
const strictSpanMinimumText = 2048;

/**
 * `text.slice(start, end)`, taken from the small cache of recent keys when it holds that text (see
 * readPlainKey); `hash` is the keys' rolling hash of it (`hash * 31 + code`, 32-bit).
 */
function cachedKey(text: string, start: number, end: number, hash: number): string {
  const keyLength = end - start;
  if (keyLength > maximumCachedKeyLength) return text.slice(start, end);
  const slot = (hash ^ keyLength) & (keyCache.length - 1);
  const cached = keyCache[slot];
  if (cached !== undefined && cached.length === keyLength && text.startsWith(cached, start)) return cached;
  const key = text.slice(start, end);
  keyCache[slot] = key;
  return key;
}

/**
 * Adds a member so that every key, `__proto__` included, becomes an own data property, as
 * `JSON.parse` does. Plain assignment of `__proto__` would replace the prototype instead.
 */
function setMember(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

function closeKindOf(code: number): number {
  switch (code) {
    case codeDoubleQuote:
      return closeDoubleQuote;
    case codeSingleQuote:
      return closeSingleQuote;
    case codeLeftDoubleQuote:
    case codeRightDoubleQuote:
      return closeDoubleLike;
    default:
      return closeSingleLike;
  }
}

function isClosingQuote(closeKind: number, code: number): boolean {
  switch (closeKind) {
    case closeDoubleQuote:
      return code === codeDoubleQuote;
    case closeSingleQuote:
      return code === codeSingleQuote;
    case closeDoubleLike:
      return code === codeLeftDoubleQuote || code === codeRightDoubleQuote || code === codeDoubleQuote;
    default:
      return (
        code === codeSingleQuote ||
        code === codeLeftSingleQuote ||
        code === codeRightSingleQuote ||
        code === codeBacktick ||
        code === codeAcuteAccent
      );
  }
}

function quoteRepairKind(code: number): JsonRepairKind {
  if (code === codeSingleQuote) return 'single_quotes';
  if (code === codeBacktick) return 'backtick_quotes';
  return 'smart_quotes';
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

function isUnquotedKeyStart(code: number): boolean {
  return isIdentifierPart(code) || code === codeMinus || (code > 0x7f && !isSpecialWhitespace(code));
}

/** After a number: characters that mean the token is text, not a number. */
function isNumberContinuation(text: string, position: number): boolean {
  const code = text.charCodeAt(position);
  if (isIdentifierPart(code)) return true;
  switch (code) {
    case codeDot:
    case codeMinus:
    case codePlus:
    case codeColon:
    case codeUnderscore:
    case codeDollar:
      return true;
    case codeSlash: {
      const next = position + 1 < text.length ? text.charCodeAt(position + 1) : -1;
      return next !== codeSlash && next !== codeAsterisk;
    }
    default:
      return false;
  }
}

function isSpaceOrTab(code: number): boolean {
  return code === codeSpace || code === codeTab;
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

function isHashCommentFollower(code: number): boolean {
  return (
    Number.isNaN(code) ||
    code === codeSpace ||
    code === codeTab ||
    code === codeHash ||
    code === codeExclamation ||
    code === codeNewline ||
    code === codeCarriageReturn
  );
}

function isFenceTagCharacter(code: number): boolean {
  return isIdentifierPart(code) || code === codeMinus || code === codePlus || code === codeDot;
}

function hexValue(code: number): number {
  if (code <= 0x39) return code - 0x30;
  if (code <= 0x46) return code - 0x37;
  return code - 0x57;
}

function includesCode(text: string, from: number, to: number, code: number): boolean {
  for (let index = from; index < to; index++) if (text.charCodeAt(index) === code) return true;
  return false;
}

function trimWhitespaceBefore(text: string, end: number, floor: number): number {
  let position = end;
  while (position > floor) {
    const code = text.charCodeAt(position - 1);
    if (!isJsonWhitespace(code) && !isSpecialWhitespace(code)) break;
    position--;
  }
  return position;
}

function trimTrailingWhitespace(value: string): string {
  const end = trimWhitespaceBefore(value, value.length, 0);
  return end === value.length ? value : value.slice(0, end);
}

function unexpectedCharacter(text: string, position: number): string {
  if (position >= text.length) return 'unexpected end of text';
  return `unexpected character ${JSON.stringify(text.charAt(position))}`;
}
