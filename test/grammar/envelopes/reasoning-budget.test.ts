import { describe, expect, it } from 'vitest';
import { grammarFor } from '../../../src/formats/index.js';

const tools = [
  {
    name: 'f',
    parameters: {
      type: 'object',
      properties: { a: { type: 'integer', minimum: 1, maximum: 9 } },
      required: ['a'],
      additionalProperties: false,
    },
  },
];

/** The grammar's rules that start with one of `names`. */
function rules(grammar: string, names: readonly string[]): string[] {
  return grammar.split('\n').filter((line) => names.some((name) => line.startsWith(`${name} `)));
}

describe('grammarFor reasoningBudget', () => {
  it('leaves the reasoning block unbounded by default', () => {
    const { grammar } = grammarFor({ tools, format: 'hermes', toolChoice: 'required' });
    expect(rules(grammar, ['root'])).toEqual(['root ::= ("<think>" reasoning-text-0 "</think>")? call-f']);
  });

  it('bounds the block in characters, and a pair opening the closing marker cannot occur', () => {
    const { grammar } = grammarFor({ tools, format: 'hermes', toolChoice: 'required', reasoningBudget: 40 });
    expect(rules(grammar, ['root', 'reasoning-bounded', 'rep'])).toEqual([
      'root ::= ("<think>" reasoning-bounded "</think>")? call-f',
      'reasoning-bounded ::= rep{0,40}',
      'rep ::= [^<] | "<" [^/<]',
    ]);
  });

  it('0 allows no reasoning block; a named tool is bounded as required is', () => {
    const none = grammarFor({ tools, format: 'hermes', toolChoice: 'required', reasoningBudget: 0 });
    expect(rules(none.grammar, ['root'])).toEqual(['root ::= call-f']);
    const named = grammarFor({
      tools,
      format: 'deepseek_v31',
      toolChoice: { type: 'tool', toolName: 'f' },
      reasoningBudget: 0,
    });
    expect(named.grammar).not.toContain('think');
  });

  it('leaves auto unbounded (the model may answer in text)', () => {
    const bounded = grammarFor({ tools, format: 'hermes', toolChoice: 'auto', reasoningBudget: 40 });
    expect(bounded.grammar).toBe(grammarFor({ tools, format: 'hermes', toolChoice: 'auto' }).grammar);
  });

  it.each([-1, 1.5, 10_001])('refuses a budget of %s with invalid_argument', (reasoningBudget) => {
    expect(() => grammarFor({ tools, format: 'hermes', toolChoice: 'required', reasoningBudget })).toThrow(
      expect.objectContaining({
        code: 'invalid_argument',
        message: 'reasoningBudget must be an integer from 0 to 10000',
      }),
    );
  });
});
