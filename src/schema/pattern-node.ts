// The tree `parsePattern` reads an ECMAScript pattern into, and the code point sets of its escapes.

/** Code point ranges `[low, high]`, inclusive, sorted and disjoint. */
export type CodePointSet = readonly (readonly [number, number])[];

/**
 * How a literal code point was written: `plain` as itself, `escape` as a backslash and a letter or
 * a syntax character (`\t`, `\.`, `\/`, `\-`), `code` by number (`\0 \cX \xHH \uHHHH \u{H...}`, a
 * surrogate pair `\uHHHH\uHHHH` joined, `\b` in a class).
 */
export type CharForm = 'plain' | 'escape' | 'code';

/**
 * The kinds of group: `capture` `(...)`, `named` `(?<name>...)`, `noncapture` `(?:...)`, the four
 * lookarounds, and `other` for any other `(?` syntax (group modifiers), named by its next two
 * characters in `syntax`.
 */
export type GroupKind =
  | 'capture'
  | 'named'
  | 'noncapture'
  | 'lookahead'
  | 'negative-lookahead'
  | 'lookbehind'
  | 'negative-lookbehind'
  | 'other';

/** An atom of a character class: a code point, a class escape, or a range between two atoms. */
export type ClassItem =
  | CharNode
  | EscapeSetNode
  | PropertyNode
  | BoundaryNode
  | BackreferenceNode
  | { readonly kind: 'range'; readonly from: ClassItem; readonly to: ClassItem };

export interface CharNode {
  readonly kind: 'char';
  readonly code: number;
  readonly form: CharForm;
}
/** `\d \w \s`, and with `negated` `\D \W \S`. */
export interface EscapeSetNode {
  readonly kind: 'escape-set';
  readonly set: 'digit' | 'word' | 'space';
  readonly negated: boolean;
}
/** `\p{body}` (`\P` when `negated`); `body` as written, `Script=Greek` or `L`. */
export interface PropertyNode {
  readonly kind: 'property';
  readonly negated: boolean;
  readonly body: string;
}
/** `\b`, and `\B` when `negated` (outside a class; inside, `\b` is a `char`). */
export interface BoundaryNode {
  readonly kind: 'boundary';
  readonly negated: boolean;
}
/** `\1` ... or `\k<name>`. */
export interface BackreferenceNode {
  readonly kind: 'backreference';
}

/**
 * A pattern as a tree. An `alternation` has one branch or more, each a `sequence` (an empty one is
 * the empty string); a group's body is an alternation. `quantifier` has `max` Infinity when open
 * and keeps its source `text` (`{2,5}?`). A `group` has `closed: false` only when the pattern ended
 * inside it (not valid ECMAScript; read so that the backtrack-free proof keeps its verdicts).
 */
export type PatternNode =
  | { readonly kind: 'alternation'; readonly branches: readonly SequenceNode[] }
  | SequenceNode
  | {
      readonly kind: 'group';
      readonly group: GroupKind;
      /** The name as written, for `named`; the two characters after `(?`, for `other`. */
      readonly name: string;
      readonly body: AlternationNode;
      readonly closed: boolean;
    }
  | {
      readonly kind: 'quantifier';
      readonly body: PatternNode;
      readonly min: number;
      readonly max: number;
      readonly lazy: boolean;
      readonly text: string;
    }
  | { readonly kind: 'class'; readonly negated: boolean; readonly items: readonly ClassItem[] }
  | { readonly kind: 'start' }
  | { readonly kind: 'end' }
  | { readonly kind: 'dot' }
  | CharNode
  | EscapeSetNode
  | PropertyNode
  | BoundaryNode
  | BackreferenceNode;

export interface SequenceNode {
  readonly kind: 'sequence';
  readonly items: readonly PatternNode[];
}
export type AlternationNode = Extract<PatternNode, { kind: 'alternation' }>;

/** The largest code point. */
export const MAX_CODE_POINT = 0x10ffff;

/** ECMAScript `\d`. */
export const DIGIT: CodePointSet = [[0x30, 0x39]];
/** ECMAScript `\w` (without the `i` flag). */
export const WORD: CodePointSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMAScript `\s`: WhiteSpace and LineTerminator (ECMA-262 §22.2.2.9, CharacterClassEscape). */
export const SPACE: CodePointSet = [
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
export const DOT: CodePointSet = complementSet([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

/** The code points of `\d \w \s` (`\D \W \S` when `negated`). */
export function escapeSet(node: EscapeSetNode): CodePointSet {
  const set = node.set === 'digit' ? DIGIT : node.set === 'word' ? WORD : SPACE;
  return node.negated ? complementSet(set) : set;
}

/** The code points not in `set` (sorted and disjoint). */
export function complementSet(set: CodePointSet): CodePointSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [low, high] of set) {
    if (low > next) out.push([next, Math.min(low - 1, MAX_CODE_POINT)]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}
