import { setOwnProperty } from '../internal/set-own-property.js';

/**
 * One value decoded from model text by `decodeLenient`: `end` is the UTF-16 offset just past it;
 * `complete` is false when the text ended inside it (a truncated string, object or array was closed).
 */
export interface DecodedValue {
  readonly value: unknown;
  readonly end: number;
  readonly complete: boolean;
}

type Context = 'top' | 'object-value' | 'array-item';

/** A value left out (a partial number at the end of a streamed text). */
const OMIT: unknown = Symbol('omit');

const NUMBER_AT = /[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const SEPARATED_AT = /[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?/y;
const GAP = String.raw`(?:\s|//[^\n]*|/\*[\s\S]*?\*/)*`;
const KEY = String.raw`(?:"[^"\n]*"|'[^'\n]*'|[\w$][\w$\-. ]*)`;
const KEY_AHEAD = new RegExp(`${GAP}${KEY}\\s*:`, 'y');
const COMMA_STOPS = new RegExp(`${GAP}(?:${KEY}\\s*:|[}\\]]|$)`, 'y');
const LOOKAHEAD = 256;

/**
 * Tests a sticky `pattern` at `from`, looking at most `LOOKAHEAD` characters ahead, so scanning stays
 * linear however long the text (a cut window ends with a NUL sentinel so `$` cannot match at the cut).
 */
function lookahead(pattern: RegExp, text: string, from: number): boolean {
  const end = from + LOOKAHEAD;
  const window = end < text.length ? `${text.slice(from, end)}\u0000` : text.slice(from);
  pattern.lastIndex = 0;
  return pattern.test(window);
}

/**
 * Decodes one JSON-like value from `text` at `start` (leading whitespace and comments skipped), the way
 * models write it: JSON plus single-quoted, backtick and triple-quoted strings, unescaped inner quotes
 * (a quote closes a string only when a delimiter follows), raw newlines in strings, unquoted keys and
 * unquoted values (with spaces, up to the next key), `//`, `/* *\/` and `#` comments, missing or
 * trailing commas, Python `True` / `False` / `None`, `undefined` (as null), and truncation (open
 * strings, objects and arrays are closed; a key without a value is left out). `NaN` and `Infinity`
 * stay strings: they are never numbers (coercion.md Table A row 33).
 *
 * Repairs follow coercion.md Table A (BAML jsonish and jsonrepair behaviours); this is the schema
 * layer's own decoder for parameter text and LLM responses. Returns `undefined` when no value starts
 * there. Never throws; recursion is bounded (depth 512: deeper text is kept as a string).
 */
export function decodeLenient(
  text: string,
  start = 0,
  options?: { partial?: boolean },
): DecodedValue | undefined {
  const decoder = new Decoder(text, start, options?.partial === true);
  decoder.skipSpace();
  if (decoder.pos >= text.length) return undefined;
  const value = decoder.value('top', 0);
  return { value, end: decoder.pos, complete: decoder.complete };
}

class Decoder {
  pos: number;
  complete = true;
  constructor(
    readonly text: string,
    start: number,
    readonly partial = false,
  ) {
    this.pos = start;
  }

  skipSpace(): void {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(this.pos);
      if (
        code === 0x20 ||
        code === 0x0a ||
        code === 0x0d ||
        code === 0x09 ||
        code === 0xfeff ||
        code === 0xa0
      ) {
        this.pos++;
      } else if (code === 0x2f && text.charCodeAt(this.pos + 1) === 0x2f) {
        const end = text.indexOf('\n', this.pos);
        this.pos = end < 0 ? text.length : end + 1;
      } else if (code === 0x2f && text.charCodeAt(this.pos + 1) === 0x2a) {
        const end = text.indexOf('*/', this.pos + 2);
        this.pos = end < 0 ? text.length : end + 2;
      } else if (code === 0x23 /* # */) {
        const end = text.indexOf('\n', this.pos);
        this.pos = end < 0 ? text.length : end + 1;
      } else return;
    }
  }

  value(context: Context, depth: number): unknown {
    const text = this.text;
    const char = text[this.pos];
    if (depth > 512) return this.unquoted(context);
    if (char === '{') return this.object(depth);
    if (char === '[') return this.array(depth);
    if (char === '"' || char === "'" || char === '`' || char === '“' || char === '‘')
      return this.string(context);
    SEPARATED_AT.lastIndex = this.pos;
    const separated = SEPARATED_AT.exec(text);
    if (separated && this.endsToken(this.pos + separated[0].length, context)) {
      // `-2,000.00`: US thousands separators inside a value (BAML reads them as one number)
      this.pos += separated[0].length;
      return Number(separated[0].replace(/,/g, ''));
    }
    NUMBER_AT.lastIndex = this.pos;
    const number = NUMBER_AT.exec(text);
    if (number) {
      const after = this.pos + number[0].length;
      if (this.endsToken(after, context)) {
        this.pos = after;
        const parsed = Number(number[0]);
        // In partial mode a number that runs to the end of the text may still grow: it is left out.
        if (this.partial && after >= text.length && context !== 'top') return OMIT;
        return Number.isFinite(parsed) ? parsed : number[0];
      }
    }
    const word = /[A-Za-z]+/y;
    word.lastIndex = this.pos;
    const match = word.exec(text);
    if (match) {
      const after = this.pos + match[0].length;
      if (this.endsToken(after, context)) {
        const literal = LITERALS.get(match[0]);
        if (literal !== undefined) {
          this.pos = after;
          return literal.value;
        }
      }
    }
    return this.unquoted(context);
  }

  /** Whether a token ending at `index` is followed by a delimiter of `context` (or the end). */
  private endsToken(index: number, context: Context): boolean {
    const text = this.text;
    let i = index;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r')) i++;
    if (i >= text.length) return true;
    const char = text[i] as string;
    if (context === 'top') return char === '\n' || /^[\s,.;]*$/.test(text.slice(i, i + 64));
    if (char === ',' || char === '}' || char === ']' || char === '\n') return true;
    if (char === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) return true;
    if (char === '#') return true;
    // a missing comma before the next member: `{"a": 1 "b": 2}`
    return char === '"' || char === "'";
  }

  private object(depth: number): Record<string, unknown> {
    const text = this.text;
    const result: Record<string, unknown> = {};
    this.pos++;
    for (;;) {
      this.skipSpace();
      while (text[this.pos] === ',') {
        this.pos++;
        this.skipSpace();
      }
      if (this.pos >= text.length) {
        this.complete = false;
        return result;
      }
      if (text[this.pos] === '}') {
        this.pos++;
        return result;
      }
      if (text[this.pos] === ']') {
        // a stray closing bracket inside an object: skip it
        this.pos++;
        continue;
      }
      const key = this.key();
      this.skipSpace();
      if (text[this.pos] === ':') this.pos++;
      this.skipSpace();
      if (this.pos >= text.length) {
        this.complete = false;
        return result;
      }
      if (text[this.pos] === '}' || text[this.pos] === ',') {
        continue;
      }
      const value = this.value('object-value', depth + 1);
      if (value !== OMIT) setOwnProperty(result, key, value);
    }
  }

  private key(): string {
    const text = this.text;
    const char = text[this.pos];
    if (char === '"' || char === "'" || char === '`' || char === '“') {
      const value = this.string('object-value', true);
      return typeof value === 'string' ? value : String(value);
    }
    let end = this.pos;
    while (
      end < text.length &&
      text[end] !== ':' &&
      text[end] !== '}' &&
      text[end] !== ',' &&
      text[end] !== '\n'
    )
      end++;
    const key = text.slice(this.pos, end).trim();
    this.pos = end;
    return key;
  }

  private array(depth: number): unknown[] {
    const text = this.text;
    const result: unknown[] = [];
    this.pos++;
    for (;;) {
      this.skipSpace();
      while (text[this.pos] === ',') {
        this.pos++;
        this.skipSpace();
      }
      if (this.pos >= text.length) {
        this.complete = false;
        return result;
      }
      const char = text[this.pos];
      if (char === ']') {
        this.pos++;
        return result;
      }
      if (char === '}') {
        this.pos++;
        continue;
      }
      if (text.startsWith('...', this.pos)) {
        this.pos += 3;
        continue;
      }
      const before = this.pos;
      const item = this.value('array-item', depth + 1);
      if (item !== OMIT) result.push(item);
      if (this.pos === before) this.pos++;
    }
  }

  private string(context: Context, isKey = false): unknown {
    const text = this.text;
    const open = text[this.pos] as string;
    if ((open === '"' || open === "'" || open === '`') && text.startsWith(open.repeat(3), this.pos)) {
      const fence = open.repeat(3);
      const end = text.indexOf(fence, this.pos + 3);
      let body = end < 0 ? text.slice(this.pos + 3) : text.slice(this.pos + 3, end);
      this.pos = end < 0 ? text.length : end + 3;
      if (end < 0) this.complete = false;
      if (open === '`') {
        // a fenced code value: drop the language line (BAML `json_collection.rs`)
        const newline = body.indexOf('\n');
        body = newline < 0 ? body : body.slice(newline + 1);
      }
      return dedent(body);
    }
    const close = open === '“' ? '”' : open === '‘' ? '’' : open;
    let out = '';
    let i = this.pos + 1;
    let segment = i;
    while (i < text.length) {
      const char = text[i];
      if (char === '\\' && i + 1 < text.length) {
        out += text.slice(segment, i);
        const next = text[i + 1] as string;
        i += 2;
        switch (next) {
          case 'n':
            out += '\n';
            break;
          case 't':
            out += '\t';
            break;
          case 'r':
            out += '\r';
            break;
          case 'b':
            out += '\b';
            break;
          case 'f':
            out += '\f';
            break;
          case 'u': {
            const hex = text.slice(i, i + 4);
            if (/^[0-9a-fA-F]{4}$/.test(hex)) {
              out += String.fromCharCode(Number.parseInt(hex, 16));
              i += 4;
            } else out += '\\u';
            break;
          }
          default:
            out += next;
        }
        segment = i;
        continue;
      }
      if (
        char === close &&
        this.closes(i + 1, context, isKey) &&
        (isKey || balanced(text, this.pos + 1, i))
      ) {
        out += text.slice(segment, i);
        this.pos = i + 1;
        return out;
      }
      i++;
    }
    this.complete = false;
    this.pos = text.length;
    return out + text.slice(segment);
  }

  /** A quote at `index - 1` closes its string when a delimiter (or the end) follows it. */
  private closes(index: number, context: Context, isKey: boolean): boolean {
    const text = this.text;
    let i = index;
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\r')) i++;
    if (i >= text.length) return true;
    const char = text[i];
    if (isKey) return char === ':' || char === '\n';
    if (context === 'top') return true;
    if (char === ',' && context === 'object-value') {
      // `"said "hi", and also"`: a comma closes the string only when a key, a closer or the end follows
      return lookahead(COMMA_STOPS, text, i + 1);
    }
    if (char === ',' || char === '}' || char === ']' || char === '\n' || char === ':') return true;
    if (char === '/' && (text[i + 1] === '/' || text[i + 1] === '*')) return true;
    return char === '#' || char === '+';
  }

  private unquoted(context: Context): unknown {
    const text = this.text;
    const start = this.pos;
    let i = start;
    if (context === 'top') {
      this.pos = text.length;
      return text.slice(start).trim();
    }
    let depth = 0;
    while (i < text.length) {
      const char = text[i];
      if (char === '{' || char === '[') depth++;
      else if ((char === '}' || char === ']') && depth > 0) depth--;
      else if (char === '}' || char === ']') break;
      else if (depth === 0 && char === ',') {
        if (context === 'array-item') break;
        if (lookahead(COMMA_STOPS, text, i + 1)) break;
      } else if (depth === 0 && char === '\n' && context === 'object-value') {
        if (lookahead(KEY_AHEAD, text, i + 1)) break;
        let j = i + 1;
        while (j < text.length && /\s/.test(text[j] as string)) j++;
        if (text[j] === '}' || j >= text.length) break;
      } else if (
        depth === 0 &&
        char === '/' &&
        (text[i + 1] === '/' || text[i + 1] === '*') &&
        text[i - 1] === ' '
      ) {
        break;
      }
      i++;
    }
    this.pos = i;
    const raw = text.slice(start, i).trim();
    const literal = LITERALS.get(raw);
    if (literal !== undefined) return literal.value;
    return raw;
  }
}

const LITERALS = new Map<string, { value: unknown }>([
  ['true', { value: true }],
  ['false', { value: false }],
  ['null', { value: null }],
  ['True', { value: true }],
  ['False', { value: false }],
  ['None', { value: null }],
  ['undefined', { value: null }],
]);

/**
 * Whether a string body `text[start, end)` that starts with `{` or `[` has its brackets balanced: a
 * quote inside an unbalanced JSON-looking body (`"[\"bar\"]"` written without escapes) does not close it.
 */
function balanced(text: string, start: number, end: number): boolean {
  const first = text[start];
  if (first !== '{' && first !== '[') return true;
  let next = end + 1;
  while (text[next] === ' ' || text[next] === '\t') next++;
  const follower = text[next];
  if (follower !== ']' && follower !== '}' && follower !== ':') return true;
  let depth = 0;
  for (let i = start; i < end; i++) {
    const char = text[i];
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
  }
  return depth <= 0;
}

/** Removes the common leading indentation of a triple-quoted block and a leading/trailing blank line. */
function dedent(body: string): string {
  const lines = body.split('\n');
  if (lines.length > 1 && (lines[0] as string).trim() === '') lines.shift();
  if (lines.length > 1 && (lines[lines.length - 1] as string).trim() === '') lines.pop();
  let indent = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const match = /^[ \t]*/.exec(line);
    indent = Math.min(indent, match ? match[0].length : 0);
  }
  if (!Number.isFinite(indent) || indent === 0) return lines.join('\n');
  return lines.map((line) => line.slice(indent)).join('\n');
}
