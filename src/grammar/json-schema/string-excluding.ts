// The grammar of a JSON string whose text is none of some names (keys beside the declared ones).

import type { GrammarBuilder } from '../grammar-builder.js';
import {
  alternatives,
  chars,
  complementRanges,
  EMPTY,
  type GrammarNode,
  literal,
  ref,
  repeat,
  sequence,
  subtractRanges,
} from '../grammar-node.js';
import { ESCAPED_RANGES, JSON_ESCAPE, JSON_STRING_CHAR } from '../json-string-text.js';

const UNESCAPED = complementRanges(ESCAPED_RANGES);

/** With a builder, every this many characters of a name the rest of the trie is a rule of its own. */
const TRIE_RULE_SPAN = 64;

interface Trie {
  readonly children: Map<string, Trie>;
  readonly depth: number;
  end: boolean;
}

/**
 * A JSON string (with its quotes) whose text is none of `names` (their `JSON.stringify` text): a trie
 * over the names (`char`: the node of one string character), where each step either follows a name,
 * leaves all of them (then anything), or ends where no name ends (llama.cpp builds the same "not
 * these strings" rule for additional keys). Linear in the names' total length. With `builder`,
 * every 64 characters the rest of the trie becomes a rule named after `hint`, so the tree stays
 * shallow for names of any length; without it, the tree nests as deep as the longest name.
 */
export function stringExcluding(
  names: readonly string[],
  char: GrammarNode = JSON_STRING_CHAR,
  builder?: GrammarBuilder,
  hint = 'key',
): GrammarNode {
  const anyRest = repeat(char, 0);
  if (names.length === 0) return sequence(literal('"'), anyRest, literal('"'));
  const top: Trie = { children: new Map(), depth: 0, end: false };
  for (const name of names) {
    let node = top;
    for (const character of JSON.stringify(name).slice(1, -1)) {
      let next = node.children.get(character);
      if (!next) {
        next = { children: new Map(), depth: node.depth + 1, end: false };
        node.children.set(character, next);
      }
      node = next;
    }
    node.end = true;
  }
  // Most trie nodes are the ends of names (no children): past a name, one or more characters.
  const afterName = repeat(char, 1);
  // With a builder, the escape sequence is a rule, as each way of leaving the names repeats it.
  const escapeNode = builder === undefined ? JSON_ESCAPE : builder.rule('escape', JSON_ESCAPE);
  const built = new Map<Trie, GrammarNode>();
  const build = (node: Trie): GrammarNode => {
    if (node.children.size === 0) return node.end ? afterName : alternatives(afterName, EMPTY);
    const taken = [...node.children.keys()].map(
      (c) => [c.codePointAt(0), c.codePointAt(0)] as [number, number],
    );
    const others = chars(subtractRanges(UNESCAPED, taken));
    // Leaving the names: another character, or an escape unless a name continues with one here.
    const leave = node.children.has('\\') ? others : alternatives(others, escapeNode);
    const options: GrammarNode[] = [];
    for (const [character, child] of node.children) {
      options.push(sequence(literal(character), built.get(child) as GrammarNode));
      built.delete(child);
    }
    // With a builder, leaving the names is a rule per set of next characters: printed once, not
    // once per character of a long name.
    const leaving = sequence(leave, anyRest);
    options.push(builder === undefined ? leaving : builder.rule('other-key', leaving));
    if (!node.end) options.push(EMPTY);
    // The options are distinct by construction (each child's character, then none of them): built
    // as is, since deduping would key every node by its whole subtree, `TRIE_RULE_SPAN` times the
    // names' length in all. For the same reason a cut is a reserved rule, never compared.
    const body: GrammarNode = { kind: 'alternatives', options };
    if (builder === undefined || node.depth === 0 || node.depth % TRIE_RULE_SPAN !== 0) return body;
    const name = builder.reserve(hint);
    builder.define(name, body);
    return ref(name);
  };
  // Children before parents, without recursion (a name may be 100,000 characters long).
  const stack: Array<[Trie, boolean]> = [[top, false]];
  while (stack.length > 0) {
    const [node, expanded] = stack.pop() as [Trie, boolean];
    if (expanded) built.set(node, build(node));
    else {
      stack.push([node, true]);
      for (const child of node.children.values()) stack.push([child, false]);
    }
  }
  return sequence(literal('"'), built.get(top) as GrammarNode, literal('"'));
}
