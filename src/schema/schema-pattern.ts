import { RE2JS } from 're2js';
import { isBacktrackFree } from './backtrack-free-pattern.js';
import { PatternCursor, readPattern, UnsupportedPattern as Unsupported } from './pattern-reader.js';

/**
 * A JSON Schema `pattern` made ready to test model strings in time linear in the string:
 * `{ ok: true, test }` runs it on the RE2 engine (`re2js`, no backtracking), or on the native engine
 * when `isBacktrackFree` proves that linear too (RE2 in JavaScript costs several times more per
 * string: the nested `$ref` align benchmark ran at a third of its speed), `{ ok: false, reason }`
 * says why it cannot be run (then it is never run at all: a backtracking engine on untrusted text is
 * how `^(a+)+$` took 49 s on 31 characters, issue 15).
 */
export type SchemaPattern =
  | { readonly ok: true; readonly test: (value: string) => boolean }
  | { readonly ok: false; readonly reason: string };

/** ECMAScript `\s` (WhiteSpace and LineTerminator, ECMA-262 §22.2.2.9) as RE2 class ranges. */
const SPACE =
  '\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** The complement of `SPACE`, as ranges (usable inside a class, where `[^...]` cannot nest). */
const NOT_SPACE =
  '\\x{0}-\\x{8}\\x{E}-\\x{1F}\\x{21}-\\x{9F}\\x{A1}-\\x{167F}\\x{1681}-\\x{1FFF}\\x{200B}-\\x{2027}' +
  '\\x{202A}-\\x{202E}\\x{2030}-\\x{205E}\\x{2060}-\\x{2FFF}\\x{3001}-\\x{FEFE}\\x{FF00}-\\x{10FFFF}';
/** ECMAScript `.` without the `s` flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const SYNTAX = '^$\\.*+?()[]{}|';

/**
 * Compiles a JSON Schema `pattern` (an ECMA-262 regular expression, read with the `u` flag as JSON
 * Schema validators in JavaScript do; not anchored, 2020-12 validation §6.3.3) for `re2js`.
 *
 * The ECMAScript syntax is translated to RE2's so that each construct keeps its ECMAScript meaning:
 * `.` excludes `\r` and U+2028/2029 too, `\s` / `\S` are the ECMAScript white-space sets (RE2's are
 * ASCII), `\uHHHH` (surrogate pairs joined), `\u{H...}`, `\xHH`, `\cX`, `\0` become `\x{...}`, `\b` in
 * a class is a backspace, `(?<name>` groups and `\p{Script=Greek}` / `\p{gc=L}` are written the RE2
 * way. `\d \w \b \B`, classes, anchors, groups, alternation and (lazy) quantifiers mean the same in
 * both. `{ ok: false, reason }` for a pattern that is not a valid `u`-mode ECMAScript regular
 * expression, and for what RE2 cannot run in linear time: lookahead and lookbehind, backreferences
 * (`\1`, `\k<name>`), and anything RE2 rejects (repeat counts above 1000, unknown property names).
 * Compiling costs time linear in the pattern; never throws.
 */
export function compileSchemaPattern(source: string): SchemaPattern {
  const translated = readPattern(source, () => new PatternTranslator(source).translate());
  if (!translated.ok) return translated;
  try {
    const compiled = RE2JS.compile(translated.value);
    if (provedBacktrackFree(source)) {
      // Compiled by RE2 all the same: what RE2 rejects stays unsupported whichever engine runs it.
      const native = new RegExp(source, 'u');
      return { ok: true, test: (value) => nativeOrRe2(native, compiled, value) };
    }
    return { ok: true, test: (value) => compiled.test(value) };
  } catch (error) {
    return { ok: false, reason: `RE2 cannot run it: ${(error as Error).message}` };
  }
}

/**
 * `isBacktrackFree`, or `false` where its recursion (one level per group) overflows the stack on a
 * pattern nested thousands deep: such a pattern runs on RE2 (found by review: `^` + `(?:a` x 4,000).
 */
function provedBacktrackFree(source: string): boolean {
  try {
    return isBacktrackFree(source);
  } catch {
    return false;
  }
}

/**
 * The native engine's answer, or RE2's where the native engine throws: V8 keeps one backtrack entry
 * per round of a loop and throws a `RangeError` past a few million rounds (found by review:
 * `^(a|b)*c` on `'ab'` x 3.5M + `'!'`, 7 MB), where RE2 answers without a stack.
 */
function nativeOrRe2(native: RegExp, compiled: RE2JS, value: string): boolean {
  try {
    return native.test(value);
  } catch {
    return compiled.test(value);
  }
}

/** One pass over a pattern already known to be valid ECMAScript, writing RE2 syntax. */
class PatternTranslator extends PatternCursor {
  private out = '';

  translate(): string {
    while (this.index < this.source.length) this.token();
    return this.out;
  }

  private token(): void {
    const character = this.next();
    switch (character) {
      case '\\':
        this.out += this.escape(false);
        return;
      case '[':
        this.characterClass();
        return;
      case '.':
        this.out += DOT;
        return;
      case '(':
        this.group();
        return;
      default:
        this.out += character;
    }
  }

  private group(): void {
    if (!this.eat('?')) {
      this.out += '(';
      return;
    }
    if (this.eat(':')) {
      this.out += '(?:';
      return;
    }
    const rest = this.source.slice(this.index, this.index + 2);
    if (rest.startsWith('=') || rest.startsWith('!') || rest === '<=' || rest === '<!') {
      throw new Unsupported('lookaround assertions');
    }
    if (this.eat('<')) {
      const close = this.source.indexOf('>', this.index);
      this.out += `(?P<${this.source.slice(this.index, close)}>`;
      this.index = close + 1;
      return;
    }
    throw new Unsupported(`the group syntax (?${rest}`);
  }

  private characterClass(): void {
    const negated = this.eat('^');
    if (this.eat(']')) {
      // `[]` matches nothing, `[^]` any character.
      this.out += negated ? '[\\x{0}-\\x{10FFFF}]' : '[^\\x{0}-\\x{10FFFF}]';
      return;
    }
    this.out += negated ? '[^' : '[';
    while (!this.eat(']')) {
      const character = this.next();
      if (character === '\\') this.out += this.escape(true);
      else if (character === '[') this.out += '\\[';
      else this.out += character;
    }
    this.out += ']';
  }

  /** After a backslash; returns the RE2 text. */
  private escape(inClass: boolean): string {
    const character = this.next();
    switch (character) {
      case 'd':
      case 'D':
      case 'w':
      case 'W':
      case 't':
      case 'n':
      case 'r':
      case 'v':
      case 'f':
        return `\\${character}`;
      case 's':
        return inClass ? SPACE : `[${SPACE}]`;
      case 'S':
        return inClass ? NOT_SPACE : `[^${SPACE}]`;
      case 'b':
        return inClass ? '\\x{8}' : '\\b';
      case 'B':
        return '\\B';
      case '-':
        return '\\-';
      case '0':
        return '\\x{0}';
      case 'c':
        return codePoint(this.next().charCodeAt(0) % 32);
      case 'x':
        return codePoint(this.hex(2));
      case 'u': {
        if (this.eat('{')) {
          const close = this.source.indexOf('}', this.index);
          const code = Number.parseInt(this.source.slice(this.index, close), 16);
          this.index = close + 1;
          return codePoint(code);
        }
        const high = this.hex(4);
        if (high >= 0xd800 && high <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(this.rest(6))) {
          this.index += 2;
          const low = this.hex(4);
          return codePoint((high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000);
        }
        return codePoint(high);
      }
      case 'p':
      case 'P': {
        this.eat('{');
        const close = this.source.indexOf('}', this.index);
        const body = this.source.slice(this.index, close);
        this.index = close + 1;
        const [key, value] = body.includes('=') ? body.split('=') : [undefined, body];
        if (key !== undefined && !['Script', 'sc', 'General_Category', 'gc'].includes(key)) {
          throw new Unsupported(`the property escape \\${character}{${body}}`);
        }
        return `\\${character}{${value}}`;
      }
      case 'k':
        throw new Unsupported('backreferences');
      default:
        if (/[1-9]/.test(character)) throw new Unsupported('backreferences');
        if (character === '/') return '/';
        if (SYNTAX.includes(character)) return `\\${character}`;
        // Valid u-mode ECMAScript has no other escapes; kept as is should one slip through.
        return `\\${character}`;
    }
  }

  private rest(length: number): string {
    return this.source.slice(this.index, this.index + length);
  }
}

function codePoint(code: number): string {
  return `\\x{${code.toString(16).toUpperCase()}}`;
}
