import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../src/errors/toolwire-error.js';
import {
  alternatives,
  chars,
  EMPTY,
  GrammarBuilder,
  literal,
  NEVER,
  optional,
  printGrammar,
  ref,
  repeat,
  sequence,
} from '../../src/grammar/index.js';
import { llamaCppEngine, xgrammarEngine } from './engines.js';

describe('GrammarBuilder', () => {
  it('names rules portably, dedupes equal bodies and reserves names for recursion', () => {
    const builder = new GrammarBuilder();
    const digit = builder.rule('Digit_Rule', chars([[0x30, 0x39]]));
    expect(builder.rule('other', chars([[0x30, 0x39]]))).toEqual(digit);
    const list = builder.reserve('list');
    builder.define(list, alternatives(digit, sequence(digit, literal(','), ref(list))));
    const grammar = builder.build(sequence(literal('['), ref(list), literal(']')));
    expect(printGrammar(grammar, 'gbnf')).toBe(
      'root ::= "[" list "]"\ndigit-rule ::= [0-9]\nlist ::= digit-rule | digit-rule "," list\n',
    );
  });

  it('takeUnreferenced removes a rule no other rule refers to and returns its body; else changes nothing', () => {
    const builder = new GrammarBuilder();
    const digit = builder.rule('digit', chars([[0x30, 0x39]]));
    builder.rule('pair', sequence(digit, literal(','), digit));
    // `digit` is used by `pair`: kept.
    expect(builder.takeUnreferenced('digit')).toBeUndefined();
    expect(builder.takeUnreferenced('pair')).toEqual(sequence(digit, literal(','), digit));
    expect(builder.has('pair')).toBe(false);
    // An equal body added again gets a rule of its own, not a reference to the removed one.
    expect(builder.rule('again', sequence(digit, literal(','), digit))).toEqual(ref('again'));
    // `root` is never taken, nor a name that is no rule.
    expect(builder.takeUnreferenced('root')).toBeUndefined();
    expect(builder.takeUnreferenced('nothing')).toBeUndefined();
    expect(printGrammar(builder.build(sequence(literal('['), ref('again'), literal(']'))), 'gbnf')).toBe(
      'root ::= "[" again "]"\ndigit ::= [0-9]\nagain ::= digit "," digit\n',
    );
  });

  it('throws invalid_argument for a reserved rule never defined, or defined twice', () => {
    const codes: unknown[] = [];
    const builder = new GrammarBuilder();
    const name = builder.reserve('x');
    try {
      builder.build(ref(name));
    } catch (error) {
      codes.push(ToolwireError.isInstance(error) && error.code);
    }
    builder.define(name, literal('x'));
    try {
      builder.define(name, literal('y'));
    } catch (error) {
      codes.push(ToolwireError.isInstance(error) && error.code);
    }
    expect(codes).toEqual(['invalid_argument', 'invalid_argument']);
  });
});

describe('printGrammar', () => {
  const print = (node: Parameters<GrammarBuilder['build']>[0]) =>
    printGrammar(new GrammarBuilder().build(node), 'ebnf');

  it('folds the trivial cases in the constructors', () => {
    expect([
      sequence(EMPTY, literal('a'), literal('b')),
      optional(NEVER),
      repeat(literal('a'), 1, 1),
      sequence(literal('a'), NEVER),
    ]).toEqual([literal('ab'), EMPTY, literal('a'), NEVER]);
  });

  it('splits repetition bounds over 1000 exactly, without ambiguity, over a one-symbol rule', () => {
    expect(print(repeat(sequence(literal('a'), chars([[0x62, 0x63]])), 2500, 4100))).toBe(
      'root ::= rep{1000} rep{1000} rep{500} (rep{0,999} | rep{1000} rep{0,600})\nrep ::= "a" [bc]\n',
    );
    expect(print(repeat(literal('x'), 1200))).toBe('root ::= "x"{1000} "x"{200,}\n');
  });

  it('prints classes negated when the complement is ASCII, escapes fixed-width, never as a rule', () => {
    expect(
      print(
        alternatives(
          chars([
            [0x20, 0x21],
            [0x23, 0x10ffff],
          ]),
          chars([
            [0x2d, 0x2d],
            [0x5e, 0x5e],
            [0xe9, 0xe9],
          ]),
          literal('"\\\n\u0001é😀'),
          NEVER,
        ),
      ),
    ).toBe(
      'root ::= [^\\u0000-\\u001F\\"] | [\\u002D\\u005E\\u00E9] | "\\"\\\\\\n\\u0001\\u00E9\\U0001F600"\n',
    );
    expect(print(sequence(literal('a'), alternatives()))).toBe('root ::= never\nnever ::= "\\u0000" never\n');
  });

  it('prints grammars both engines load and judge alike', async () => {
    const text = print(
      sequence(
        repeat(chars([[0x61, 0x62]]), 2001, 2003),
        alternatives(
          literal('-^'),
          chars([
            [0x2d, 0x2d],
            [0x5e, 0x5e],
          ]),
        ),
      ),
    );
    for (const engine of [await llamaCppEngine(), xgrammarEngine()]) {
      const compiled = await engine.compile(text);
      const verdicts = [];
      for (const probe of [
        `${'a'.repeat(2001)}-^`,
        `${'b'.repeat(2003)}^`,
        `${'a'.repeat(2000)}-`,
        `${'a'.repeat(2004)}-`,
      ]) {
        verdicts.push(await compiled.accepts(probe));
      }
      expect([engine.name, verdicts]).toEqual([engine.name, [true, true, false, false]]);
    }
  }, 60_000);
});
