// Whether a JSON Schema `pattern` can run on the native (backtracking) engine in time linear in the
// string: start-anchored and deterministic, so no choice the engine makes is ever worth retrying.
import {
  type ClassItem,
  complementSet,
  DOT,
  escapeSet,
  type PatternNode as TreeNode,
} from './pattern-node.js';
import { MAX_PATTERN_DEPTH, type PatternTree, parsePattern, UnsupportedPattern } from './pattern-reader.js';

/** Code point ranges `[low, high]`, sorted and disjoint; `END` stands for the end of the string. */
type CharSet = readonly (readonly [number, number])[];

const END = 0x110000;
const ALL: CharSet = [[0, 0x10ffff]];
const NONE: CharSet = [];
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
 * every unanchored pattern answer `false` (they go to RE2), and so does a pattern whose groups nest
 * deeper than `MAX_PATTERN_DEPTH` (the proof recurses once a group). Time linear in the pattern
 * times its nesting; never throws.
 */
export function isBacktrackFree(source: string): boolean {
  try {
    return isBacktrackFreeTree(parsePattern(source));
  } catch (error) {
    if (error instanceof UnsupportedPattern) return false;
    throw error;
  }
}

/** `isBacktrackFree` of a pattern already read (`parsePattern`); never throws. */
export function isBacktrackFreeTree(read: PatternTree): boolean {
  if (read.depth > MAX_PATTERN_DEPTH) return false;
  let tree: PatternNode;
  try {
    tree = proofNode(read.root);
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

/** The proof's reading of `node`: groups are transparent, a one-branch alternation is its sequence. */
function proofNode(node: TreeNode): PatternNode {
  switch (node.kind) {
    case 'alternation':
      return node.branches.length === 1
        ? proofNode(node.branches[0] as TreeNode)
        : { kind: 'alternation', branches: node.branches.map(proofNode) };
    case 'sequence':
      return { kind: 'sequence', items: node.items.map(proofNode) };
    case 'group':
      if (node.group !== 'capture' && node.group !== 'named' && node.group !== 'noncapture')
        throw new UnsupportedPattern('lookaround or group modifiers');
      return proofNode(node.body);
    case 'quantifier':
      return { kind: 'repeat', body: proofNode(node.body), min: node.min, max: node.max };
    case 'start':
      return { kind: 'assert', start: true };
    case 'end':
      return set([[END, END]]);
    case 'dot':
      return set(DOT);
    case 'boundary':
      return { kind: 'assert', start: false };
    case 'class':
      return classNode(node.negated, node.items);
    default:
      return { kind: 'set', ...atomChars(node) };
  }
}

function classNode(negated: boolean, items: readonly ClassItem[]): PatternNode {
  let chars: CharSet = NONE;
  let exact = true;
  for (const item of items) {
    if (item.kind === 'range') {
      const low = atomChars(item.from).chars[0] as readonly [number, number];
      const high = atomChars(item.to).chars[0] as readonly [number, number];
      chars = union(chars, [[low[0], high[0]]]);
    } else {
      const atom = atomChars(item);
      chars = union(chars, atom.chars);
      exact &&= atom.exact;
    }
  }
  // The complement of an upper bound is no bound at all.
  if (negated) return exact ? set(complementSet(chars)) : { kind: 'set', chars: ALL, exact: false };
  return { kind: 'set', chars, exact };
}

/** The code points of one atom; `exact: false` when they are only an upper bound (`\p{...}`). */
function atomChars(node: ClassItem): { chars: CharSet; exact: boolean } {
  switch (node.kind) {
    case 'char':
      return { chars: single(node.code), exact: true };
    case 'escape-set':
      return { chars: escapeSet(node), exact: true };
    case 'property':
      return { chars: ALL, exact: false };
    case 'boundary':
    case 'range':
      throw new UnsupportedPattern('assertion in a class');
    case 'backreference':
      throw new UnsupportedPattern('backreferences');
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
