import { PatternCursor, readPattern, UnsupportedPattern as Unsupported } from '../schema/pattern-reader.js';
import {
  alternatives,
  type CodePointRange,
  chars,
  complementRanges,
  EMPTY,
  type GrammarNode,
  literal,
  MAX_CODE_POINT,
  repeat,
  sequence,
} from './grammar-node.js';

/** The result of `patternGrammar`: the tree, or why the pattern cannot be expressed. */
export type PatternGrammar =
  | { readonly ok: true; readonly node: GrammarNode }
  | { readonly ok: false; readonly reason: string };

const DIGITS: CodePointRange[] = [[0x30, 0x39]];
const WORD: CodePointRange[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMAScript `\s`: WhiteSpace and LineTerminator (ECMA-262 §22.2.2.9, CharacterClassEscape). */
const SPACE: CodePointRange[] = [
  [0x09, 0x0d],
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
/** ECMAScript `.` without the `s` flag: anything but a line terminator. */
const DOT = complementRanges([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);
const ANY: CodePointRange[] = [[0, MAX_CODE_POINT]];
const SYNTAX = '^$\\.*+?()[]{}|/-';

/**
 * A JSON Schema `pattern` (an ECMAScript regular expression, read with the `u` flag as alignment
 * does) as a grammar tree over the decoded string's code points (wrap it with `encodeAsJsonText` for
 * the JSON text). JSON Schema patterns are not anchored (2020-12 validation §6.3.3): a side without
 * `^` / `$` gets "any characters" there.
 *
 * The regular subset is supported: literals, escapes (`\d \w \s \D \W \S \t \n \r \v \f \0 \xHH
 * \uHHHH \u{H...} \cX` and escaped syntax characters), classes with ranges and negation, `.`, groups
 * (capturing, `(?:...)`, named), alternation, the quantifiers `? * + {n} {n,} {n,m}` (lazy ones too:
 * same language) and `^` / `$` at the ends of a top-level alternative. Anything else (backreferences,
 * lookaround, `\b`, `\p{...}`, anchors inside) gives `{ ok: false, reason }`; so does a pattern that is
 * not a valid `u`-mode regular expression.
 */
export function patternGrammar(source: string): PatternGrammar {
  const read = readPattern(source, () => new PatternParser(source).parse());
  return read.ok ? { ok: true, node: read.value } : read;
}

class PatternParser extends PatternCursor {
  parse(): GrammarNode {
    const options: GrammarNode[] = [];
    for (;;) {
      const anchoredStart = this.eat('^');
      const body = this.sequence(true);
      options.push(
        sequence(
          anchoredStart ? EMPTY : repeat(chars(ANY), 0),
          body.node,
          body.anchoredEnd ? EMPTY : repeat(chars(ANY), 0),
        ),
      );
      if (!this.eat('|')) break;
    }
    if (this.index < this.source.length) throw new Unsupported('unbalanced ")"');
    return alternatives(...options);
  }

  private alternation(): GrammarNode {
    const options = [this.sequence(false).node];
    while (this.eat('|')) options.push(this.sequence(false).node);
    return alternatives(...options);
  }

  private sequence(top: boolean): { node: GrammarNode; anchoredEnd: boolean } {
    const items: GrammarNode[] = [];
    for (;;) {
      const next = this.source[this.index];
      if (next === undefined || next === '|' || next === ')')
        return { node: sequence(...items), anchoredEnd: false };
      if (next === '$') {
        this.index++;
        const after = this.source[this.index];
        if (top && (after === undefined || after === '|'))
          return { node: sequence(...items), anchoredEnd: true };
        throw new Unsupported('"$" before the end of the pattern');
      }
      if (next === '^') throw new Unsupported('"^" after the start of the pattern');
      items.push(this.quantified(this.atom()));
    }
  }

  private quantified(atom: GrammarNode): GrammarNode {
    let node = atom;
    for (;;) {
      const next = this.source[this.index];
      let min: number;
      let max: number | undefined;
      if (next === '?') [min, max] = [0, 1];
      else if (next === '*') [min, max] = [0, undefined];
      else if (next === '+') [min, max] = [1, undefined];
      else if (next === '{') {
        const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.index));
        if (!match) return node;
        min = Number(match[1]);
        max = match[2] === undefined ? min : match[3] === '' ? undefined : Number(match[3]);
        this.index += match[0].length - 1;
      } else return node;
      this.index++;
      this.eat('?');
      node = repeat(node, min, max);
    }
  }

  private atom(): GrammarNode {
    const character = this.next();
    switch (character) {
      case '(':
        return this.group();
      case '[':
        return chars(this.classBody());
      case '.':
        return chars(DOT);
      case '\\':
        return this.escape(false);
      default:
        return literal(character);
    }
  }

  private group(): GrammarNode {
    if (this.eat('?')) {
      if (this.eat(':')) {
        // non-capturing
      } else if (this.source[this.index] === '<' && /^<[A-Za-z_$]/.test(this.source.slice(this.index))) {
        const close = this.source.indexOf('>', this.index);
        this.index = close + 1;
      } else throw new Unsupported('lookaround assertions');
    }
    const node = this.alternation();
    if (!this.eat(')')) throw new Unsupported('unbalanced group');
    return node;
  }

  private classBody(): CodePointRange[] {
    const negated = this.eat('^');
    const ranges: CodePointRange[] = [];
    while (!this.eat(']')) {
      const from = this.classAtom();
      if (this.source[this.index] === '-' && this.source[this.index + 1] !== ']') {
        this.index++;
        const to = this.classAtom();
        if (from.length !== 1 || to.length !== 1 || from[0]?.[0] !== from[0]?.[1]) {
          throw new Unsupported('a class escape as a range bound');
        }
        ranges.push([(from[0] as CodePointRange)[0], (to[0] as CodePointRange)[0]]);
      } else ranges.push(...from);
    }
    return negated ? complementRanges(ranges) : ranges;
  }

  private classAtom(): CodePointRange[] {
    const character = this.next();
    if (character !== '\\') {
      const code = character.codePointAt(0) as number;
      return [[code, code]];
    }
    if (this.eat('b')) return [[0x08, 0x08]];
    if (this.eat('-')) return [[0x2d, 0x2d]];
    const escaped = this.escape(true);
    return escaped.kind === 'chars' ? [...escaped.ranges] : [[codeOf(escaped), codeOf(escaped)]];
  }

  /** After a backslash. */
  private escape(inClass: boolean): GrammarNode {
    const character = this.next();
    switch (character) {
      case 'd':
        return chars(DIGITS);
      case 'D':
        return chars(complementRanges(DIGITS));
      case 'w':
        return chars(WORD);
      case 'W':
        return chars(complementRanges(WORD));
      case 's':
        return chars(SPACE);
      case 'S':
        return chars(complementRanges(SPACE));
      case 't':
        return literal('\t');
      case 'n':
        return literal('\n');
      case 'r':
        return literal('\r');
      case 'v':
        return literal('\v');
      case 'f':
        return literal('\f');
      case '0':
        return literal('\0');
      case 'c': {
        const letter = this.next();
        return literal(String.fromCharCode(letter.charCodeAt(0) % 32));
      }
      case 'x':
        return literal(String.fromCodePoint(this.hex(2)));
      case 'u': {
        if (this.eat('{')) {
          const close = this.source.indexOf('}', this.index);
          const code = Number.parseInt(this.source.slice(this.index, close), 16);
          this.index = close + 1;
          return literal(String.fromCodePoint(code));
        }
        return literal(String.fromCodePoint(this.hex(4)));
      }
      default:
        if (SYNTAX.includes(character)) return literal(character);
        if (/[1-9]/.test(character) || character === 'k') throw new Unsupported('backreferences');
        if (character === 'b' || character === 'B') {
          throw new Unsupported(inClass ? 'class escape' : 'word boundary assertions (\\b, \\B)');
        }
        if (character === 'p' || character === 'P')
          throw new Unsupported('Unicode property escapes (\\p{...})');
        throw new Unsupported(`the escape \\${character}`);
    }
  }
}

function codeOf(node: GrammarNode): number {
  if (node.kind !== 'literal') throw new Unsupported('a class escape');
  return node.text.codePointAt(0) as number;
}
