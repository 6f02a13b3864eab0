// Kept whole: one incremental character loop reads Python call syntax and the literal values in it
// (strings, numbers, names, lists, tuples, sets, dicts); the call and bracket states and the token
// being read share every character, and apart each half would have to drive the other's state per
// character on the hottest path of the pythonic formats and of llama3_json's literal reading.
import { setOwnProperty } from '../../../internal/set-own-property.js';
import { decodePythonEscapes } from './decode-python-escapes.js';
import { parsePythonNumber } from './parse-python-number.js';

/** Where the scanner stopped; indexes are into the text given to `scan`. */
export type PythonScanStop =
  | { readonly kind: 'more' }
  /** A call's name starts at `index` (not consumed yet). */
  | { readonly kind: 'start'; readonly index: number }
  /** A call's `(` was read: `index` is just after it. */
  | { readonly kind: 'open'; readonly index: number; readonly name: string }
  /** A call closed with `)`: `index` is just after it, `start` the unit offset of its name. */
  | {
      readonly kind: 'call';
      readonly index: number;
      readonly start: number;
      readonly name: string;
      readonly args: Record<string, unknown>;
      /** Positional arguments in order (empty for keyword-only calls); see `namePositionalArguments`. */
      readonly positional: readonly unknown[];
      /** The first keyword given twice (a SyntaxError in Python: the call is invalid), if any. */
      readonly repeated: string | undefined;
    }
  /** The top-level `]` of a bare list: `index` is just after it. */
  | { readonly kind: 'close'; readonly index: number }
  /** `mode: 'value'`: the value is complete; `index` is just after it. */
  | { readonly kind: 'value'; readonly index: number; readonly value: unknown }
  /**
   * Syntax error at `index` (that character is not consumed); `code` is `too_deep` when values are
   * nested deeper than the scanner accepts, else `syntax`.
   */
  | {
      readonly kind: 'error';
      readonly index: number;
      readonly message: string;
      readonly code: 'syntax' | 'too_deep';
    };

interface CallFrame {
  readonly kind: 'call';
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly positional: unknown[];
  key: string;
  /** The value being read is positional (no `key=`). */
  positionalValue: boolean;
  /** A keyword argument was read (a positional one after it is a syntax error, as in Python). */
  keyword: boolean;
  /**
   * The first keyword given twice. The scan goes on to the call's `)`: the invalid call's raw text is
   * then the whole call, as for any other call whose arguments cannot be used.
   */
  repeated: string | undefined;
  phase: 'key' | 'eq' | 'value' | 'after';
}

interface SeqFrame {
  kind: 'list' | 'tuple' | 'set';
  readonly items: unknown[];
  phase: 'value' | 'after';
  comma: boolean;
}

interface DictFrame {
  readonly kind: 'dict';
  readonly object: Record<string, unknown>;
  key: unknown;
  phase: 'key' | 'colon' | 'value' | 'after';
}

type Frame = CallFrame | SeqFrame | DictFrame;
type Token = 'none' | 'name' | 'kw' | 'word' | 'number' | 'string';
type TopPhase = 'start' | 'call' | 'sep' | 'closed';

const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const isIdentStart = (code: number): boolean =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || code === 0x5f || code > 0x7f;
const isIdentChar = (code: number): boolean => isIdentStart(code) || (code >= 0x30 && code <= 0x39);
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
/** Deepest nesting of lists, tuples and dicts accepted (deeper is a syntax error, never a stack overflow). */
const maxDepth = 256;
const stringPrefixes = new Set(['r', 'u', 'b', 'br', 'rb']);
/**
 * A call's name: an identifier, dotted parts (`Calendar.create_event`), and hyphenated parts
 * (`get-weather`: tool names may hold `-`, and a model asked to call one writes it so). Each repeat
 * starts with its own separator, so the test is linear.
 */
const namePattern = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*|-[\p{L}\p{N}_]+)*$/u;

/**
 * Incremental scanner of Python call syntax: a bare list `[call, …]` (`mode: 'list'`, the scan starts
 * AT the `[`) or a section body (`mode: 'section'`). Feed it consecutive texts with `scan`; it builds
 * each call's arguments as it goes and stops at every completed call, at the closing `]` of a list, and
 * at the first syntax error. Each character is examined once; string and number tokens are kept as
 * slices and decoded once when they end. Never throws on model text.
 */
export class PythonCallScanner {
  /** Unit offset (code units since `reset`) of the current call's name. */
  callStart = 0;
  /** Calls completed since `reset`. */
  calls = 0;
  private mode: 'list' | 'section' | 'value' = 'list';
  private done = false;
  private result: unknown;
  private top: TopPhase = 'start';
  private bracketed = false;
  private stack: Frame[] = [];
  private token: Token = 'none';
  private pieces: string[] = [];
  private quote = 0;
  private opening = 0;
  private triple = false;
  private rawString = false;
  private escaped = false;
  private closeRun = 0;
  private previous = 0;
  private offset = 0;

  /**
   * Keyword arguments of the current top-level call completed since the parser last took them
   * (`takeMembers`), in order: what a streaming parser sends before the call ends.
   */
  private members: Array<readonly [string, unknown]> = [];

  /** The keyword arguments completed since the last call (see `members`); empties the list. */
  takeMembers(): ReadonlyArray<readonly [string, unknown]> {
    const members = this.members;
    if (members.length > 0) this.members = [];
    return members;
  }

  /**
   * Starts a new unit: a bare list (the first character scanned must be `[`), a section body, or one
   * literal value (`'value'`: a dict such as `{"name": …}`, which also makes this a validating reader
   * of JSON objects; dict keys must be scalars).
   */
  reset(mode: 'list' | 'section' | 'value'): void {
    this.members = [];
    this.mode = mode;
    this.done = false;
    this.result = undefined;
    this.top = 'start';
    this.bracketed = false;
    this.stack = [];
    this.token = 'none';
    this.pieces = [];
    this.calls = 0;
    this.callStart = 0;
    this.offset = 0;
    this.escaped = false;
  }

  /**
   * Bare lists: after an element that failed, goes on with the list at a top-level `,` (the next
   * character scanned) that sits `offset` code units after the list's `[`.
   */
  resumeList(offset: number): void {
    this.reset('list');
    this.bracketed = true;
    this.top = 'sep';
    this.offset = offset;
  }

  /** Inside a string literal (an end marker here is data). */
  get inString(): boolean {
    return this.token === 'string';
  }

  /** A call has begun (its name is being read) and is not complete. */
  get inCall(): boolean {
    return this.stack.length > 0 || this.token === 'name';
  }

  /** The name of the call in progress, once its `(` has been read. */
  get callName(): string | undefined {
    const bottom = this.stack[0];
    return bottom?.kind === 'call' ? bottom.name : undefined;
  }

  /** Section mode: the section's `[…]` list has been closed by its `]`. */
  get listClosed(): boolean {
    return this.top === 'closed';
  }

  /** A call's `(` has been read and its `)` has not. */
  get inArguments(): boolean {
    return this.stack.length > 0;
  }

  /** Code units consumed since `reset`. */
  get consumed(): number {
    return this.offset;
  }

  /**
   * `mode: 'value'`: the outermost dict being read (the members read so far) and the key whose value
   * is being read, if any; for a caller that must tell what a unit was after it failed.
   */
  get outerDict(): { readonly object: Readonly<Record<string, unknown>>; readonly key: unknown } | undefined {
    const bottom = this.stack[0];
    return bottom?.kind === 'dict' ? { object: bottom.object, key: bottom.key } : undefined;
  }

  /**
   * The closing characters (`)`, `]`, `}` as char codes) of the brackets open now, outermost first;
   * with `BracketSkipper`, finds where a unit that failed to scan ends.
   */
  get closers(): number[] {
    return this.stack.map((frame) =>
      frame.kind === 'list' ? 0x5d : frame.kind === 'dict' || frame.kind === 'set' ? 0x7d : 0x29,
    );
  }

  /** Scans `text[from, to)`; see `PythonScanStop`. */
  scan(text: string, from: number, to: number): PythonScanStop {
    const origin = this.offset - from;
    let i = from;
    let tokenStart = from;
    const stop = (result: PythonScanStop, at: number): PythonScanStop => {
      this.offset = origin + at;
      return result;
    };
    while (i < to) {
      if (this.done) return stop({ kind: 'value', index: i, value: this.result }, i);
      const code = text.charCodeAt(i);
      switch (this.token) {
        case 'name':
        case 'kw':
        case 'word': {
          if (
            isIdentChar(code) ||
            (this.token === 'name' && (code === 0x2e /* . */ || code === 0x2d)) /* - */
          ) {
            i++;
            continue;
          }
          const word = this.endToken(text, tokenStart, i);
          if (this.token === 'name') {
            if (code !== 0x28 /* ( */ || !namePattern.test(word)) {
              // The token stays 'name': the call is in progress for `inCall`.
              return stop(syntaxError(i, `expected "(" after the call name "${word}"`), i);
            }
            this.token = 'none';
            this.stack.push({
              kind: 'call',
              name: word,
              args: {},
              positional: [],
              key: '',
              positionalValue: false,
              keyword: false,
              repeated: undefined,
              phase: 'key',
            });
            i++;
            return stop({ kind: 'open', index: i, name: word }, i);
          }
          if (this.token === 'kw') {
            this.token = 'none';
            const frame = this.stack[this.stack.length - 1] as CallFrame;
            if ((code === 0x27 || code === 0x22) && stringPrefixes.has(word.toLowerCase())) {
              // A positional string with a prefix: `f(r'…')`.
              if (frame.keyword) return stop(positionalAfterKeyword(i), i);
              frame.positionalValue = true;
              frame.phase = 'value';
              this.startString(code, word.toLowerCase().includes('r'));
              i++;
              tokenStart = i;
              continue;
            }
            frame.key = word;
            frame.phase = 'eq';
            continue;
          }
          // A word in value position: a string prefix, a literal name, or an error.
          this.token = 'none';
          if ((code === 0x27 || code === 0x22) && stringPrefixes.has(word.toLowerCase())) {
            this.startString(code, word.toLowerCase().includes('r'));
            i++;
            tokenStart = i;
            continue;
          }
          const literal = literalWords.get(word);
          if (literal === undefined) {
            return stop(syntaxError(i, `"${word}" is not a Python literal`), i);
          }
          const error = this.value(literal.value);
          if (error) return stop(syntaxError(i, error), i);
          continue;
        }
        case 'number': {
          const previous = this.previous;
          if (
            isIdentChar(code) ||
            code === 0x2e ||
            ((code === 0x2b || code === 0x2d) && (previous === 0x65 || previous === 0x45))
          ) {
            this.previous = code;
            i++;
            continue;
          }
          this.token = 'none';
          const number = parsePythonNumber(this.endToken(text, tokenStart, i));
          if (number === undefined) return stop(syntaxError(i, 'malformed number'), i);
          const error = this.value(number);
          if (error) return stop(syntaxError(i, error), i);
          continue;
        }
        case 'string': {
          if (this.opening > 0) {
            // Right after the opening quote(s): detect '' (empty) and ''' (triple).
            if (code === this.quote && this.opening === 1) {
              this.opening = 2;
              i++;
              continue;
            }
            if (code === this.quote && this.opening === 2) {
              this.opening = 0;
              this.triple = true;
              i++;
              tokenStart = i;
              continue;
            }
            if (this.opening === 2) {
              this.token = 'none';
              this.opening = 0;
              const error = this.value('');
              if (error) return stop(syntaxError(i, error), i);
              continue;
            }
            this.opening = 0;
            tokenStart = i;
          }
          // Fast path through the body: stop at a backslash or at our quote.
          while (i < to) {
            const c = text.charCodeAt(i);
            if (this.escaped) {
              this.escaped = false;
              this.closeRun = 0;
            } else if (c === 0x5c /* \ */) {
              this.escaped = true;
              this.closeRun = 0;
            } else if (c === this.quote) {
              if (!this.triple) break;
              this.closeRun++;
              if (this.closeRun === 3) break;
            } else {
              this.closeRun = 0;
            }
            i++;
          }
          if (i >= to) continue;
          // The closing quote is at i.
          let body = this.endToken(text, tokenStart, i);
          if (this.triple) body = body.slice(0, -2);
          this.token = 'none';
          i++;
          const error = this.value(this.rawString ? body : decodePythonEscapes(body));
          if (error) return stop(syntaxError(i, error), i);
          continue;
        }
        case 'none':
          break;
      }

      // Between tokens.
      if (isSpace(code)) {
        i++;
        continue;
      }
      const frame = this.stack[this.stack.length - 1];
      if (frame === undefined && this.mode === 'value') {
        if (code !== 0x7b && code !== 0x5b) return stop(syntaxError(i, 'expected "{" or "["'), i);
      } else if (frame === undefined) {
        // Top level: the list or section itself.
        if (this.top === 'start' && this.mode === 'list') {
          if (code !== 0x5b) return stop(syntaxError(i, 'expected "["'), i);
          this.bracketed = true;
          this.top = 'call';
          i++;
          continue;
        }
        if (this.top === 'start' && code === 0x5b) {
          this.bracketed = true;
          this.top = 'call';
          i++;
          continue;
        }
        if (this.top === 'closed') return stop(syntaxError(i, 'text after the closing "]"'), i);
        if (code === 0x5d /* ] */ && this.bracketed && this.top !== 'start') {
          i++;
          if (this.mode === 'list') return stop({ kind: 'close', index: i }, i);
          this.top = 'closed';
          continue;
        }
        if (this.top === 'sep' && code === 0x2c /* , */) {
          this.top = 'call';
          i++;
          continue;
        }
        if (isIdentStart(code) && (this.top !== 'sep' || this.mode === 'section')) {
          this.token = 'name';
          this.pieces = [];
          this.callStart = origin + i;
          this.top = 'sep';
          return stop({ kind: 'start', index: i }, i);
        }
        return stop(syntaxError(i, 'expected a call'), i);
      } else if (frame.kind === 'call') {
        if (frame.phase === 'key' || frame.phase === 'after') {
          if (code === 0x29 /* ) */) {
            this.stack.pop();
            i++;
            this.calls++;
            return stop(
              {
                kind: 'call',
                index: i,
                start: this.callStart,
                name: frame.name,
                args: frame.args,
                positional: frame.positional,
                repeated: frame.repeated,
              },
              i,
            );
          }
          if (frame.phase === 'after') {
            if (code !== 0x2c) return stop(syntaxError(i, 'expected "," or ")"'), i);
            frame.phase = 'key';
            i++;
            continue;
          }
          if (isIdentStart(code)) {
            // A keyword, or a positional literal word (`True`, `None`, a string prefix): see 'eq'.
            this.token = 'kw';
            this.pieces = [];
            tokenStart = i;
            i++;
            continue;
          }
          // A positional value: `f(1, 'a')`.
          if (frame.keyword) return stop(positionalAfterKeyword(i), i);
          frame.positionalValue = true;
          frame.phase = 'value';
          // Fall through to value start.
        } else if (frame.phase === 'eq') {
          if (code === 0x3d /* = */) {
            frame.keyword = true;
            frame.positionalValue = false;
            frame.phase = 'value';
            i++;
            continue;
          }
          // No `=`: the word was a positional literal (`f(True)`); `code` is read again after it.
          const literal = literalWords.get(frame.key);
          if (literal === undefined) return stop(syntaxError(i, 'expected "=" after the keyword'), i);
          if (frame.keyword) return stop(positionalAfterKeyword(i), i);
          frame.positional.push(literal.value);
          frame.phase = 'after';
          continue;
        }
        // phase 'value': fall through to value start.
      } else if (frame.kind === 'dict') {
        if (frame.phase === 'key' && code === 0x7d /* } */) {
          this.stack.pop();
          i++;
          const error = this.value(frame.object);
          if (error) return stop(syntaxError(i, error), i);
          continue;
        }
        if (frame.phase === 'colon') {
          if (code === 0x3a /* : */) {
            frame.phase = 'value';
            i++;
            continue;
          }
          if (code === 0x2c || code === 0x7d) {
            // A set: `{1, 2}`.
            const set: SeqFrame = { kind: 'set', items: [frame.key], phase: 'after', comma: false };
            this.stack[this.stack.length - 1] = set;
            continue;
          }
          return stop(syntaxError(i, 'expected ":"'), i);
        }
        if (frame.phase === 'after') {
          if (code === 0x2c) {
            frame.phase = 'key';
            i++;
            continue;
          }
          if (code === 0x7d) {
            this.stack.pop();
            i++;
            const error = this.value(frame.object);
            if (error) return stop(syntaxError(i, error), i);
            continue;
          }
          return stop(syntaxError(i, 'expected "," or "}"'), i);
        }
      } else {
        const closer = frame.kind === 'list' ? 0x5d : frame.kind === 'tuple' ? 0x29 : 0x7d;
        if (code === closer) {
          this.stack.pop();
          i++;
          const value =
            frame.kind === 'tuple' && frame.items.length === 1 && !frame.comma ? frame.items[0] : frame.items;
          const error = this.value(value);
          if (error) return stop(syntaxError(i, error), i);
          continue;
        }
        if (frame.phase === 'after') {
          if (code !== 0x2c) return stop(syntaxError(i, 'expected "," or a closing bracket'), i);
          frame.phase = 'value';
          frame.comma = true;
          i++;
          continue;
        }
      }

      // A value starts here.
      if (
        frame?.kind === 'dict' &&
        frame.phase === 'key' &&
        (code === 0x5b || code === 0x7b || code === 0x28)
      ) {
        return stop(syntaxError(i, 'a dict key must be a string or a number'), i);
      }
      if (code === 0x27 || code === 0x22) {
        this.startString(code, false);
        i++;
        tokenStart = i;
        continue;
      }
      if (isDigit(code) || code === 0x2d || code === 0x2b || code === 0x2e) {
        this.token = 'number';
        this.pieces = [];
        this.previous = code;
        tokenStart = i;
        i++;
        continue;
      }
      if (isIdentStart(code)) {
        this.token = 'word';
        this.pieces = [];
        tokenStart = i;
        i++;
        continue;
      }
      if ((code === 0x5b || code === 0x28 || code === 0x7b) && this.stack.length >= maxDepth) {
        return stop(syntaxError(i, `values nested deeper than ${maxDepth}`, 'too_deep'), i);
      }
      if (code === 0x5b) {
        this.stack.push({ kind: 'list', items: [], phase: 'value', comma: false });
        i++;
        continue;
      }
      if (code === 0x28) {
        this.stack.push({ kind: 'tuple', items: [], phase: 'value', comma: false });
        i++;
        continue;
      }
      if (code === 0x7b) {
        this.stack.push({ kind: 'dict', object: {}, key: undefined, phase: 'key' });
        i++;
        continue;
      }
      return stop(syntaxError(i, 'expected a Python literal'), i);
    }
    if (this.done) return stop({ kind: 'value', index: i, value: this.result }, i);
    if (this.token !== 'none' && this.opening === 0 && tokenStart < to)
      this.pieces.push(text.slice(tokenStart, to));
    return stop({ kind: 'more' }, to);
  }

  private startString(quote: number, raw: boolean): void {
    this.token = 'string';
    this.pieces = [];
    this.quote = quote;
    this.opening = 1;
    this.triple = false;
    this.rawString = raw;
    this.escaped = false;
    this.closeRun = 0;
  }

  private endToken(text: string, tokenStart: number, end: number): string {
    const tail = text.slice(tokenStart, end);
    if (this.pieces.length === 0) return tail;
    this.pieces.push(tail);
    const whole = this.pieces.join('');
    this.pieces = [];
    return whole;
  }

  /** Attaches a completed value to the innermost frame; returns an error message when it fits nowhere. */
  private value(value: unknown): string | undefined {
    const frame = this.stack[this.stack.length - 1];
    if (frame === undefined) {
      if (this.mode !== 'value') return 'a value outside a call';
      this.done = true;
      this.result = value;
      return undefined;
    }
    switch (frame.kind) {
      case 'call':
        if (frame.phase !== 'value') return 'unexpected value';
        if (frame.positionalValue) frame.positional.push(value);
        else {
          // A repeated keyword makes the call invalid: its later copy is not streamed as a member.
          if (Object.hasOwn(frame.args, frame.key)) frame.repeated ??= frame.key;
          else this.members.push([frame.key, value]);
          setOwnProperty(frame.args, frame.key, value);
        }
        frame.phase = 'after';
        return undefined;
      case 'dict':
        if (frame.phase === 'key') {
          frame.key = value;
          frame.phase = 'colon';
          return undefined;
        }
        if (frame.phase !== 'value') return 'unexpected value';
        setOwnProperty(
          frame.object,
          typeof frame.key === 'string' ? frame.key : JSON.stringify(frame.key),
          value,
        );
        frame.phase = 'after';
        return undefined;
      default:
        if (frame.phase !== 'value') return 'unexpected value';
        frame.items.push(value);
        frame.phase = 'after';
        return undefined;
    }
  }
}

const syntaxError = (
  index: number,
  message: string,
  code: 'syntax' | 'too_deep' = 'syntax',
): PythonScanStop => ({ kind: 'error', index, message, code });

const positionalAfterKeyword = (index: number): PythonScanStop =>
  syntaxError(index, 'a positional argument follows a keyword argument');

const literalWords = new Map<string, { value: unknown }>([
  ['True', { value: true }],
  ['False', { value: false }],
  ['None', { value: null }],
  ['true', { value: true }],
  ['false', { value: false }],
  ['null', { value: null }],
]);
