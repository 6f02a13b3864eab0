/**
 * Node identity by structure (the hash each composite node carries, `nodesEqual`), the range sweeps,
 * rule names, and the shared rule bodies whose printed text is kept across grammars.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alternativesOf, type GrammarNode, nodeHash, nodesEqual } from '../../src/grammar/grammar-node.js';
import {
  alternatives,
  type CodePointRange,
  chars,
  GrammarBuilder,
  intersectRanges,
  JsonSchemaGrammar,
  literal,
  nodeKey,
  printGrammar,
  ref,
  repeat,
  ruleName,
  schemaGrammar,
  sequence,
  subtractRanges,
} from '../../src/grammar/index.js';

const arbitraryNode: fc.Arbitrary<GrammarNode> = fc.letrec<{ node: GrammarNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('', 'a', 'b', 'ab').map(literal),
    fc.constantFrom('x', 'y').map(ref),
    fc.constantFrom<CodePointRange[]>([[0x61, 0x62]], [[0x30, 0x39]]).map(chars),
    fc.array(tie('node'), { maxLength: 3 }).map((items) => sequence(...items)),
    fc.array(tie('node'), { maxLength: 3 }).map((options) => alternatives(...options)),
    fc
      .tuple(tie('node'), fc.nat(3), fc.option(fc.nat(3), { nil: undefined }))
      .map(([item, min, extra]) => repeat(item, min, extra === undefined ? undefined : min + extra)),
  ),
})).node;

describe('grammar nodes', () => {
  it('are equal (and hash alike) exactly when their text keys are equal', () => {
    fc.assert(
      fc.property(arbitraryNode, arbitraryNode, (a, b) => {
        const equal = nodeKey(a) === nodeKey(b);
        expect(nodesEqual(a, b)).toBe(equal);
        if (equal) expect(nodeHash(a)).toBe(nodeHash(b));
      }),
      { seed: 20261206, numRuns: 2000 },
    );
  });

  it('keep one of each structurally equal option, in a short list and past 16 options', () => {
    const twice = (n: number) =>
      Array.from({ length: 2 * n }, (_, index) => sequence(literal(`v${index % n}`), ref('x')));
    for (const n of [3, 40]) {
      const node = alternativesOf(twice(n));
      expect(node.kind === 'alternatives' && node.options.length).toBe(n);
    }
  });

  it('dedupe rules written as frozen object literals, without storing a hash on them', () => {
    const frozen = Object.freeze({ kind: 'sequence', items: Object.freeze([literal('a'), ref('x')]) });
    const builder = new GrammarBuilder();
    const first = builder.rule('q', frozen as GrammarNode);
    expect(builder.rule('q', sequence(literal('a'), ref('x')))).toEqual(first);
  });
});

describe('code point ranges', () => {
  const arbitraryRanges = fc.array(
    fc
      .tuple(fc.integer({ min: -2, max: 40 }), fc.integer({ min: -2, max: 40 }))
      .map(([a, b]) => [a, b] as const),
    { maxLength: 5 },
  );
  const members = (ranges: readonly CodePointRange[]) => {
    const out = new Set<number>();
    for (const [from, to] of ranges) for (let code = Math.max(0, from); code <= to; code++) out.add(code);
    return out;
  };
  const normalized = (ranges: readonly CodePointRange[]) =>
    ranges.every(
      ([from, to], index) => from <= to && (index === 0 || from > (ranges[index - 1]?.[1] ?? 0) + 1),
    );

  it('intersect and subtract as sets, normalized', () => {
    fc.assert(
      fc.property(arbitraryRanges, arbitraryRanges, (a, b) => {
        const inA = members(a);
        const inB = members(b);
        const both = intersectRanges(a, b);
        const onlyA = subtractRanges(a, b);
        expect([...members(both)].sort()).toEqual([...inA].filter((code) => inB.has(code)).sort());
        expect([...members(onlyA)].sort()).toEqual([...inA].filter((code) => !inB.has(code)).sort());
        expect(normalized(both) && normalized(onlyA)).toBe(true);
      }),
      { seed: 20261206, numRuns: 2000 },
    );
  });
});

describe('ruleName', () => {
  it('keeps letters and digits, one dash for each run of anything else', () => {
    expect(ruleName('schema-city')).toBe('schema-city');
    expect(ruleName('Schema__Field_1')).toBe('schema-field-1');
    expect(ruleName('--a--b--')).toBe('a-b');
    expect(ruleName('9lives')).toBe('r-9lives');
    expect(ruleName('日本')).toBe('r');
  });
});

describe('shared rule bodies', () => {
  it('print the same in every grammar, and with the names another grammar gives them', () => {
    const plain = schemaGrammar({}).grammar;
    // A grammar whose own rules took the names `ws`, `string` and `value` first.
    const builder = new GrammarBuilder();
    for (const name of ['ws', 'string', 'value']) builder.rule(name, literal(name));
    const json = new JsonSchemaGrammar({}, {}, builder);
    const text = printGrammar(builder.build(json.value(true)), 'gbnf');
    expect(text).toContain('object ::= "{" ws-2 (string-2 ws-2 ":" ws-2 value-2 ws-2 ("," ws-2 string-2');
    expect(text).toContain('value-2 ::= object | array | string-2 | number | "true" | "false" | "null"');
    expect(schemaGrammar({}).grammar).toBe(plain);
    expect(plain).toContain('object ::= "{" ws (string ws ":" ws value ws ("," ws string');
  });
});
