// Whether a JSON Schema `pattern` can run on the native (backtracking) engine in time linear in the
// string: start-anchored and deterministic, so no choice the engine makes is ever worth retrying.
import { PatternCursor, UnsupportedPattern } from './pattern-reader.js';

/** Code point ranges `[low, high]`, sorted and disjoint; `END` stands for the end of the string. */
type CharSet = readonly (readonly [number, number])[];

const END = 0x110000;
const ALL: CharSet = [[0, 0x10ffff]];
const NONE: CharSet = [];
const DIGIT: CharSet = [[0x30, 0x39]];
const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMAScript `\s` (ECMA-262 §22.2.2.9: WhiteSpace and LineTerminator). */
const SPACE: CharSet = [
  [0x9, 0xd],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** ECMAScript `.` without the `s` flag. */
const DOT = complement([
  [0xa, 0xa],
  [0xd, 0xd],
  [0x2028, 0x2029],
]);

/**
 * A pattern as a tree: `set` consumes one code point of `chars` (`exact: false` when `chars` is only
 * an upper bound, e.g. a `\p{...}` escape), `assert` is zero-width (`^`, `\b`, `\B`; `$` consumes the
 * virtual `END`), `repeat` is a quantifier (`max` Infinity when open).
 */
type PatternNode =
  | { readonly kind: 'set'; readonly chars: CharSet; readonly exact: boolean }
  | { readonly kind: 'assert'; readonly start: boolean }
  | { readonly kind: 'sequence'; readonly items: readonly PatternNode[] }
  | { readonly kind: 'alternation'; readonly branches: readonly PatternNode[] }
  | { readonly kind: 'repeat'; readonly body: PatternNode; readonly min: number; readonly max: number };

/**
 * Whether `source`, a valid `u`-mode ECMAScript pattern, runs on a backtracking engine (V8's
 * `RegExp.prototype.test`) in time linear in the tested string. A sufficient condition, checked
 * conservatively: the pattern starts with `^` outside any alternation (one start position), has no
 * lookaround or backreference, no quantified sub-pattern that can match the empty string, and is
 * deterministic with one code point of lookahead (the one-unambiguous / LL(1) condition): at every
 * alternation the branches' first code points are disjoint, and at every quantifier with a choice
 * (`max > min`) the body's first code points are disjoint from what may follow it. Then at each
 * position at most one choice can consume the next code point, so every retried choice fails on its
 * first step and the engine does a bounded amount of work per code point. `^(a+)+$`, `^\S+@\S+$` and
 * every unanchored pattern answer `false` (they go to RE2). Time linear in the pattern times its
 * nesting; never throws.
 */
export function isBacktrackFree(source: string): boolean {
  let tree: PatternNode;
  try {
    tree = new PatternParser(source).parse();
  } catch (error) {
    if (error instanceof UnsupportedPattern) return false;
    throw error;
  }
  if (tree.kind !== 'sequence') return false;
  const head = tree.items[0];
  if (head?.kind !== 'assert' || !head.start) return false;
  return deterministic(tree, NONE);
}

/** Whether `node` and its parts have no ambiguous choice, given the code points that may follow it. */
function deterministic(node: PatternNode, follow: CharSet): boolean {
  switch (node.kind) {
    case 'set':
    case 'assert':
      return true;
    case 'sequence': {
      let after = follow;
      for (let index = node.items.length - 1; index >= 0; index--) {
        const item = node.items[index] as PatternNode;
        if (!deterministic(item, after)) return false;
        after = lookahead(item, after);
      }
      return true;
    }
    case 'alternation': {
      let seen: CharSet = NONE;
      for (const branch of node.branches) {
        const first = lookahead(branch, follow);
        if (overlaps(seen, first) || !deterministic(branch, follow)) return false;
        seen = union(seen, first);
      }
      return true;
    }
    case 'repeat': {
      const { body, min, max } = node;
      if (max === 0) return true;
      if (nullable(body)) return false;
      const first = firstChars(body);
      if (max > min && overlaps(first, follow)) return false;
      return deterministic(body, max > 1 ? union(first, follow) : follow);
    }
  }
}

/** The code points that may come first from `node` followed by `follow`. */
function lookahead(node: PatternNode, follow: CharSet): CharSet {
  const first = firstChars(node);
  return nullable(node) ? union(first, follow) : first;
}

function nullable(node: PatternNode): boolean {
  switch (node.kind) {
    case 'set':
      return false;
    case 'assert':
      return true;
    case 'sequence':
      return node.items.every(nullable);
    case 'alternation':
      return node.branches.some(nullable);
    case 'repeat':
      return node.min === 0 || nullable(node.body);
  }
}

function firstChars(node: PatternNode): CharSet {
  switch (node.kind) {
    case 'set':
      return node.chars;
    case 'assert':
      return NONE;
    case 'sequence': {
      let first: CharSet = NONE;
      for (const item of node.items) {
        first = union(first, firstChars(item));
        if (!nullable(item)) break;
      }
      return first;
    }
    case 'alternation':
      return node.branches.reduce((first, branch) => union(first, firstChars(branch)), NONE);
    case 'repeat':
      return node.max === 0 ? NONE : firstChars(node.body);
  }
}

/** Reads a valid `u`-mode pattern into a `PatternNode`; throws `UnsupportedPattern` on what it cannot judge. */
class PatternParser extends PatternCursor {
  parse(): PatternNode {
    const node = this.alternation();
    if (this.index < this.source.length) throw new UnsupportedPattern('unbalanced )');
    return node;
  }

  private alternation(): PatternNode {
    const branches = [this.sequence()];
    while (this.eat('|')) branches.push(this.sequence());
    return branches.length === 1 ? (branches[0] as PatternNode) : { kind: 'alternation', branches };
  }

  private sequence(): PatternNode {
    const items: PatternNode[] = [];
    while (
      this.index < this.source.length &&
      this.source[this.index] !== '|' &&
      this.source[this.index] !== ')'
    ) {
      items.push(this.quantified(this.atom()));
    }
    return { kind: 'sequence', items };
  }

  private quantified(body: PatternNode): PatternNode {
    let min: number;
    let max: number;
    if (this.eat('*')) [min, max] = [0, Number.POSITIVE_INFINITY];
    else if (this.eat('+')) [min, max] = [1, Number.POSITIVE_INFINITY];
    else if (this.eat('?')) [min, max] = [0, 1];
    else if (this.eat('{')) {
      const close = this.source.indexOf('}', this.index);
      const [low = '', high] = this.source.slice(this.index, close).split(',');
      this.index = close + 1;
      min = Number(low);
      max = high === undefined ? min : high === '' ? Number.POSITIVE_INFINITY : Number(high);
    } else return body;
    this.eat('?');
    return { kind: 'repeat', body, min, max };
  }

  private atom(): PatternNode {
    const character = this.next();
    switch (character) {
      case '^':
        return { kind: 'assert', start: true };
      case '$':
        return set([[END, END]]);
      case '.':
        return set(DOT);
      case '[':
        return this.characterClass();
      case '(': {
        if (this.eat('?')) {
          if (this.eat('<') && this.source[this.index] !== '=' && this.source[this.index] !== '!') {
            this.index = this.source.indexOf('>', this.index) + 1;
          } else if (!this.eat(':')) throw new UnsupportedPattern('lookaround or group modifiers');
        }
        const node = this.alternation();
        this.eat(')');
        return node;
      }
      case '\\':
        return this.escape(false);
      default:
        return set(single(character.codePointAt(0) as number));
    }
  }

  private characterClass(): PatternNode {
    const negated = this.eat('^');
    let chars: CharSet = NONE;
    let exact = true;
    while (!this.eat(']')) {
      const low = this.classAtom();
      if (this.source[this.index] === '-' && this.source[this.index + 1] !== ']') {
        this.index++;
        const high = this.classAtom();
        chars = union(chars, [
          [(low.chars[0] as [number, number])[0], (high.chars[0] as [number, number])[0]],
        ]);
      } else {
        chars = union(chars, low.chars);
        exact &&= low.exact;
      }
    }
    // The complement of an upper bound is no bound at all.
    if (negated) return exact ? set(complement(chars)) : { kind: 'set', chars: ALL, exact: false };
    return { kind: 'set', chars, exact };
  }

  private classAtom(): { chars: CharSet; exact: boolean } {
    const character = this.next();
    if (character !== '\\') return { chars: single(character.codePointAt(0) as number), exact: true };
    const node = this.escape(true);
    if (node.kind !== 'set') throw new UnsupportedPattern('assertion in a class');
    return node;
  }

  /** After a backslash. */
  private escape(inClass: boolean): PatternNode {
    const character = this.next();
    switch (character) {
      case 'd':
        return set(DIGIT);
      case 'D':
        return set(complement(DIGIT));
      case 'w':
        return set(WORD);
      case 'W':
        return set(complement(WORD));
      case 's':
        return set(SPACE);
      case 'S':
        return set(complement(SPACE));
      case 'b':
        return inClass ? set(single(8)) : { kind: 'assert', start: false };
      case 'B':
        return { kind: 'assert', start: false };
      case 't':
        return set(single(9));
      case 'n':
        return set(single(0xa));
      case 'v':
        return set(single(0xb));
      case 'f':
        return set(single(0xc));
      case 'r':
        return set(single(0xd));
      case '0':
        return set(single(0));
      case 'c':
        return set(single(this.next().charCodeAt(0) % 32));
      case 'x':
        return set(single(this.hex(2)));
      case 'u': {
        if (this.eat('{')) {
          const close = this.source.indexOf('}', this.index);
          const code = Number.parseInt(this.source.slice(this.index, close), 16);
          this.index = close + 1;
          return set(single(code));
        }
        const high = this.hex(4);
        if (
          high >= 0xd800 &&
          high <= 0xdbff &&
          /^\\u[dD][c-fC-F][0-9a-fA-F]{2}/.test(this.source.slice(this.index))
        ) {
          this.index += 2;
          return set(single((high - 0xd800) * 0x400 + (this.hex(4) - 0xdc00) + 0x10000));
        }
        return set(single(high));
      }
      case 'p':
      case 'P':
        this.index = this.source.indexOf('}', this.index) + 1;
        return { kind: 'set', chars: ALL, exact: false };
      default:
        if (character === 'k' || /[1-9]/.test(character)) throw new UnsupportedPattern('backreferences');
        return set(single(character.codePointAt(0) as number));
    }
  }
}

function set(chars: CharSet): PatternNode {
  return { kind: 'set', chars, exact: true };
}

function single(code: number): CharSet {
  return [[code, code]];
}

function union(left: CharSet, right: CharSet): CharSet {
  if (left.length === 0) return right;
  if (right.length === 0) return left;
  const sorted = [...left, ...right].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [low, high] of sorted) {
    const last = out[out.length - 1];
    if (last && low <= last[1] + 1) last[1] = Math.max(last[1], high);
    else out.push([low, high]);
  }
  return out;
}

/** The code points (not `END`) outside `chars`. */
function complement(chars: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [low, high] of chars) {
    if (low > next) out.push([next, Math.min(low - 1, 0x10ffff)]);
    next = high + 1;
  }
  if (next <= 0x10ffff) out.push([next, 0x10ffff]);
  return out;
}

function overlaps(left: CharSet, right: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const a = left[i] as readonly [number, number];
    const b = right[j] as readonly [number, number];
    if (a[1] < b[0]) i++;
    else if (b[1] < a[0]) j++;
    else return true;
  }
  return false;
}
