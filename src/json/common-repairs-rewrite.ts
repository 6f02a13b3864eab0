import { skipWhitespace } from '../internal/whitespace.js';
import {
  codeBackslash,
  codeCloseBrace,
  codeCloseBracket,
  codeColon,
  codeComma,
  codeDot,
  codeDoubleQuote,
  codeLowercaseA,
  codeLowercaseZ,
  codeMinus,
  codeNine,
  codeOpenBrace,
  codeOpenBracket,
  codeOpenParenthesis,
  codePlus,
  codeSingleQuote,
  codeSpace,
  codeTab,
  codeUppercaseE,
  codeZero,
  isIdentifierPart,
  isIdentifierStart,
} from './character-codes.js';
import type { JsonRepair } from './json-repair.js';

/** A document rewritten as strict JSON, and the repairs the rewriting made, in text order. */
export interface CommonRepairsRewrite {
  json: string;
  repairs: JsonRepair[];
}

/**
 * The common repairs of a long document in one forward pass, so that native `JSON.parse` does the
 * reading: single-quoted strings and keys become double-quoted (`single_quotes`), identifier keys
 * get quotes (`unquoted_key`), and a text cut off inside a string value is closed there, with every
 * open bracket (`truncated` at the text's end). Everything else is copied as written; strings are
 * skipped with native `indexOf`, so the pass costs about one look per structural character.
 *
 * It gives up (`undefined`) at the first thing it does not rewrite (a comment, a trailing comma, a
 * missing comma or colon, a typographic quote, prose around the value, an escaped single quote, a
 * string that ends in a way the repairing parser would judge), so that whatever it returns is what
 * the repairing parser makes of the same text; `JSON.parse` of `json` still rejects what it copied
 * but is not JSON (`True`, `01`, a raw line break in a string), which the caller then repairs.
 * Nesting deeper than `maxDepth` gives up too. Internal to src/json; time is linear in the text.
 */
export function rewriteCommonRepairs(text: string, maxDepth: number): CommonRepairsRewrite | undefined {
  // The repairing parser may end a straight-quoted string at a typographic closing quote: never here.
  if (text.includes('\u201d')) return undefined;
  return new CommonRepairsRewriter(text).rewrite(maxDepth);
}

/** One pass of {@link rewriteCommonRepairs}: the JSON written so far and the repairs it made. */
class CommonRepairsRewriter {
  /**
   * The JSON so far. Appending builds a rope that `JSON.parse` flattens once; an array of pieces
   * joined at the end measured 3-10x slower at 64 KB-1 MB.
   */
  private json = '';
  /** Start of the text not yet copied into `json`. */
  private copied = 0;
  /** Where the search for a `"` in single-quoted text last stopped (see escapeDoubleQuotes). */
  private nextDoubleQuote = -1;
  private readonly repairs: JsonRepair[] = [];

  constructor(private readonly text: string) {}

  rewrite(maxDepth: number): CommonRepairsRewrite | undefined {
    const text = this.text;
    const length = text.length;
    // Open containers, innermost last: true for an object.
    const objects: boolean[] = [];
    let position = skipWhitespace(text, 0);
    let code = text.charCodeAt(position);
    if (code !== codeOpenBrace && code !== codeOpenBracket) return undefined;
    for (;;) {
      // A value starts at `position` (whitespace skipped).
      code = text.charCodeAt(position);
      if (code === codeOpenBrace || code === codeOpenBracket) {
        const isObject = code === codeOpenBrace;
        if (objects.length >= maxDepth) return undefined;
        objects.push(isObject);
        position = skipWhitespace(text, position + 1);
        if (text.charCodeAt(position) !== (isObject ? codeCloseBrace : codeCloseBracket)) {
          if (isObject) {
            position = this.key(position);
            if (position < 0) return undefined;
          }
          continue;
        }
        objects.pop();
        position++;
      } else if (code === codeDoubleQuote || code === codeSingleQuote) {
        const close = stringClose(text, position, code);
        if (close === noClose) return undefined;
        if (close === truncatedClose) return this.closeCutString(position, code, objects);
        if (code === codeSingleQuote) this.quoteSingleQuoted(position, close);
        if (!endsBeforeCloser(text, position, close)) return undefined;
        position = close + 1;
      } else {
        // A number or a literal: copied; `JSON.parse` decides whether it is one.
        const start = position;
        while (position < length && isTokenCharacter(text.charCodeAt(position))) position++;
        if (position === start || position === length) return undefined;
      }
      // After a value: closers, then a comma and the next member or item.
      for (;;) {
        position = skipWhitespace(text, position);
        if (objects.length === 0) return position === length ? this.finish('') : undefined;
        const isObject = objects[objects.length - 1] as boolean;
        code = text.charCodeAt(position);
        if (code !== (isObject ? codeCloseBrace : codeCloseBracket)) break;
        objects.pop();
        position++;
      }
      if (code !== codeComma) return undefined;
      position = skipWhitespace(text, position + 1);
      if (objects[objects.length - 1]) {
        position = this.key(position);
        if (position < 0) return undefined;
      }
    }
  }

  /**
   * Reads the key at `start` (a double- or single-quoted string then whitespace, or an identifier
   * then spaces or tabs: an unquoted key ends at a line break) and its colon, quoting a
   * single-quoted or identifier key; returns where its value starts (whitespace skipped), or -1
   * when no key the rewrite reads is there.
   */
  private key(start: number): number {
    const text = this.text;
    const code = text.charCodeAt(start);
    let colon: number;
    if (code === codeDoubleQuote || code === codeSingleQuote) {
      const close = stringClose(text, start, code);
      if (close < 0) return -1;
      colon = skipWhitespace(text, close + 1);
      if (text.charCodeAt(colon) !== codeColon) return -1;
      if (code === codeSingleQuote) this.quoteSingleQuoted(start, close);
    } else if (isIdentifierStart(code)) {
      let end = start + 1;
      while (isIdentifierPart(text.charCodeAt(end))) end++;
      colon = end;
      while (text.charCodeAt(colon) === codeSpace || text.charCodeAt(colon) === codeTab) colon++;
      if (text.charCodeAt(colon) !== codeColon) return -1;
      this.repairs.push({ kind: 'unquoted_key', position: start });
      this.insert(start, '"');
      this.insert(end, '"');
    } else {
      return -1;
    }
    return skipWhitespace(text, colon + 1);
  }

  /** Writes the single-quoted string from `open` to `close` double-quoted (`single_quotes`). */
  private quoteSingleQuoted(open: number, close: number): void {
    this.repairs.push({ kind: 'single_quotes', position: open });
    this.replaceQuote(open);
    this.escapeDoubleQuotes(open + 1, close);
    this.replaceQuote(close);
  }

  /** A string value that opened at `open` runs to the text's end: closed there (`truncated`). */
  private closeCutString(open: number, quote: number, objects: boolean[]): CommonRepairsRewrite | undefined {
    const text = this.text;
    if (!cutInPlainText(text, open)) return undefined;
    if (quote === codeSingleQuote) {
      this.repairs.push({ kind: 'single_quotes', position: open });
      this.replaceQuote(open);
      this.escapeDoubleQuotes(open + 1, text.length);
    }
    this.repairs.push({ kind: 'truncated', position: text.length });
    let closers = '"';
    for (let index = objects.length - 1; index >= 0; index--) closers += objects[index] ? '}' : ']';
    return this.finish(closers);
  }

  private finish(closers: string): CommonRepairsRewrite {
    return { json: this.json + this.text.slice(this.copied) + closers, repairs: this.repairs };
  }

  /** Puts `inserted` before the text's character at `position`. */
  private insert(position: number, inserted: string): void {
    this.json += this.text.slice(this.copied, position);
    this.json += inserted;
    this.copied = position;
  }

  /** Writes a `"` for the quote at `position`. */
  private replaceQuote(position: number): void {
    this.json += this.text.slice(this.copied, position);
    this.json += '"';
    this.copied = position + 1;
  }

  /** Escapes each unescaped `"` in `text[from, to)`, a single-quoted string's content. */
  private escapeDoubleQuotes(from: number, to: number): void {
    const text = this.text;
    // The next `"` is looked up only when the last one found is behind: each search covers new
    // text, so a document with few double quotes is not searched to its end once per string.
    let quote = this.nextDoubleQuote;
    if (quote < from) quote = text.indexOf('"', from);
    while (quote >= 0 && quote < to) {
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === codeBackslash) backslashes++;
      if (backslashes % 2 === 0) this.insert(quote, '\\');
      quote = text.indexOf('"', quote + 1);
    }
    this.nextDoubleQuote = quote < 0 ? text.length : quote;
  }
}

/** `stringClose`'s answers besides an index: no end quote before the text's end, or no string. */
const truncatedClose = -1;
const noClose = -2;

/**
 * The index of the quote that ends the string opened at `start` (quote `quote`), `truncatedClose`
 * when the text ends first, or `noClose` for what the repairing parser reads otherwise (a raw
 * control character is left to `JSON.parse`; a single-quoted string's `\'` is an `invalid_escape`).
 */
function stringClose(text: string, start: number, quote: number): number {
  const quoteText = quote === codeDoubleQuote ? '"' : "'";
  let from = start + 1;
  for (;;) {
    const close = text.indexOf(quoteText, from);
    if (close < 0) return truncatedClose;
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === codeBackslash) backslashes++;
    if (backslashes % 2 === 0) return close;
    if (quote === codeSingleQuote) return noClose;
    from = close + 1;
  }
}

/**
 * Whether the string value from `open` to `close` ends where the repairing parser ends it too: any
 * next character but a closer is checked by the caller; before a closer the parser counts the
 * brackets opened inside the string (`"(72") tall"`), so a string holding one is left to it.
 */
function endsBeforeCloser(text: string, open: number, close: number): boolean {
  const next = text.charCodeAt(skipWhitespace(text, close + 1));
  if (next !== codeCloseBrace && next !== codeCloseBracket) return true;
  for (let index = open + 1; index < close; index++) {
    const code = text.charCodeAt(index);
    if (code === codeOpenBrace || code === codeOpenBracket || code === codeOpenParenthesis) return false;
  }
  return true;
}

/**
 * Whether a string cut off by the text's end (it opened at `start`) reads the same closed at the
 * end: its last character is a letter or a digit, and no escape is near the end (the parser trims
 * trailing whitespace, which an escape such as `\t` or `\u0020` could decode to).
 */
function cutInPlainText(text: string, start: number): boolean {
  const length = text.length;
  if (length - start < 2 || !isIdentifierPart(text.charCodeAt(length - 1))) return false;
  return text.lastIndexOf('\\') < Math.max(start, length - 7);
}

/** A character of a JSON number or literal (`JSON.parse` checks the token). */
function isTokenCharacter(code: number): boolean {
  return (
    (code >= codeZero && code <= codeNine) ||
    (code >= codeLowercaseA && code <= codeLowercaseZ) ||
    code === codeMinus ||
    code === codePlus ||
    code === codeDot ||
    code === codeUppercaseE
  );
}
