// The grammar of a JSON string whose text is none of some names (keys beside the declared ones).

import {
  alternatives,
  chars,
  complementRanges,
  EMPTY,
  type GrammarNode,
  literal,
  NEVER,
  repeat,
  sequence,
  subtractRanges,
} from '../grammar-node.js';
import { ESCAPED_RANGES, JSON_ESCAPE, JSON_STRING_CHAR } from '../json-string-text.js';

const UNESCAPED = complementRanges(ESCAPED_RANGES);

/**
 * A JSON string (with its quotes) whose text is none of `names` (their `JSON.stringify` text): a trie
 * over the names (`char`: the node of one string character), where each step either follows a name, leaves all of them (then anything), or ends
 * where no name ends (llama.cpp builds the same "not these strings" rule for additional keys).
 */
export function stringExcluding(names: readonly string[], char: GrammarNode = JSON_STRING_CHAR): GrammarNode {
  const anyRest = repeat(char, 0);
  if (names.length === 0) return sequence(literal('"'), anyRest, literal('"'));
  interface Trie {
    readonly children: Map<string, Trie>;
    end: boolean;
  }
  const top: Trie = { children: new Map(), end: false };
  for (const name of names) {
    let node = top;
    for (const character of JSON.stringify(name).slice(1, -1)) {
      let next = node.children.get(character);
      if (!next) {
        next = { children: new Map(), end: false };
        node.children.set(character, next);
      }
      node = next;
    }
    node.end = true;
  }
  const walk = (node: Trie): GrammarNode => {
    const taken = [...node.children.keys()].map(
      (c) => [c.codePointAt(0), c.codePointAt(0)] as [number, number],
    );
    const others = chars(subtractRanges(UNESCAPED, taken));
    // Leaving the names: another character, or an escape unless a name continues with one here.
    const leave = node.children.has('\\') ? others : alternatives(others, JSON_ESCAPE);
    return alternatives(
      ...[...node.children].map(([character, child]) => sequence(literal(character), walk(child))),
      sequence(leave, anyRest),
      node.end ? NEVER : EMPTY,
    );
  };
  return sequence(literal('"'), walk(top), literal('"'));
}
