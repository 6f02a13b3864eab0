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
 * sequences and alternatives, fold the empty and never-matching cases, and give each sequence,
 * alternatives and repeat node its structural hash (`nodeHash`, under a symbol key).
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

/**
 * Where a composite node keeps its hash: a symbol, so the node still reads as plain data
 * (`JSON.stringify`, `Object.keys`); equal nodes carry equal values, so deep equality still holds.
 * Kept on the node rather than in a `WeakMap`: a map entry per node costs more than the hash
 * itself, and every entry is work for the garbage collector.
 */
const HASH: unique symbol = Symbol('toolwire.grammar.nodeHash');
type Hashed = { [HASH]?: number };

/** The empty string. */
export const EMPTY: GrammarNode = { kind: 'literal', text: '' };

/** Matches nothing (an empty set of alternatives). */
export const NEVER: GrammarNode = hashed({ kind: 'alternatives', options: [] });

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
    if (item.kind === 'sequence') for (const part of item.items) appendPart(out, part);
    else appendPart(out, item);
  }
  if (out.length === 0) return EMPTY;
  if (out.length === 1) return out[0] as GrammarNode;
  return hashed({ kind: 'sequence', items: out });
}

/** Adds one item to a sequence being built: the empty string dropped, adjacent literals joined. */
function appendPart(out: GrammarNode[], part: GrammarNode): void {
  if (part.kind === 'literal') {
    if (part.text === '') return;
    const last = out[out.length - 1];
    if (last?.kind === 'literal') {
      out[out.length - 1] = { kind: 'literal', text: last.text + part.text };
      return;
    }
  }
  out.push(part);
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
  const out = new Options();
  for (const option of options) {
    if (option.kind === 'alternatives') for (const part of option.options) out.add(part);
    else out.add(option);
  }
  if (out.list.length === 1) return out.list[0] as GrammarNode;
  return hashed({ kind: 'alternatives', options: out.list });
}

/**
 * The distinct options of an alternatives node being built. Most have a handful of options,
 * compared by hash in a list; past `OPTIONS_SCANNED` (an enum) they go into a `NodeTable`.
 */
class Options {
  readonly list: GrammarNode[] = [];
  private readonly hashes: number[] = [];
  private table: NodeTable<true> | undefined;

  add(part: GrammarNode): void {
    if (isNever(part)) return;
    if (this.table !== undefined) {
      if (this.table.get(part) !== undefined) return;
      this.table.set(part, true);
    } else {
      const hash = nodeHash(part);
      for (let i = 0; i < this.list.length; i++)
        if (this.hashes[i] === hash && nodesEqual(this.list[i] as GrammarNode, part)) return;
      this.hashes.push(hash);
      if (this.list.length === OPTIONS_SCANNED) {
        this.table = new NodeTable();
        for (const option of this.list) this.table.set(option, true);
        this.table.set(part, true);
      }
    }
    this.list.push(part);
  }
}

const OPTIONS_SCANNED = 16;

/** `item` repeated `min` to `max` times (`max` omitted = unbounded). */
export function repeat(item: GrammarNode, min: number, max?: number): GrammarNode {
  const low = Math.max(0, Math.floor(min));
  const high = max === undefined ? undefined : Math.floor(max);
  if (high !== undefined && high < low) return NEVER;
  if (high === 0 || isEmpty(item)) return EMPTY;
  if (isNever(item)) return low === 0 ? EMPTY : NEVER;
  if (low === 1 && high === 1) return item;
  return hashed({ kind: 'repeat', item, min: low, max: high });
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
 * A canonical text key of a node's structure (equal keys = equal nodes). The grammar code itself
 * compares nodes with `nodeHash` and `nodesEqual` instead: a key spells out the whole subtree, so
 * keying every new node copies each level's text again (and leaves it to the garbage collector).
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

/**
 * A 32-bit hash of a node's structure: structurally equal nodes (`nodesEqual`) hash alike. The
 * constructors store it on each sequence, alternatives and repeat node they build (from the
 * children's hashes, so a node costs its own size, not its subtree's); leaves are hashed when asked.
 */
export function nodeHash(node: GrammarNode): number {
  switch (node.kind) {
    case 'literal':
      return textHash(0x811c9dc5, node.text);
    case 'ref':
      return textHash(0x2f6b3a1d, node.name);
    case 'chars': {
      let hash = 0x5bd1e995;
      for (const [from, to] of node.ranges) hash = mix(mix(hash, from), to);
      return hash;
    }
    default: {
      const stored = (node as Hashed)[HASH];
      if (stored !== undefined) return stored;
      // A node written as an object literal (not built by the constructors) is hashed on first use,
      // and keeps its hash unless it is frozen.
      return Object.isExtensible(node) ? ((hashed(node) as Hashed)[HASH] as number) : compositeHash(node);
    }
  }
}

/** Stores the structural hash on a composite node (built from its children's hashes). */
function hashed(node: GrammarNode): GrammarNode {
  if (node.kind === 'sequence' || node.kind === 'alternatives' || node.kind === 'repeat')
    (node as Hashed)[HASH] = compositeHash(node);
  return node;
}

/** The hash of a sequence, alternatives or repeat node from its children's hashes. */
function compositeHash(node: GrammarNode): number {
  let hash = 0;
  switch (node.kind) {
    case 'sequence':
      hash = 0x3c6ef372;
      for (const item of node.items) hash = mix(hash, nodeHash(item));
      break;
    case 'alternatives':
      hash = 0x7f4a7c15;
      for (const option of node.options) hash = mix(hash, nodeHash(option));
      break;
    case 'repeat':
      hash = mix(mix(mix(0x1b873593, nodeHash(node.item)), node.min), node.max ?? -1);
      break;
  }
  return hash;
}

function mix(hash: number, value: number): number {
  return Math.imul(hash ^ value, 0x01000193) >>> 0;
}

function textHash(seed: number, text: string): number {
  let hash = seed;
  for (let i = 0; i < text.length; i++) hash = mix(hash, text.charCodeAt(i));
  return hash;
}

/** True when `a` and `b` have the same structure (what `nodeKey` would say, without building keys). */
export function nodesEqual(a: GrammarNode, b: GrammarNode): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || nodeHash(a) !== nodeHash(b)) return false;
  switch (a.kind) {
    case 'literal':
      return a.text === (b as typeof a).text;
    case 'ref':
      return a.name === (b as typeof a).name;
    case 'chars': {
      const other = (b as typeof a).ranges;
      if (a.ranges.length !== other.length) return false;
      return a.ranges.every(([from, to], i) => from === other[i]?.[0] && to === other[i]?.[1]);
    }
    case 'sequence':
      return listsEqual(a.items, (b as typeof a).items);
    case 'alternatives':
      return listsEqual(a.options, (b as typeof a).options);
    case 'repeat': {
      const other = b as typeof a;
      return a.min === other.min && a.max === other.max && nodesEqual(a.item, other.item);
    }
  }
}

function listsEqual(a: readonly GrammarNode[], b: readonly GrammarNode[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!nodesEqual(a[i] as GrammarNode, b[i] as GrammarNode)) return false;
  return true;
}

/**
 * A map from nodes to values where structurally equal nodes are one key (buckets by `nodeHash`,
 * confirmed by `nodesEqual`).
 */
export class NodeTable<V> {
  private readonly buckets = new Map<number, Array<readonly [GrammarNode, V]>>();

  /** The value of `node` or of a node equal to it. */
  get(node: GrammarNode): V | undefined {
    const bucket = this.buckets.get(nodeHash(node));
    if (bucket === undefined) return undefined;
    for (const [key, value] of bucket) if (nodesEqual(key, node)) return value;
    return undefined;
  }

  /** Sets the value of `node` (call `get` first: an equal node already present is not replaced). */
  set(node: GrammarNode, value: V): void {
    const hash = nodeHash(node);
    const bucket = this.buckets.get(hash);
    if (bucket === undefined) this.buckets.set(hash, [[node, value]]);
    else bucket.push([node, value]);
  }

  /** Forgets `node` itself (not other nodes equal to it). */
  delete(node: GrammarNode): void {
    const bucket = this.buckets.get(nodeHash(node));
    const at = bucket ? bucket.findIndex(([key]) => key === node) : -1;
    if (at >= 0) bucket?.splice(at, 1);
  }
}

/**
 * Whether `test` holds for the name of a rule `node` refers to, anywhere inside it; it is called for
 * each reference in turn until it does. Iterative, so a deep node cannot overflow the stack.
 */
export function someReference(node: GrammarNode, test: (name: string) => boolean): boolean {
  const pending: GrammarNode[] = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.kind === 'ref') {
      if (test(next.name)) return true;
    } else if (next.kind === 'repeat') pending.push(next.item);
    else if (next.kind === 'sequence') pending.push(...next.items);
    else if (next.kind === 'alternatives') pending.push(...next.options);
  }
  return false;
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

/** The code points in both `a` and `b` (one sweep over both, normalized). */
export function intersectRanges(
  a: readonly CodePointRange[],
  b: readonly CodePointRange[],
): CodePointRange[] {
  const left = charRanges(a);
  const right = charRanges(b);
  const out: Array<[number, number]> = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const [fromA, toA] = left[i] as CodePointRange;
    const [fromB, toB] = right[j] as CodePointRange;
    const from = Math.max(fromA, fromB);
    const to = Math.min(toA, toB);
    if (from <= to) out.push([from, to]);
    if (toA < toB) i++;
    else j++;
  }
  return out;
}

/** The code points of `a` that are not in `b` (one sweep over both, normalized). */
export function subtractRanges(a: readonly CodePointRange[], b: readonly CodePointRange[]): CodePointRange[] {
  const left = charRanges(a);
  const right = charRanges(b);
  const out: Array<[number, number]> = [];
  let j = 0;
  for (const [from, to] of left) {
    let start = from;
    while (j < right.length && (right[j] as CodePointRange)[1] < start) j++;
    // The ranges of `b` inside this one cut it; the last may reach into the next range of `a`.
    let k = j;
    while (k < right.length && (right[k] as CodePointRange)[0] <= to) {
      const [cutFrom, cutTo] = right[k] as CodePointRange;
      if (cutFrom > start) out.push([start, cutFrom - 1]);
      start = Math.max(start, cutTo + 1);
      k++;
    }
    if (start <= to) out.push([start, to]);
    j = Math.max(j, k - 1);
  }
  return out;
}
