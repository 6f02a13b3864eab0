// The one reader of JSON Schema `pattern`s (ECMAScript, `u` flag) into a `PatternNode` tree, for the
// RE2 translation, the backtrack-free proof and the pattern grammar.
import type {
  AlternationNode,
  CharNode,
  ClassItem,
  GroupKind,
  PatternNode,
  SequenceNode,
} from './pattern-node.js';

/** A construct of a JSON Schema `pattern` that a reader of it cannot express; `message` says which. */
export class UnsupportedPattern extends Error {}

/**
 * How deep groups may nest for the readers that walk the tree recursively (the backtrack-free proof
 * and the grammar); RE2 nests no deeper either (its parser's limit is 1000).
 */
export const MAX_PATTERN_DEPTH = 1000;

/**
 * Reads a JSON Schema `pattern` with `read`, after checking that it is a valid `u`-mode ECMAScript
 * regular expression (only compiled, never run): `{ ok: false, reason }` when it is not, or when
 * `read` throws `UnsupportedPattern`. Shared by the schema pattern compiler and the pattern grammar.
 */
export function readPattern<T>(
  source: string,
  read: (tree: PatternTree) => T,
): { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string } {
  try {
    new RegExp(source, 'u');
  } catch {
    return { ok: false, reason: 'not a valid ECMAScript regular expression (u flag)' };
  }
  try {
    return { ok: true, value: read(parsePattern(source)) };
  } catch (error) {
    if (error instanceof UnsupportedPattern) return { ok: false, reason: error.message };
    throw error;
  }
}

/** A read pattern: its tree and how deep its groups nest (0 without groups). */
export interface PatternTree {
  readonly root: AlternationNode;
  readonly depth: number;
}

/**
 * Reads `source` as a `u`-mode ECMAScript pattern into a tree, in one pass without recursion (time
 * linear in the pattern, any depth). Made for valid patterns; an invalid one is read leniently (an
 * unclosed group closes at the end, a `{` that is no quantifier and a quantifier with nothing to
 * repeat are literal characters) or throws `UnsupportedPattern` (`unexpected end of pattern`,
 * `unbalanced )`, an unclosed `\u{`, `\p{` or group name).
 */
export function parsePattern(source: string): PatternTree {
  return new PatternParser(source).parse();
}

/** One open group (or the whole pattern, `group` undefined) while it is read. */
interface Frame {
  readonly group: GroupKind | undefined;
  readonly name: string;
  readonly branches: SequenceNode[];
  items: PatternNode[];
}

const QUANTIFIER = /\{(\d+)(?:(,)(\d*))?\}/y;
const LOW_SURROGATE_ESCAPE = /\\u[dD][c-fC-F][0-9a-fA-F]{2}/y;
/** The letters of the control escapes and their code points. */
const CONTROL: Readonly<Record<string, number>> = { t: 9, n: 0xa, v: 0xb, f: 0xc, r: 0xd };

class PatternParser {
  private index = 0;

  constructor(private readonly source: string) {}

  parse(): PatternTree {
    const frames: Frame[] = [{ group: undefined, name: '', branches: [], items: [] }];
    let depth = 0;
    while (this.index < this.source.length) {
      const frame = frames[frames.length - 1] as Frame;
      const character = this.source[this.index] as string;
      if (character === '|') {
        this.index++;
        frame.branches.push({ kind: 'sequence', items: frame.items });
        frame.items = [];
      } else if (character === ')') {
        this.index++;
        if (frames.length === 1) throw new UnsupportedPattern('unbalanced )');
        frames.pop();
        (frames[frames.length - 1] as Frame).items.push(close(frame, true));
      } else if (character === '(') {
        this.index++;
        frames.push(this.groupHead());
        depth = Math.max(depth, frames.length - 1);
      } else if (!this.quantifier(frame.items)) {
        frame.items.push(this.atom());
      }
    }
    // Groups left open close at the end (invalid ECMAScript, read leniently).
    while (frames.length > 1) {
      const frame = frames.pop() as Frame;
      (frames[frames.length - 1] as Frame).items.push(close(frame, false));
    }
    return { root: alternationOf(frames[0] as Frame), depth };
  }

  /** After `(`. */
  private groupHead(): Frame {
    const frame = (group: GroupKind, name = ''): Frame => ({ group, name, branches: [], items: [] });
    if (!this.eat('?')) return frame('capture');
    if (this.eat(':')) return frame('noncapture');
    if (this.eat('=')) return frame('lookahead');
    if (this.eat('!')) return frame('negative-lookahead');
    const rest = this.source.slice(this.index, this.index + 2);
    if (rest === '<=' || rest === '<!') {
      this.index += 2;
      return frame(rest === '<=' ? 'lookbehind' : 'negative-lookbehind');
    }
    if (this.eat('<')) return frame('named', this.until('>'));
    return frame('other', rest);
  }

  /** A quantifier on the last item, if one stands here and that item has none yet. */
  private quantifier(items: PatternNode[]): boolean {
    const body = items[items.length - 1];
    if (body === undefined || body.kind === 'quantifier') return false;
    const start = this.index;
    const character = this.source[start];
    let min: number;
    let max: number;
    if (character === '*') [min, max] = [0, Number.POSITIVE_INFINITY];
    else if (character === '+') [min, max] = [1, Number.POSITIVE_INFINITY];
    else if (character === '?') [min, max] = [0, 1];
    else if (character === '{') {
      QUANTIFIER.lastIndex = start;
      const match = QUANTIFIER.exec(this.source);
      if (!match) return false;
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3]);
      this.index += match[0].length - 1;
    } else return false;
    this.index++;
    const lazy = this.eat('?');
    const text = this.source.slice(start, this.index);
    items[items.length - 1] = { kind: 'quantifier', body, min, max, lazy, text };
    return true;
  }

  private atom(): PatternNode {
    const character = this.next();
    switch (character) {
      case '^':
        return { kind: 'start' };
      case '$':
        return { kind: 'end' };
      case '.':
        return { kind: 'dot' };
      case '[':
        return this.characterClass();
      case '\\':
        return this.escape(false);
      default:
        return char(character.codePointAt(0) as number, 'plain');
    }
  }

  /** After `[`. */
  private characterClass(): PatternNode {
    const negated = this.eat('^');
    const items: ClassItem[] = [];
    while (!this.eat(']')) {
      const from = this.classAtom();
      if (this.source[this.index] === '-' && this.source[this.index + 1] !== ']') {
        this.index++;
        items.push({ kind: 'range', from, to: this.classAtom() });
      } else items.push(from);
    }
    return { kind: 'class', negated, items };
  }

  private classAtom(): ClassItem {
    const character = this.next();
    if (character !== '\\') return char(character.codePointAt(0) as number, 'plain');
    return this.escape(true) as ClassItem;
  }

  /** After a backslash: an escape, in a class (`\b` a backspace there) or not. */
  private escape(inClass: boolean): PatternNode {
    const character = this.next();
    switch (character) {
      case 'd':
      case 'D':
        return { kind: 'escape-set', set: 'digit', negated: character === 'D' };
      case 'w':
      case 'W':
        return { kind: 'escape-set', set: 'word', negated: character === 'W' };
      case 's':
      case 'S':
        return { kind: 'escape-set', set: 'space', negated: character === 'S' };
      case 'b':
        return inClass ? char(8, 'code') : { kind: 'boundary', negated: false };
      case 'B':
        return { kind: 'boundary', negated: true };
      case '0':
        return char(0, 'code');
      case 'c':
        return char(this.next().charCodeAt(0) % 32, 'code');
      case 'x':
        return char(this.hex(2), 'code');
      case 'u':
        return char(this.unicodeEscape(), 'code');
      case 'p':
      case 'P':
        this.eat('{');
        return { kind: 'property', negated: character === 'P', body: this.until('}') };
      case 'k':
        if (this.eat('<')) this.until('>');
        return { kind: 'backreference' };
      default: {
        if (character >= '1' && character <= '9') {
          while (this.source[this.index] !== undefined && /[0-9]/.test(this.source[this.index] as string))
            this.index++;
          return { kind: 'backreference' };
        }
        const control = CONTROL[character];
        return char(control ?? (character.codePointAt(0) as number), 'escape');
      }
    }
  }

  /** After `\u`: `{H...}`, or `HHHH` (with a following `\uHHHH` low surrogate, the pair joined). */
  private unicodeEscape(): number {
    if (this.eat('{')) return Number.parseInt(this.until('}'), 16);
    const high = this.hex(4);
    LOW_SURROGATE_ESCAPE.lastIndex = this.index;
    if (high >= 0xd800 && high <= 0xdbff && LOW_SURROGATE_ESCAPE.test(this.source)) {
      this.index += 2;
      return (high - 0xd800) * 0x400 + (this.hex(4) - 0xdc00) + 0x10000;
    }
    return high;
  }

  /** The text up to `end`, which is skipped; `UnsupportedPattern` when it never comes. */
  private until(end: string): string {
    const close = this.source.indexOf(end, this.index);
    if (close < 0) throw new UnsupportedPattern('unexpected end of pattern');
    const text = this.source.slice(this.index, close);
    this.index = close + 1;
    return text;
  }

  /** One code point (offsets are UTF-16 code units). */
  private next(): string {
    const code = this.source.codePointAt(this.index);
    if (code === undefined) throw new UnsupportedPattern('unexpected end of pattern');
    const character = String.fromCodePoint(code);
    this.index += character.length;
    return character;
  }

  private eat(character: string): boolean {
    if (this.source[this.index] !== character) return false;
    this.index++;
    return true;
  }

  private hex(width: number): number {
    const text = this.source.slice(this.index, this.index + width);
    this.index += width;
    return Number.parseInt(text, 16);
  }
}

function char(code: number, form: CharNode['form']): CharNode {
  return { kind: 'char', code, form };
}

function alternationOf(frame: Frame): AlternationNode {
  return { kind: 'alternation', branches: [...frame.branches, { kind: 'sequence', items: frame.items }] };
}

function close(frame: Frame, closed: boolean): PatternNode {
  return {
    kind: 'group',
    group: frame.group as GroupKind,
    name: frame.name,
    body: alternationOf(frame),
    closed,
  };
}
