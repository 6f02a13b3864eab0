/**
 * The internal grammar tree every toolwire grammar is built as, before it is printed in a dialect
 * (`printGrammar`). Terminals are Unicode code points, as in both llama.cpp GBNF
 * (`src/llama-grammar.cpp`) and xgrammar EBNF (`docs/defining_structures/ebnf_grammar.md`).
 *
 * - `literal`: exact text (`text` may be empty: the empty string).
 * - `chars`: one code point out of `ranges`: sorted, disjoint, non-adjacent inclusive `[from, to]`
 *   code point pairs (see `charRanges`); empty `ranges` matches nothing.
 * - `sequence`: `items` one after the other.
 * - `alternatives`: one of `options`; no options matches nothing (`NEVER`).
 * - `repeat`: `item` between `min` and `max` times (`max` `undefined` = unbounded). Any bound is
 *   allowed here; the printer splits bounds the dialects cannot take (llama.cpp: over 2000).
 * - `ref`: the rule named `name` (see `GrammarBuilder`).
 *
 * Nodes are plain immutable data: build them with the constructors below, which flatten nested
 * sequences and alternatives and fold the empty and never-matching cases.
 */
export type GrammarNode =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'chars'; readonly ranges: readonly CodePointRange[] }
  | { readonly kind: 'sequence'; readonly items: readonly GrammarNode[] }
  | { readonly kind: 'alternatives'; readonly options: readonly GrammarNode[] }
  | {
      readonly kind: 'repeat';
      readonly item: GrammarNode;
      readonly min: number;
      readonly max: number | undefined;
    }
  | { readonly kind: 'ref'; readonly name: string };

/** An inclusive code point range `[from, to]`. */
export type CodePointRange = readonly [from: number, to: number];

/** The empty string. */
export const EMPTY: GrammarNode = { kind: 'literal', text: '' };

/** Matches nothing (an empty set of alternatives). */
export const NEVER: GrammarNode = { kind: 'alternatives', options: [] };

/** True for `NEVER` and every node that matches nothing on its face (empty class or alternatives). */
export function isNever(node: GrammarNode): boolean {
  return (
    (node.kind === 'alternatives' && node.options.length === 0) ||
    (node.kind === 'chars' && node.ranges.length === 0)
  );
}

/** True when `node` is the empty string. */
export function isEmpty(node: GrammarNode): boolean {
  return node.kind === 'literal' && node.text === '';
}

/** Exact text. */
export function literal(text: string): GrammarNode {
  return text === '' ? EMPTY : { kind: 'literal', text };
}

/** One code point of the given ranges (normalized: sorted and merged; see `charRanges`). */
export function chars(ranges: readonly CodePointRange[]): GrammarNode {
  return { kind: 'chars', ranges: charRanges(ranges) };
}

/** Items in order; nested sequences are flattened, empty items dropped, adjacent literals joined. */
export function sequence(...items: readonly GrammarNode[]): GrammarNode {
  return sequenceOf(items);
}

/**
 * `sequence` of an array: for item lists as long as their input (a pattern's characters), which
 * spread as arguments overflow the stack past about 100,000.
 */
export function sequenceOf(items: readonly GrammarNode[]): GrammarNode {
  const out: GrammarNode[] = [];
  for (const item of items) {
    if (isNever(item)) return NEVER;
    for (const part of item.kind === 'sequence' ? item.items : [item]) {
      if (isEmpty(part)) continue;
      const last = out[out.length - 1];
      if (part.kind === 'literal' && last?.kind === 'literal') {
        out[out.length - 1] = { kind: 'literal', text: last.text + part.text };
      } else out.push(part);
    }
  }
  if (out.length === 0) return EMPTY;
  if (out.length === 1) return out[0] as GrammarNode;
  return { kind: 'sequence', items: out };
}

/**
 * One of the options; nested alternatives are flattened, never-matching options dropped and
 * repeated options (same structure) kept once, in first-seen order.
 */
export function alternatives(...options: readonly GrammarNode[]): GrammarNode {
  return alternativesOf(options);
}

/** `alternatives` of an array (see `sequenceOf`: no spread of input-sized lists). */
export function alternativesOf(options: readonly GrammarNode[]): GrammarNode {
  const out: GrammarNode[] = [];
  const seen = new Set<string>();
  for (const option of options) {
    for (const part of option.kind === 'alternatives' ? option.options : [option]) {
      if (isNever(part)) continue;
      const key = nodeKey(part);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(part);
    }
  }
  if (out.length === 1) return out[0] as GrammarNode;
  return { kind: 'alternatives', options: out };
}

/** `item` repeated `min` to `max` times (`max` omitted = unbounded). */
export function repeat(item: GrammarNode, min: number, max?: number): GrammarNode {
  const low = Math.max(0, Math.floor(min));
  const high = max === undefined ? undefined : Math.floor(max);
  if (high !== undefined && high < low) return NEVER;
  if (high === 0 || isEmpty(item)) return EMPTY;
  if (isNever(item)) return low === 0 ? EMPTY : NEVER;
  if (low === 1 && high === 1) return item;
  return { kind: 'repeat', item, min: low, max: high };
}

/** `item` or nothing. */
export function optional(item: GrammarNode): GrammarNode {
  return repeat(item, 0, 1);
}

/** A reference to the rule `name`. */
export function ref(name: string): GrammarNode {
  return { kind: 'ref', name };
}

/**
 * A canonical text key of a node's structure (equal keys = equal nodes), used to dedupe options and
 * rules.
 */
export function nodeKey(node: GrammarNode): string {
  let key = keys.get(node);
  if (key === undefined) {
    key = computeKey(node);
    keys.set(node, key);
  }
  return key;
}

// Nodes are immutable, so a key computed once holds (and dedupe stays linear in the tree size).
const keys = new WeakMap<GrammarNode, string>();

function computeKey(node: GrammarNode): string {
  switch (node.kind) {
    case 'literal':
      return `L${JSON.stringify(node.text)}`;
    case 'chars':
      return `C${node.ranges.map(([from, to]) => `${from}-${to}`).join(',')}`;
    case 'ref':
      return `R${node.name}`;
    case 'sequence':
      return `S(${node.items.map(nodeKey).join(' ')})`;
    case 'alternatives':
      return `A(${node.options.map(nodeKey).join('|')})`;
    case 'repeat':
      return `P(${nodeKey(node.item)}){${node.min},${node.max ?? ''}}`;
  }
}

/** The highest Unicode code point. */
export const MAX_CODE_POINT = 0x10ffff;

/** Sorts and merges code point ranges (overlapping or adjacent ranges become one; bounds clamped). */
export function charRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  if (isNormalized(ranges)) return ranges as CodePointRange[];
  const sorted = ranges
    .map(([from, to]) => [Math.max(0, from), Math.min(MAX_CODE_POINT, to)] as const)
    .filter(([from, to]) => from <= to)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Array<[number, number]> = [];
  for (const [from, to] of sorted) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

/** Sorted, in bounds, disjoint and not adjacent: `charRanges` would return the same ranges. */
function isNormalized(ranges: readonly CodePointRange[]): boolean {
  let previous = -2;
  for (const [from, to] of ranges) {
    if (from < 0 || to > MAX_CODE_POINT || from > to || from <= previous + 1) return false;
    previous = to;
  }
  return true;
}

/** The code points (of all Unicode) not in `ranges`. */
export function complementRanges(ranges: readonly CodePointRange[]): CodePointRange[] {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [from, to] of charRanges(ranges)) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** The code points in both `a` and `b`. */
export function intersectRanges(
  a: readonly CodePointRange[],
  b: readonly CodePointRange[],
): CodePointRange[] {
  return complementRanges([...complementRanges(a), ...complementRanges(b)]);
}

/** The code points of `a` that are not in `b`. */
export function subtractRanges(a: readonly CodePointRange[], b: readonly CodePointRange[]): CodePointRange[] {
  return intersectRanges(a, complementRanges(b));
}
