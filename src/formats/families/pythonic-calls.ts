import { setOwnProperty } from '../../internal/set-own-property.js';
import { BaseFormatParser, type Cursor, type ReasoningTags } from '../core/base-parser.js';
import { heldBackLength, MarkerSearch } from '../core/markers.js';
import { StreamedMembers } from '../core/streamed-values.js';
import type { FormatOptions } from '../format-definition.js';

/**
 * Family core for formats that write tool calls in Python call syntax: `NAME(k=v, k2=v2)` with
 * keyword arguments and Python literal values. Used by `pythonic` / `llama4_pythonic`
 * (`[NAME(k=v), NAME2()]`), `lfm2` (`<|tool_call_start|>[…]<|tool_call_end|>`) and `olmo3`
 * (`<function_calls>NAME(k=v)\nNAME2()</function_calls>`).
 *
 * - `sections`: explicit call sections. Inside one, the body is an optional `[`, calls separated by `,`
 *   and/or whitespace (newlines), an optional `]`; anything else makes the call in progress an
 *   `InvalidToolCall` whose raw text runs to the end marker. The end marker is optional at the end of
 *   the output; an end marker inside a string literal is data.
 * - `bareLists`: also recognise a `[NAME(…), …]` list anywhere in prose (SGLang `PythonicDetector`).
 *   Such a list is a call list once it starts like one, `[NAME(` (whitespace allowed); otherwise
 *   (`[1, 2]`, `[see above]`, a Markdown link) all of it stays content. In a call list, an element
 *   that cannot be read (an expression, nesting too deep, a non-call) is an `InvalidToolCall` whose raw
 *   runs to the next `,` directly inside the list or to its `]` (found by `BracketSkipper`; to the end
 *   of the output when there is none), and the list goes on after that `,`. A list cut off at the end
 *   of the output yields its complete calls and an `InvalidToolCall` for the rest.
 * - `reasoning`: reasoning tags recognised in text mode.
 * - `newlineAfterEnd`: one `\n` right after a section end marker is structure, not content (vLLM LFM2).
 *
 * Values: `str` (`'…'`, `"…"`, triple quotes, prefixes `r`/`u`/`b`, Python escapes), `int` (also
 * `0x`/`0o`/`0b`, `_` separators), `float`, `True`/`False`/`None` and JSON's `true`/`false`/`null`,
 * lists, tuples and sets (as arrays), dicts (non-string keys become their JSON text); expressions and
 * other names are syntax errors, and values nested 256 deep (error code `too_deep`). Positional
 * arguments (`f(1, 'a')`, before any keyword one, as in Python) take the names of the tool's
 * parameters in the order of its schema's `properties` — the order of the function signature for
 * schemas generated from one; peers do not do this (vLLM's regex rejects them, its AST reader would
 * drop them), so this is our rule. Without tools, with more positional arguments than parameters, or
 * with a parameter given both ways, the call is an `InvalidToolCall` (codes `positional_arguments`,
 * `too_many_positional_arguments`, `duplicate_argument`). Call names are identifiers, dots allowed
 * (`Calendar.create_event`). Offsets are UTF-16 code units.
 */
export interface PythonicCallsConfig {
  readonly sections?: ReadonlyArray<{ readonly start: string; readonly end: readonly string[] }>;
  readonly bareLists?: boolean;
  readonly reasoning?: ReasoningTags;
  readonly newlineAfterEnd?: boolean;
}

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
      /** Positional arguments in order (empty for keyword-only calls); see `resolveArguments`. */
      readonly positional: readonly unknown[];
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
const namePattern = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u;

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
          if (isIdentChar(code) || (this.token === 'name' && code === 0x2e) /* . */) {
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
          setOwnProperty(frame.args, frame.key, value);
          this.members.push([frame.key, value]);
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

const decimalPattern = /^[-+]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][-+]?\d(?:_?\d)*)?$/;
const radixPattern = /^([-+]?)0([xXoObB])_?([0-9a-fA-F](?:_?[0-9a-fA-F])*)$/;

/** A Python int/float literal (with optional sign) as a number, or `undefined`. */
function parsePythonNumber(text: string): number | undefined {
  if (text.length > 400) return undefined;
  const radix = radixPattern.exec(text);
  if (radix) {
    const base = { x: 16, o: 8, b: 2 }[radix[2]!.toLowerCase() as 'x' | 'o' | 'b'];
    const digits = radix[3]!.replaceAll('_', '');
    const value = Number.parseInt(digits, base);
    if (Number.isNaN(value) || value.toString(base) !== digits.toLowerCase().replace(/^0+(?=.)/, ''))
      return undefined;
    return radix[1] === '-' ? -value : value;
  }
  if (!decimalPattern.test(text)) return undefined;
  const value = Number(text.replaceAll('_', ''));
  return Number.isFinite(value) ? value : undefined;
}

const simpleEscapes: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '0': '\0',
  '/': '/',
  '\n': '',
};

/** Decodes the escapes of a (non-raw) Python string body; an unknown escape keeps its backslash. */
export function decodePythonEscapes(body: string): string {
  if (!body.includes('\\')) return body;
  const out: string[] = [];
  let start = 0;
  let i = body.indexOf('\\');
  while (i >= 0 && i < body.length - 1) {
    out.push(body.slice(start, i));
    const next = body[i + 1]!;
    const simple = simpleEscapes[next];
    let consumed = 2;
    if (simple !== undefined && !(next === '0' && isDigit(body.charCodeAt(i + 2)))) {
      out.push(simple);
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
      const hex = body.slice(i + 2, i + 2 + length);
      const value =
        /^[0-9a-fA-F]+$/.test(hex) && hex.length === length ? Number.parseInt(hex, 16) : Number.NaN;
      if (Number.isNaN(value) || value > 0x10ffff) {
        out.push(body.slice(i, i + 2));
      } else {
        out.push(String.fromCodePoint(value));
        consumed = 2 + length;
      }
    } else if (next >= '0' && next <= '7') {
      const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1, i + 4))![0];
      out.push(String.fromCharCode(Number.parseInt(octal, 8)));
      consumed = 1 + octal.length;
    } else if (next === '\r') {
      consumed = body[i + 2] === '\n' ? 3 : 2;
    } else {
      out.push(body.slice(i, i + 2));
    }
    start = i + consumed;
    i = body.indexOf('\\', start);
  }
  out.push(body.slice(start));
  return out.join('');
}

/**
 * Finds where a bracketed unit ends once its content could not be read (a syntax error, nesting too
 * deep): counts `(`, `[`, `{` against their closers, skipping `'…'` and `"…"` strings with backslash
 * escapes. A closer that matches a bracket further out closes everything inside it; a closer that
 * matches no open bracket is ignored. Incremental; each character is examined once and each bracket
 * pushed and popped at most once, so the time is linear at any depth. Triple-quoted strings are seen
 * as runs of ordinary strings (a lone quote inside one can shift the end found).
 */
export class BracketSkipper {
  /** The last `scan` that found something stopped at a `,` of the outermost bracket (not consumed). */
  atComma = false;
  private stack: number[] = [];
  private stopAtComma = false;
  /** How many of each closer (`)`, `]`, `}`) the stack holds, so a stray closer costs O(1). */
  private counts = new Map<number, number>();
  private quote = 0;
  private escaped = false;

  /**
   * Starts with these brackets open (their closers, outermost first), outside any string. With
   * `stopAtComma`, a `,` directly inside the outermost bracket also ends the scan.
   */
  start(closers: readonly number[], stopAtComma = false): void {
    this.stopAtComma = stopAtComma;
    this.atComma = false;
    this.stack = [];
    this.counts = new Map([
      [0x29, 0],
      [0x5d, 0],
      [0x7d, 0],
    ]);
    this.quote = 0;
    this.escaped = false;
    for (const closer of closers) this.push(closer);
  }

  /**
   * Scans `text[from, to)`; returns the index just after the closer of the outermost bracket, or (see
   * `start`) the index of a `,` directly inside it, with `atComma` set; -1 when neither is found yet.
   */
  scan(text: string, from: number, to: number): number {
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (this.quote !== 0) {
        if (this.escaped) this.escaped = false;
        else if (code === 0x5c /* \ */) this.escaped = true;
        else if (code === this.quote) this.quote = 0;
        continue;
      }
      if (code === 0x27 || code === 0x22) this.quote = code;
      else if (code === 0x2c /* , */ && this.stopAtComma && this.stack.length === 1) {
        this.atComma = true;
        return i;
      } else if (code === 0x28) this.push(0x29);
      else if (code === 0x5b) this.push(0x5d);
      else if (code === 0x7b) this.push(0x7d);
      else if ((code === 0x29 || code === 0x5d || code === 0x7d) && this.counts.get(code)! > 0) {
        for (;;) {
          const closer = this.stack.pop()!;
          this.counts.set(closer, this.counts.get(closer)! - 1);
          if (closer === code) break;
        }
        if (this.stack.length === 0) return i + 1;
      }
    }
    return -1;
  }

  private push(closer: number): void {
    this.stack.push(closer);
    this.counts.set(closer, this.counts.get(closer)! + 1);
  }
}

type State = 'text' | 'section' | 'skip' | 'bare' | 'bare-skip' | 'after-end';

/** A bare list's element, `[start, end)` in the list's text: a call, or one that failed. */
type PendingCall =
  | {
      readonly kind: 'call';
      readonly name: string;
      readonly args: Record<string, unknown>;
      readonly positional: readonly unknown[];
      readonly start: number;
      readonly end: number;
    }
  | BrokenPart;

/** The part of a bare list that is one invalid call: `[start, end)` in the list's text. */
interface BrokenPart {
  readonly kind: 'broken';
  readonly start: number;
  readonly end: number;
  readonly code: string;
  readonly message: string;
}

type Resolved =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly code: string; readonly message: string };

/** One parser per turn for a `PythonicCallsConfig`; see the config's docstring for the rules. */
export class PythonicCallsParser extends BaseFormatParser {
  private state: State = 'text';
  private readonly scanner = new PythonCallScanner();
  private readonly startMarkers: string[];
  private endMarkers: readonly string[] = [];
  private endSearch = new MarkerSearch([]);
  /** Text of the current bare list, in pieces. */
  private pieces: string[] = [];
  /** Total length of `pieces`. */
  private unitLength = 0;
  /** Completed calls of a bare list, emitted only when the list closes. */
  private pending: PendingCall[] = [];
  /** The bare list has shown `NAME(`: it is a call list, and a syntax error in it is an invalid call. */
  private opened = false;
  /** After a syntax error in a call list: finds the list's `]`. */
  private readonly skipper = new BracketSkipper();
  /** The failed part of a bare list (its end is set when the list's end is found). */
  private broken: BrokenPart | undefined;
  /** Code and message of the syntax error that sent a section to 'skip'. */
  private failure = { code: 'invalid_tool_call', message: 'the tool call is not valid Python call syntax' };
  /** The open section call was announced under this name, and its keyword arguments may stream. */
  private streaming: string | undefined;
  /** The members streamed for the open call. */
  private readonly streamed = new StreamedMembers();

  constructor(
    private readonly config: PythonicCallsConfig,
    options?: FormatOptions,
  ) {
    super(options, config.reasoning);
    this.startMarkers = (config.sections ?? []).map((section) => section.start);
    if (config.bareLists) this.startMarkers.push('[');
  }

  protected override onReset(): void {
    this.state = 'text';
    this.endStreaming();
    this.pieces = [];
    this.pending = [];
    this.opened = false;
    this.broken = undefined;
  }

  protected parse(cursor: Cursor): void {
    for (;;) {
      switch (this.state) {
        case 'text': {
          const match = this.scanText(cursor, this.startMarkers);
          if (!match) return;
          this.pieces = [];
          this.unitLength = 0;
          this.pending = [];
          this.opened = false;
          this.broken = undefined;
          if (match.marker === '[') {
            this.scanner.reset('list');
            this.state = 'bare';
            break;
          }
          this.take(cursor, match.index + match.marker.length, 'markup');
          this.endMarkers =
            this.config.sections?.find((section) => section.start === match.marker)?.end ?? [];
          this.endSearch = new MarkerSearch(this.endMarkers);
          this.scanner.reset('section');
          this.state = 'section';
          break;
        }
        case 'bare':
          if (!this.scanBare(cursor)) return;
          break;
        case 'bare-skip':
          if (!this.skipBare(cursor)) return;
          break;
        case 'section':
          if (!this.scanSection(cursor)) return;
          break;
        case 'skip':
          if (!this.skipToEnd(cursor)) return;
          break;
        case 'after-end': {
          const text = cursor.text;
          if (cursor.position >= text.length) {
            if (cursor.final) this.state = 'text';
            return;
          }
          if (text.charCodeAt(cursor.position) === 0x0a) this.take(cursor, cursor.position + 1, 'markup');
          this.state = 'text';
          break;
        }
      }
    }
  }

  /** Consumes `[cursor.position, end)` into the unit's pieces. */
  private keep(cursor: Cursor, end: number): void {
    const piece = this.take(cursor, end, 'call');
    if (piece !== '') this.pieces.push(piece);
    this.unitLength += piece.length;
  }

  /** The bare list text in `pieces`, joined once (unit offset 0 is its `[`). */
  private unitText(): string {
    const text = this.pieces.join('');
    this.pieces = [];
    this.unitLength = 0;
    return text;
  }

  private scanBare(cursor: Cursor): boolean {
    const text = cursor.text;
    for (;;) {
      const stop = this.scanner.scan(text, cursor.position, text.length);
      // A bare list's calls are known only when it closes: nothing streams, the members are dropped.
      this.scanner.takeMembers();
      switch (stop.kind) {
        case 'open':
          this.opened = true;
          this.keep(cursor, stop.index);
          continue;
        case 'start':
        case 'value':
          this.keep(cursor, stop.index);
          continue;
        case 'call':
          this.keep(cursor, stop.index);
          this.pending.push({
            kind: 'call',
            name: stop.name,
            args: stop.args,
            positional: stop.positional,
            start: stop.start,
            end: this.scanner.consumed,
          });
          continue;
        case 'close': {
          this.keep(cursor, stop.index);
          const unit = this.unitText();
          this.state = 'text';
          if (this.pending.length === 0) this.emitTaken(unit, 'content');
          else this.emitPending(unit);
          return true;
        }
        case 'error': {
          this.keep(cursor, stop.index);
          if (!this.opened) {
            // Not a call list (`[1, 2]`, `[see above]`, a Markdown link): all of it is content.
            this.state = 'text';
            this.emitTaken(this.unitText(), 'content');
            this.pending = [];
            return true;
          }
          // A call list that breaks: the failing element, up to the next `,` or the `]` of the list,
          // is an invalid call.
          const start = this.scanner.inCall ? this.scanner.callStart : this.scanner.consumed;
          this.broken =
            stop.code === 'too_deep'
              ? {
                  kind: 'broken',
                  start,
                  end: -1,
                  code: 'too_deep',
                  message: `the tool call's ${stop.message}`,
                }
              : {
                  kind: 'broken',
                  start,
                  end: -1,
                  code: 'invalid_tool_call',
                  message: `the tool call is not valid Python call syntax: ${stop.message}`,
                };
          this.skipper.start([0x5d, ...this.scanner.closers], true);
          this.state = 'bare-skip';
          return true;
        }
        case 'more': {
          this.keep(cursor, text.length);
          if (!cursor.final) return false;
          const unit = this.unitText();
          this.state = 'text';
          if (this.pending.length === 0 && !this.scanner.inArguments) {
            this.emitTaken(unit, 'content');
            return true;
          }
          const start = this.scanner.inCall ? this.scanner.callStart : unit.length;
          if (unit.slice(start).trim() !== '') {
            this.pending.push({
              kind: 'broken',
              start,
              end: unit.length,
              code: 'incomplete_tool_call',
              message: 'the tool call is cut off before its end',
            });
          }
          this.emitPending(unit);
          return true;
        }
      }
    }
  }

  /**
   * After a syntax error in a call list: reads on to the next `,` of the list (then the list goes on
   * with its next element), to its `]`, or to the end of the output (then the rest of the output
   * belongs to the failed element).
   */
  private skipBare(cursor: Cursor): boolean {
    const text = cursor.text;
    const end = this.skipper.scan(text, cursor.position, text.length);
    this.keep(cursor, end < 0 ? text.length : end);
    if (end < 0 && !cursor.final) return false;
    const broken = this.broken!;
    this.broken = undefined;
    if (end >= 0 && this.skipper.atComma) {
      this.pending.push({ ...broken, end: this.unitLength });
      this.scanner.resumeList(this.unitLength);
      this.state = 'bare';
      return true;
    }
    const unit = this.unitText();
    this.pending.push({ ...broken, end: end < 0 ? unit.length : unit.length - 1 });
    this.state = 'text';
    this.emitPending(unit);
    return true;
  }

  /**
   * Positional arguments take the names of the tool's parameters in the order of its schema's
   * `properties` (Python binds them in signature order, and tool schemas generated from signatures
   * list properties in that order). Without tools, for a tool whose schema lists fewer properties
   * than there are positional arguments, or for a parameter given both ways, the call is invalid.
   * An unknown tool is left to `endCall`, which reports it.
   */
  private resolveArguments(
    name: string,
    args: Record<string, unknown>,
    positional: readonly unknown[],
  ): Resolved {
    if (positional.length === 0) return { ok: true, value: args };
    if (this.tools === undefined) {
      return {
        ok: false,
        code: 'positional_arguments',
        message: 'positional arguments can only be named from the tool schema, and no tools were given',
      };
    }
    const schema = this.tools.parameters(name);
    if (schema === undefined) return { ok: true, value: args };
    const properties =
      typeof schema === 'object' && typeof schema.properties === 'object' && schema.properties !== null
        ? Object.keys(schema.properties)
        : [];
    if (positional.length > properties.length) {
      return {
        ok: false,
        code: 'too_many_positional_arguments',
        message: `"${name}" has ${properties.length} parameter(s) but ${positional.length} positional argument(s) were given`,
      };
    }
    const value: Record<string, unknown> = {};
    positional.forEach((item, index) => {
      setOwnProperty(value, properties[index]!, item);
    });
    for (const key of Object.keys(args)) {
      if (Object.hasOwn(value, key)) {
        return {
          ok: false,
          code: 'duplicate_argument',
          message: `the argument "${key}" of "${name}" is given both by position and by keyword`,
        };
      }
      setOwnProperty(value, key, args[key]);
    }
    return { ok: true, value };
  }

  /**
   * Emits a bare list's elements in order, each with its own text as raw: calls, and invalid calls
   * for elements that failed or were cut off (trailing whitespace aside). Brackets, commas and
   * whitespace between elements are markup.
   */
  private emitPending(unit: string): void {
    let previous = 0;
    for (const entry of this.pending) {
      // The structure before each element comes before it, so every piece is emitted in input order.
      this.emitTaken(unit.slice(previous, entry.start), 'markup');
      if (entry.kind === 'broken') {
        // An empty element (`[f(), , g()]`) is only structure.
        const raw = unit.slice(entry.start, entry.end).trimEnd();
        if (raw !== '') this.invalidCall(raw, entry.code, entry.message, nameOf(raw));
        previous = entry.start + raw.length;
        continue;
      }
      const raw = unit.slice(entry.start, entry.end);
      const resolved = this.resolveArguments(entry.name, entry.args, entry.positional);
      if (resolved.ok) this.endCall({ name: entry.name, argumentsValue: resolved.value }, raw);
      else this.invalidCall(raw, resolved.code, resolved.message, entry.name);
      previous = entry.end;
    }
    this.pending = [];
    this.emitTaken(unit.slice(previous), 'markup');
  }

  /**
   * Section mode: structure (`[`, `,`, `]`, whitespace) is markup; each call is recorded as the open
   * call of `BaseFormatParser` from its name on, announced at its `(`, and ended at its `)`.
   */
  private scanSection(cursor: Cursor): boolean {
    const text = cursor.text;
    // Where to look for the next end marker: past one already scanned as string data.
    let searchFrom = cursor.position;
    for (;;) {
      const from = Math.max(searchFrom, cursor.position);
      const match = this.endSearch.find(text, from);
      const limit = match
        ? match.index
        : cursor.final
          ? text.length
          : text.length - heldBackLength(text, from, this.endMarkers);
      const stop = this.scanner.scan(text, cursor.position, limit);
      this.streamMembers();
      switch (stop.kind) {
        case 'start':
          this.take(cursor, stop.index, 'markup');
          this.beginCall();
          continue;
        case 'open':
          this.take(cursor, stop.index, 'call');
          this.announceCall(stop.name);
          this.streaming = this.streamsAnnounced ? stop.name : undefined;
          continue;
        case 'call': {
          this.take(cursor, stop.index, 'call');
          const resolved = this.resolveArguments(stop.name, stop.args, stop.positional);
          // Once a member streamed, the last delta must close the object (even when a later copy of
          // every streamed key took it back): `streamedKeys` says so, possibly empty.
          const streamed = this.streamed.parts();
          this.endStreaming();
          if (resolved.ok) this.endCall({ name: stop.name, argumentsValue: resolved.value, ...streamed });
          else this.failCall(resolved.code, resolved.message, stop.name);
          continue;
        }
        case 'error':
        case 'close':
        case 'value':
          this.failure =
            stop.kind !== 'error'
              ? { code: 'invalid_tool_call', message: 'the tool call is not valid Python call syntax' }
              : stop.code === 'too_deep'
                ? { code: 'too_deep', message: `the tool call's ${stop.message}` }
                : {
                    code: 'invalid_tool_call',
                    message: `the tool call is not valid Python call syntax: ${stop.message}`,
                  };
          this.take(cursor, stop.index, this.inCall ? 'call' : 'markup');
          if (!this.inCall) this.beginCall();
          this.state = 'skip';
          return true;
        case 'more':
          break;
      }
      this.take(cursor, limit, this.inCall ? 'call' : 'markup');
      if (match) {
        if (this.scanner.inString) {
          // An end marker inside a string literal is data: scan on past it.
          searchFrom = match.index + match.marker.length;
          continue;
        }
        this.closeSection(cursor, match.index + match.marker.length);
        return true;
      }
      if (!cursor.final) return false;
      this.closeSection(cursor, undefined);
      return true;
    }
  }

  /**
   * Sends the keyword arguments the scanner completed (`takeMembers`) as members of the announced call's
   * argument JSON (`{"k":v` then `,"k2":v2`): strings, booleans and finite numbers that the tool's
   * property schema takes as they are (any without tools: see `keepsAsIs`). Objects and arrays, values
   * alignment would change, and what it adds, come with the call's last delta (`endCall`). The members
   * are the same however the text was chunked.
   */
  private streamMembers(): void {
    const members = this.scanner.takeMembers();
    const name = this.streaming;
    if (name === undefined) return;
    const withTools = this.tools !== undefined;
    for (const [key, value] of members) {
      const delta = this.streamed.delta(
        key,
        value,
        withTools ? this.parameterSchema(name, key) : undefined,
        withTools,
      );
      if (delta !== undefined) this.streamArguments(delta);
    }
  }

  /** Forgets the open call's streaming state. */
  private endStreaming(): void {
    this.streaming = undefined;
    this.streamed.clear();
  }

  /** Ends the section at its end marker (or at the end of the output when `markerEnd` is undefined). */
  private closeSection(cursor: Cursor, markerEnd: number | undefined): void {
    this.endStreaming();
    if (this.inCall) {
      this.failCall('incomplete_tool_call', 'the tool call is cut off before its end', this.scanner.callName);
    }
    if (markerEnd !== undefined) this.take(cursor, markerEnd, 'markup');
    this.state = this.config.newlineAfterEnd && markerEnd !== undefined ? 'after-end' : 'text';
  }

  /** After a syntax error: the rest of the section, up to its end marker, is one invalid call. */
  private skipToEnd(cursor: Cursor): boolean {
    this.endStreaming();
    const text = cursor.text;
    const match = this.endSearch.find(text, cursor.position);
    if (!match) {
      this.takeAllBut(cursor, this.endMarkers, 'call');
      if (!cursor.final) return false;
    } else {
      this.take(cursor, match.index, 'call');
    }
    this.failCall(this.failure.code, this.failure.message, this.scanner.callName);
    if (match) this.take(cursor, match.index + match.marker.length, 'markup');
    this.state = this.config.newlineAfterEnd && match ? 'after-end' : 'text';
    return true;
  }
}

/** The call name at the start of an invalid call's raw text, when there is one. */
function nameOf(raw: string): string | undefined {
  const match = /^\s*([\p{L}_][\p{L}\p{N}_.]{0,200})\(/u.exec(raw.slice(0, 256));
  return match?.[1];
}
