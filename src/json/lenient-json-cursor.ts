import {
  codeAsterisk,
  codeCarriageReturn,
  codeExclamation,
  codeHash,
  codeNewline,
  codeSlash,
  codeSpace,
  codeTab,
  isJsonWhitespace,
  isSpecialWhitespace,
} from './character-codes.js';
import type { JsonRepair, JsonRepairKind } from './json-repair.js';

import { type LenientJsonMode, lenientJsonModes } from './lenient-json-mode.js';

// The lenient JSON engine is one recursive-descent parser over one cursor, read in layers, one job
// each: this cursor (position, mode switches, the repair log, whitespace and comments), then quoted
// strings (lenient-string-reader.ts), unquoted words and literals (lenient-word-reader.ts), numbers
// (lenient-number-reader.ts), the freeText mode's contextual values (lenient-contextual-reader.ts),
// objects and arrays (lenient-value-parser.ts) and whole documents (lenient-json-parser.ts, the class
// the entry points make). Each layer extends the one below, so all of them share one cursor and one
// repair log without passing them around: the two decoders drifted apart when they did not.

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

/**
 * The state every layer of the lenient JSON engine reads: the text and the cursor in it, the mode's
 * switches (lenient-json-mode.ts), the nesting counters, the repair log, and the skipping of
 * whitespace and comments. Methods throw `LenientJsonFailure` (never anything else on purpose).
 *
 * Reads stay inside the text: check an index against `length` before `charCodeAt` rather than rely on
 * the `NaN` it returns past the end. V8 throws a function's optimized code away at the first
 * out-of-bounds `charCodeAt`, and truncated input reaches the end of the text all the time, so such
 * reads made the parser recompile again and again before it ran at full speed.
 */
export abstract class LenientJsonCursor {
  position = 0;
  readonly repairs: JsonRepair[] = [];
  protected readonly text: string;
  protected readonly length: number;
  protected readonly maxDepth: number;
  protected readonly allowEscapedDocument: boolean;
  protected depth = 0;
  // How many containers of each kind are open around the cursor: a closer that does not match the
  // innermost container is left for an outer container that it does match.
  protected openObjects = 0;
  protected openArrays = 0;
  protected openCalls = 0;
  // Where the last unquoted string began: the document level uses it to recognise prose.
  protected lastUnquotedStart = -1;
  protected stringReachedEnd = false;
  protected stringValue = '';
  // Whether the string being read is an object member's value (see stringEndVerdict).
  protected inMemberValue = false;
  // Where the last quote character of the text is, once a string needed to know (see quoteFollows).
  protected lastQuote: number | undefined;
  /** `false` once a contextual read ran into the end of the text inside a string, object or array. */
  complete = true;
  // The mode's switches (lenient-json-mode.ts). Only `contextual` is read on hot paths; the others are
  // read where they apply, so that making a parser (one per call body) stays cheap.
  protected readonly mode: LenientJsonMode;
  protected readonly contextual: boolean;
  protected readonly partial: boolean;

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
  // Whitespace, comments, the repair log

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

  protected nextNonWhitespace(from: number): number {
    let position = from;
    while (position < this.length && isJsonWhitespace(this.text.charCodeAt(position))) position++;
    return position;
  }

  protected previousNonWhitespace(from: number, floor: number): number {
    let position = from;
    while (position > floor && isJsonWhitespace(this.text.charCodeAt(position))) position--;
    return position;
  }

  /** Counts one more open container; past `maxDepth` the parse fails. */
  protected enterContainer(): void {
    this.depth++;
    if (this.depth > this.maxDepth) {
      this.fail(`nesting deeper than the maximum depth of ${this.maxDepth}`, this.position);
    }
  }

  /** Forgets repairs made by a lookahead that was undone. */
  protected truncateRepairs(count: number): void {
    // pop() stays on V8's fast path; assigning `length` goes through the runtime.
    const repairs = this.repairs;
    while (repairs.length > count) repairs.pop();
  }

  protected repair(kind: JsonRepairKind, position: number): void {
    // Text that stops inside a string inside an object is one truncation, not one per level.
    const repairs = this.repairs;
    const count = repairs.length;
    if (count > 0) {
      const last = repairs[count - 1] as JsonRepair;
      if (last.kind === kind && last.position === position) return;
    }
    repairs.push({ kind, position });
  }

  protected fail(message: string, position: number): never {
    throw new LenientJsonFailure(message, position);
  }
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

/** Whether `code` occurs in `text` between `from` (inclusive) and `to`. */
export function includesCode(text: string, from: number, to: number, code: number): boolean {
  for (let index = from; index < to; index++) if (text.charCodeAt(index) === code) return true;
  return false;
}

/** `end` moved back over the whitespace before it, not below `floor`. */
export function trimWhitespaceBefore(text: string, end: number, floor: number): number {
  let position = end;
  while (position > floor) {
    const code = text.charCodeAt(position - 1);
    if (!isJsonWhitespace(code) && !isSpecialWhitespace(code)) break;
    position--;
  }
  return position;
}

/** The failure message for the character at `position` (or the end of the text). */
export function unexpectedCharacter(text: string, position: number): string {
  if (position >= text.length) return 'unexpected end of text';
  return `unexpected character ${JSON.stringify(text.charAt(position))}`;
}
