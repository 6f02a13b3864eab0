import { type ClassItem, DOT, escapeSet, type PatternNode } from '../schema/pattern-node.js';
import {
  MAX_PATTERN_DEPTH,
  type PatternTree,
  readPattern,
  UnsupportedPattern as Unsupported,
} from '../schema/pattern-reader.js';
import {
  alternativesOf,
  type CodePointRange,
  chars,
  complementRanges,
  EMPTY,
  type GrammarNode,
  literal,
  MAX_CODE_POINT,
  repeat,
  sequence,
  sequenceOf,
} from './grammar-node.js';
import { MAX_COUNT_BOUND } from './json-schema/count-bound.js';

/** The result of `patternGrammar`: the tree, or why the pattern cannot be expressed. */
export type PatternGrammar =
  | { readonly ok: true; readonly node: GrammarNode }
  | { readonly ok: false; readonly reason: string };

const ANY: CodePointRange[] = [[0, MAX_CODE_POINT]];
/** The longest `pattern` (UTF-16 code units) made into a grammar; a longer one is unsupported. */
export const MAX_GRAMMAR_PATTERN_LENGTH = 10_000;
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
 * not a valid `u`-mode regular expression, one whose groups nest deeper than `MAX_PATTERN_DEPTH`
 * (the tree is built by recursion, once a group), one with a repeat count above `MAX_COUNT_BOUND`
 * (10,000, as the length keywords), and one longer than `MAX_GRAMMAR_PATTERN_LENGTH`. A surrogate pair written `\uHHHH\uHHHH` is its one
 * code point, as in the `u`-mode pattern.
 */
export function patternGrammar(source: string): PatternGrammar {
  // A grammar grows with its pattern many times over (each `.` is a class of several hundred
  // characters in GBNF): 10,000 dots make 4 MB of grammar in about 2 s, and no engine wants more.
  if (source.length > MAX_GRAMMAR_PATTERN_LENGTH)
    return { ok: false, reason: `patterns longer than ${MAX_GRAMMAR_PATTERN_LENGTH} characters` };
  const read = readPattern(source, topLevel);
  return read.ok ? { ok: true, node: read.value } : read;
}

/** A tree's top level: each branch may hold `^` first and `$` last; elsewhere they are unsupported. */
function topLevel(tree: PatternTree): GrammarNode {
  if (tree.depth > MAX_PATTERN_DEPTH) throw new Unsupported(`groups nested deeper than ${MAX_PATTERN_DEPTH}`);
  const options = tree.root.branches.map(({ items }) => {
    const anchoredStart = items[0]?.kind === 'start';
    const anchoredEnd = items.length > (anchoredStart ? 1 : 0) && items[items.length - 1]?.kind === 'end';
    const body = items.slice(anchoredStart ? 1 : 0, anchoredEnd ? -1 : undefined);
    return sequence(
      anchoredStart ? EMPTY : repeat(chars(ANY), 0),
      sequenceOf(body.map(item)),
      anchoredEnd ? EMPTY : repeat(chars(ANY), 0),
    );
  });
  return alternativesOf(options);
}

function item(node: PatternNode): GrammarNode {
  switch (node.kind) {
    case 'alternation':
      return alternativesOf(node.branches.map((branch) => sequenceOf(branch.items.map(item))));
    case 'sequence':
      return sequenceOf(node.items.map(item));
    case 'group':
      if (
        node.group === 'capture' ||
        node.group === 'noncapture' ||
        (node.group === 'named' && /^[A-Za-z_$]/.test(node.name))
      ) {
        const body = item(node.body);
        if (!node.closed) throw new Unsupported('unbalanced group');
        return body;
      }
      throw new Unsupported('lookaround assertions');
    case 'quantifier': {
      // A count is printed as chunks of at most 1000 copies, so `{10000000000}` would print ten million
      // of them (100 MB, and far more runs V8 out of heap); the cap is that of the length keywords.
      if (node.min > MAX_COUNT_BOUND || (node.max !== Number.POSITIVE_INFINITY && node.max > MAX_COUNT_BOUND))
        throw new Unsupported(`repeat counts above ${MAX_COUNT_BOUND}`);
      const body = item(node.body);
      return repeat(body, node.min, node.max === Number.POSITIVE_INFINITY ? undefined : node.max);
    }
    case 'start':
      throw new Unsupported('"^" after the start of the pattern');
    case 'end':
      throw new Unsupported('"$" before the end of the pattern');
    case 'dot':
      return chars(DOT);
    case 'class':
      return chars(classRanges(node.negated, node.items));
    case 'char':
      return literal(String.fromCodePoint(node.code));
    default:
      return chars(escapeRanges(node, false));
  }
}

function classRanges(negated: boolean, items: readonly ClassItem[]): CodePointRange[] {
  const ranges: CodePointRange[] = [];
  for (const atom of items) {
    if (atom.kind === 'range') {
      const from = escapeRanges(atom.from, true);
      const to = escapeRanges(atom.to, true);
      if (atom.from.kind !== 'char' || atom.to.kind !== 'char') {
        throw new Unsupported('a class escape as a range bound');
      }
      ranges.push([(from[0] as CodePointRange)[0], (to[0] as CodePointRange)[0]]);
    } else ranges.push(...escapeRanges(atom, true));
  }
  return negated ? complementRanges(ranges) : ranges;
}

/** The code points of a class atom or escape, or why the grammar cannot have it. */
function escapeRanges(node: ClassItem, inClass: boolean): CodePointRange[] {
  switch (node.kind) {
    case 'char':
      if (
        node.form === 'escape' &&
        !(node.code in CONTROL_CODES) &&
        !SYNTAX.includes(String.fromCodePoint(node.code))
      )
        throw new Unsupported(`the escape \\${String.fromCodePoint(node.code)}`);
      return [[node.code, node.code]];
    case 'escape-set':
      return [...escapeSet(node)];
    case 'backreference':
      throw new Unsupported('backreferences');
    case 'boundary':
      throw new Unsupported(inClass ? 'class escape' : 'word boundary assertions (\\b, \\B)');
    case 'property':
      throw new Unsupported('Unicode property escapes (\\p{...})');
    case 'range':
      throw new Unsupported('a class escape as a range bound');
  }
}

/** The code points of `\t \n \v \f \r`, written as escapes. */
const CONTROL_CODES: Readonly<Record<number, true>> = { 9: true, 10: true, 11: true, 12: true, 13: true };
