import { describe, expect, it } from 'vitest';
import {
  getFormat,
  MAX_ARGUMENT_DEPTH,
  type ParseResult,
  parseToolCallChunks,
  parseToolCalls,
} from '../../src/index.js';
import { alignText, MAX_VALUE_DEPTH } from '../../src/schema/index.js';

// The trial's inputs: arguments thousands of levels deep (hermes-deep-array-5000.txt and the like).
const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const hermes = (value: string): string => `<tool_call>{"name":"f","arguments":{"a":${value}}}</tool_call>`;
const arrayTools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'array' } } } }];

/** `raw` is the call's text (for XML formats from the call's own marker: a part of `text`). */
function expectTooDeep(result: ParseResult, text: string, deep = text): void {
  expect(result.toolCalls).toEqual([]);
  expect(result.invalidToolCalls).toHaveLength(1);
  const call = result.invalidToolCalls[0];
  const raw = call?.raw ?? '';
  expect(text.includes(raw) && raw.includes(deep)).toBe(true);
  expect(call?.issues.map((issue) => issue.code)).toEqual(['too_deep']);
  // What the CLI does with every result: it must serialise.
  expect(() => JSON.stringify(result)).not.toThrow();
}

describe('arguments nested deeper than MAX_ARGUMENT_DEPTH', () => {
  it('is the documented bound, the schema layer’s', () => {
    expect(MAX_ARGUMENT_DEPTH).toBe(256);
    expect(MAX_ARGUMENT_DEPTH).toBe(MAX_VALUE_DEPTH);
  });

  it.each([5000, 200_000])('a hermes call %i levels deep is an invalid call with code too_deep', (levels) => {
    const text = hermes(nested(levels));
    expectTooDeep(parseToolCalls(text, { format: 'hermes' }), text);
    expectTooDeep(parseToolCalls(text, { format: 'hermes', tools: arrayTools }), text);
  });

  it('a gemma4 call nested too deeply is too_deep too (its own value reader)', () => {
    let value = '1';
    for (let level = 0; level < 300; level++) value = `{x:${value}}`;
    const text = `<|tool_call>call:f${value}<tool_call|>`;
    expectTooDeep(parseToolCalls(text, { format: 'gemma4' }), text, value);
  });

  it('streaming gives the same result as whole text', () => {
    const text = hermes(nested(5000));
    const chunks = text.match(/[\s\S]{1,7}/g) ?? [];
    expect(parseToolCallChunks(chunks, { format: 'hermes' })).toEqual(
      parseToolCalls(text, { format: 'hermes' }),
    );
  });

  it('keeps a call exactly at the bound and refuses one level more', () => {
    // The arguments object is level 1, so `a` may hold MAX_ARGUMENT_DEPTH - 1 levels.
    const atBound = parseToolCalls(hermes(nested(MAX_ARGUMENT_DEPTH - 1)), { format: 'hermes' });
    expect(atBound.toolCalls).toHaveLength(1);
    expect(atBound.invalidToolCalls).toEqual([]);
    const over = hermes(nested(MAX_ARGUMENT_DEPTH));
    expectTooDeep(parseToolCalls(over, { format: 'hermes' }), over);
  });

  it('the same for other JSON formats (mistral, kimi_k2, llama3_json) and with objects', () => {
    const objects = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const mistral = `[TOOL_CALLS]f[ARGS]${objects}`;
    expectTooDeep(parseToolCalls(mistral, { format: 'mistral' }), mistral);
    const kimi = `<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a":${nested(5000)}}<|tool_call_end|><|tool_calls_section_end|>`;
    const result = parseToolCalls(kimi, { format: 'kimi_k2' });
    expect(result.invalidToolCalls.map((call) => call.issues[0]?.code)).toEqual(['too_deep']);
  });

  it('an XML parameter typed as an array by the tools does not throw (qwen3_coder, minimax_m2)', () => {
    const qwen = `<tool_call>\n<function=f>\n<parameter=a>\n${nested(5000)}\n</parameter>\n</function>\n</tool_call>`;
    const minimax = `<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">${nested(5000)}</parameter>\n</invoke>\n</minimax:tool_call>`;
    for (const [format, text] of [
      ['qwen3_coder', qwen],
      ['minimax_m2', minimax],
    ] as const) {
      const result = parseToolCalls(text, { format, tools: arrayTools });
      expectTooDeep(result, text, nested(5000));
      const parser = getFormat(format).create({ tools: arrayTools });
      expect(() =>
        [...parser.push(text), ...parser.finish()].map((event) => JSON.stringify(event)),
      ).not.toThrow();
    }
  });

  it('alignText keeps over-deep object or array text as the text, with a too_deep issue', () => {
    const text = nested(5000);
    const aligned = alignText(text, { type: 'array' });
    expect(aligned.value).toBe(text);
    expect(aligned.issues.map((issue) => issue.code)).toEqual(['too_deep']);
  });
});
