import type { GrammarBuilder } from '../grammar-builder.js';
import {
  alternatives,
  type CodePointRange,
  chars,
  complementRanges,
  EMPTY,
  type GrammarNode,
  literal,
  ref,
  sequence,
} from '../grammar-node.js';

const cache = new WeakMap<GrammarBuilder, Map<string, GrammarNode>>();

/**
 * Any text (possibly empty) in which none of `terminators` occurs: the raw value of an XML-style
 * parameter before its closing tag, free text before a tool-call trigger. Built as the
 * Aho-Corasick automaton of the terminators, one right-recursive rule per state (`hint-0`,
 * `hint-1`, ...), so a terminator that overlaps itself (`]]>`) is still excluded exactly; the
 * recursion is in tail position, which llama.cpp's grammar stacks do not grow on, and neither dialect
 * sees left recursion. Rules are made once per builder and terminator set. Empty terminators are
 * ignored; with none, any text.
 */
export function textWithout(
  builder: GrammarBuilder,
  terminators: readonly string[],
  hint = 'text',
): GrammarNode {
  const given = [...new Set(terminators.filter((word) => word !== ''))];
  // A terminator holding another is excluded with it already.
  const words = given.filter((word) => !given.some((other) => other !== word && word.includes(other))).sort();
  const key = JSON.stringify(words);
  let byKey = cache.get(builder);
  if (byKey === undefined) {
    byKey = new Map();
    cache.set(builder, byKey);
  }
  const existing = byKey.get(key);
  if (existing !== undefined) return existing;

  // Trie of the terminators (code points), with failure links and "a terminator ends here" flags.
  const next: Array<Map<number, number>> = [new Map()];
  const fail: number[] = [0];
  const ends: boolean[] = [false];
  for (const word of words) {
    let state = 0;
    for (const character of word) {
      const code = character.codePointAt(0) as number;
      let child = next[state]?.get(code);
      if (child === undefined) {
        child = next.length;
        next.push(new Map());
        fail.push(0);
        ends.push(false);
        next[state]?.set(code, child);
      }
      state = child;
    }
    ends[state] = true;
  }
  const alphabet = [...new Set(words.flatMap((word) => [...word].map((c) => c.codePointAt(0) as number)))];
  const order: number[] = [];
  const queue = [...(next[0]?.values() ?? [])];
  while (queue.length > 0) {
    const state = queue.shift() as number;
    order.push(state);
    for (const [code, child] of next[state] ?? []) {
      let link = fail[state] as number;
      while (link !== 0 && !next[link]?.has(code)) link = fail[link] as number;
      const target = next[link]?.get(code);
      fail[child] = target !== undefined && target !== child ? target : 0;
      ends[child] = (ends[child] as boolean) || (ends[fail[child] as number] as boolean);
      queue.push(child);
    }
  }
  const step = (state: number, code: number): number => {
    let current = state;
    for (;;) {
      const target = next[current]?.get(code);
      if (target !== undefined) return target;
      if (current === 0) return 0;
      current = fail[current] as number;
    }
  };

  const live = [0, ...order].filter((state) => !ends[state]);
  const names = new Map<number, string>();
  for (const state of live) names.set(state, builder.reserve(`${hint}-${names.size}`));
  const outside: CodePointRange[] = complementRanges(alphabet.map((code) => [code, code] as const));
  for (const state of live) {
    const toRoot: CodePointRange[] = [...outside];
    const others = new Map<number, number[]>();
    for (const code of alphabet) {
      const target = step(state, code);
      if (ends[target]) continue;
      if (target === 0) toRoot.push([code, code]);
      else others.set(target, [...(others.get(target) ?? []), code]);
    }
    const options: GrammarNode[] = [EMPTY, sequence(chars(toRoot), ref(names.get(0) as string))];
    for (const [target, codes] of others) {
      const first = (
        codes.length === 1
          ? literal(String.fromCodePoint(codes[0] as number))
          : chars(codes.map((code) => [code, code] as const))
      ) as GrammarNode;
      options.push(sequence(first, ref(names.get(target) as string)));
    }
    builder.define(names.get(state) as string, alternatives(...options));
  }
  const start = ref(names.get(0) as string);
  byKey.set(key, start);
  return start;
}
