// Rule bodies every grammar repeats (whitespace, any JSON value), built once and printed once.

import { type GrammarNode, someReference } from './grammar-node.js';

/**
 * Nodes shared by all grammars: module constants and the bodies `stableNode` builds. The printer
 * keeps their text (`printedText`), so the rules most grammars carry (`ws`, `char`, `string`,
 * `number`, `value`, `object`, `array`) cost a lookup instead of a walk. A set of its own, so other
 * nodes leave no entry behind for the garbage collector to trace.
 */
const stable = new WeakSet<GrammarNode>();
const printed = new WeakMap<GrammarNode, string>();

/** Bodies built by `stableNode`, by key; cleared when full (keys are rule-name tuples: a handful). */
const byKey = new Map<string, GrammarNode>();
const MAX_KEYS = 256;

/** Marks a module constant as shared by all grammars (its printed text may be kept). */
export function markStable<T extends GrammarNode>(node: T): T {
  stable.add(node);
  return node;
}

/**
 * The node `make` builds for `key`, built once and shared: `key` must name everything the node
 * depends on (the rule names it refers to).
 */
export function stableNode(key: string, make: () => GrammarNode): GrammarNode {
  let node = byKey.get(key);
  if (node === undefined) {
    if (byKey.size >= MAX_KEYS) byKey.clear();
    node = markStable(make());
    byKey.set(key, node);
  }
  return node;
}

/** Whether `node` is shared by all grammars (`markStable`, `stableNode`). */
export function isStable(node: GrammarNode): boolean {
  return stable.has(node);
}

const references = new WeakMap<GrammarNode, ReadonlySet<string>>();

/** The names of the rules a shared node refers to, found once per node. */
export function stableReferences(node: GrammarNode): ReadonlySet<string> {
  let names = references.get(node);
  if (names === undefined) {
    const found = new Set<string>();
    someReference(node, (name) => {
      found.add(name);
      return false;
    });
    names = found;
    references.set(node, names);
  }
  return names;
}

/** The kept text of a shared node, when it has been printed before. */
export function printedText(node: GrammarNode): string | undefined {
  return printed.get(node);
}

/** Keeps the text of a shared node (the printer calls it only for text that depends on nothing else). */
export function keepPrintedText(node: GrammarNode, text: string): void {
  if (stable.has(node)) printed.set(node, text);
}
