import { setOwnProperty } from '../../../internal/set-own-property.js';
import { isWhitespace } from '../../../internal/whitespace.js';

// The decoder of Gemma call syntax values (`{key:VALUE,…}`, strings between `quote` delimiters, bare
// scalars, arrays): the literal reader the Gemma family core decodes a whole call body with.

/** Nesting deeper than this is not decoded (the call is invalid), so model text cannot overflow the stack. */
const maxDepth = 256;
/** The error of a value nested deeper than `maxDepth` (the family reports it as code `too_deep`). */
export const tooDeepMessage = 'nested too deeply';

const numberPattern = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A decoded value, or why the text is not one. */
export type GemmaValueResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/**
 * Decodes one value of the Gemma call syntax (see `GemmaCallConfig`), the whole `text` (surrounding
 * whitespace allowed). Strings are taken verbatim between two `quote` delimiters (no escapes); a JSON
 * string (`"…"`) is decoded as JSON; an array item between single quotes (`['a','b']`) is the text
 * between them (see `singleQuoteCloses`). Bare scalars: `true` / `false` / `null`, JSON numbers, anything
 * else is kept as its trimmed text. A trailing comma is tolerated. Never throws; linear in `text`.
 */
export function parseGemmaValue(text: string, quote: string): GemmaValueResult {
  const reader = new ValueReader(text, quote);
  try {
    const value = reader.value(0);
    reader.skipWhitespace();
    if (reader.position < text.length)
      return { ok: false, error: `unexpected text at offset ${reader.position}` };
    return { ok: true, value };
  } catch (error) {
    if (error instanceof SyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}

/** Whitespace read after a `'` to see whether it closes a single-quoted string. */
const maxQuoteLookahead = 64;

/**
 * Whether the `'` just before `from` closes a single-quoted array item: it does when the next text that is
 * not whitespace (within 64 characters) is `,`, `]` or `}`, or the text ends there; an apostrophe
 * inside a word (`it's`, `'tis`) does not. `undefined`: the text ends first and more may come (not
 * `final`). Models write `['a','b']` in the Gemma call syntax now and then (hermes-agent #7449).
 */
export function singleQuoteCloses(text: string, from: number, final: boolean): boolean | undefined {
  const limit = from + maxQuoteLookahead;
  let index = from;
  while (index < text.length && index < limit && isWhitespace(text.charCodeAt(index))) index++;
  if (index >= limit) return false;
  if (index === text.length) return final ? true : undefined;
  const code = text.charCodeAt(index);
  return code === 0x2c /* , */ || code === 0x5d /* ] */ || code === 0x7d; /* } */
}

class ValueReader {
  position = 0;
  /** A single-quoted string opened at or after this offset has no closing quote (see `singleQuoted`). */
  private unclosedFrom = Number.POSITIVE_INFINITY;

  constructor(
    private readonly text: string,
    private readonly quote: string,
  ) {}

  skipWhitespace(): void {
    while (this.position < this.text.length && isWhitespace(this.text.charCodeAt(this.position)))
      this.position++;
  }

  /** One value; `item`: an array item, which may be a single-quoted string (`singleQuoteCloses`). */
  value(depth: number, item = false): unknown {
    if (depth > maxDepth) throw new SyntaxError(tooDeepMessage);
    this.skipWhitespace();
    const { text, quote } = this;
    if (this.position >= text.length) throw new SyntaxError('a value is missing at the end');
    if (text.startsWith(quote, this.position)) return this.quoted();
    const code = text.charCodeAt(this.position);
    if (code === 0x7b /* { */) return this.object(depth);
    if (code === 0x5b /* [ */) return this.array(depth);
    if (code === 0x22 /* " */) return this.jsonString();
    if (item && code === 0x27 /* ' */) {
      const single = this.singleQuoted();
      if (single !== undefined) return single;
    }
    return this.bare();
  }

  /**
   * A single-quoted array item from `position` (at its `'`) up to the quote that closes it (see
   * `singleQuoteCloses`), or `undefined` (none does: the value is bare text). Once a search found no
   * closing quote, none opened later has one either, so the text is searched once (linear).
   */
  private singleQuoted(): string | undefined {
    const { text } = this;
    const from = this.position + 1;
    if (from >= this.unclosedFrom) return undefined;
    let close = text.indexOf("'", from);
    while (close >= 0 && !singleQuoteCloses(text, close + 1, true)) close = text.indexOf("'", close + 1);
    if (close < 0) {
      this.unclosedFrom = from;
      return undefined;
    }
    this.position = close + 1;
    return text.slice(from, close);
  }

  private quoted(): string {
    const from = this.position + this.quote.length;
    const close = this.text.indexOf(this.quote, from);
    if (close < 0) throw new SyntaxError('a string is not closed');
    this.position = close + this.quote.length;
    return this.text.slice(from, close);
  }

  private jsonString(): string {
    const { text } = this;
    let index = this.position + 1;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === 0x22) break;
      index += code === 0x5c /* \ */ ? 2 : 1;
    }
    if (index >= text.length) throw new SyntaxError('a string is not closed');
    const literal = text.slice(this.position, index + 1);
    this.position = index + 1;
    try {
      return JSON.parse(literal) as string;
    } catch {
      return literal.slice(1, -1);
    }
  }

  /** Bare text up to `,` `}` `]` (or `:` for a key), trimmed. */
  private bareText(stopAtColon: boolean): string {
    const { text, quote } = this;
    const from = this.position;
    let index = from;
    while (index < text.length) {
      const code = text.charCodeAt(index);
      if (code === 0x2c || code === 0x7d || code === 0x5d || code === 0x7b || code === 0x5b) break;
      if (stopAtColon && code === 0x3a) break;
      if (code === 0x3c && text.startsWith(quote, index)) break;
      index++;
    }
    this.position = index;
    return text.slice(from, index).trim();
  }

  private bare(): unknown {
    const token = this.bareText(false);
    if (token === '') throw new SyntaxError(`a value is missing at offset ${this.position}`);
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    if (token.length <= 64 && numberPattern.test(token)) {
      const number = Number(token);
      if (Number.isFinite(number)) return number;
    }
    return token;
  }

  private key(): string {
    const { text, quote } = this;
    if (text.startsWith(quote, this.position)) return this.quoted();
    if (text.charCodeAt(this.position) === 0x22) return this.jsonString();
    const key = this.bareText(true);
    if (key === '') throw new SyntaxError(`a key is missing at offset ${this.position}`);
    return key;
  }

  private object(depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const { text } = this;
    this.position++;
    for (;;) {
      this.skipWhitespace();
      if (this.position >= text.length) throw new SyntaxError('an object is not closed');
      if (text.charCodeAt(this.position) === 0x7d /* } */) {
        this.position++;
        return result;
      }
      const key = this.key();
      this.skipWhitespace();
      if (text.charCodeAt(this.position) !== 0x3a /* : */)
        throw new SyntaxError(`expected ":" after key "${key}" at offset ${this.position}`);
      this.position++;
      setOwnProperty(result, key, this.value(depth + 1));
      this.skipWhitespace();
      const code = text.charCodeAt(this.position);
      if (code === 0x2c /* , */) this.position++;
      else if (code !== 0x7d /* } */) throw new SyntaxError(`expected "," or "}" at offset ${this.position}`);
    }
  }

  private array(depth: number): unknown[] {
    const result: unknown[] = [];
    const { text } = this;
    this.position++;
    for (;;) {
      this.skipWhitespace();
      if (this.position >= text.length) throw new SyntaxError('an array is not closed');
      if (text.charCodeAt(this.position) === 0x5d /* ] */) {
        this.position++;
        return result;
      }
      result.push(this.value(depth + 1, true));
      this.skipWhitespace();
      const code = text.charCodeAt(this.position);
      if (code === 0x2c /* , */) this.position++;
      else if (code !== 0x5d /* ] */) throw new SyntaxError(`expected "," or "]" at offset ${this.position}`);
    }
  }
}
