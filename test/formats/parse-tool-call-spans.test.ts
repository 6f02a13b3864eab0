import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ParseSpan, parseToolCallSpans, parseToolCalls } from '../../src/formats/index.js';

const examples = new URL('../../examples/', import.meta.url);
const tools = JSON.parse(readFileSync(new URL('tools.json', examples), 'utf8'));
const ids = readdirSync(examples)
  .filter((name) => name.endsWith('.txt') && name !== 'content_only.txt')
  .map((name) => name.slice(0, -'.txt'.length));

/** The input text of every span of `kind` (and call `index`), joined in input order. */
function textOf(text: string, spans: readonly ParseSpan[], kind: ParseSpan['kind'], index?: number): string {
  return spans
    .filter((span) => span.kind === kind && (index === undefined || span.index === index))
    .map((span) => text.slice(span.start, span.end))
    .join('');
}

describe('parseToolCallSpans', () => {
  it.each(ids)('%s: the result of parseToolCalls, and spans that tile the input', (id) => {
    const text = readFileSync(new URL(`${id}.txt`, examples), 'utf8');
    const { result, spans, problems } = parseToolCallSpans(text, { format: id, tools });
    expect(problems).toEqual([]);
    expect(result).toEqual(parseToolCalls(text, { format: id, tools }));
    expect(spans.map((span) => text.slice(span.start, span.end)).join('')).toBe(text);
    spans.forEach((span, i) => {
      expect(span.start).toBe(i === 0 ? 0 : spans[i - 1]?.end);
    });
    expect(textOf(text, spans, 'content')).toBe(result.content);
    expect(textOf(text, spans, 'reasoning')).toBe(result.reasoning);
    result.toolCalls.forEach((call, index) => {
      expect(textOf(text, spans, 'call', index)).toBe(call.raw);
    });
    result.invalidToolCalls.forEach((call, index) => {
      expect(textOf(text, spans, 'invalid', index)).toBe(call.raw);
    });
  });

  it('gives each of two adjacent calls its own index, and an invalid call its own', () => {
    const first = '<tool_call>{"name": "a", "arguments": {}}</tool_call>';
    const unknown = '<tool_call>{"name": "b", "arguments": {}}</tool_call>';
    const text = `Hi ${first}${first}${unknown}`;
    const { result, spans } = parseToolCallSpans(text, {
      format: 'hermes',
      tools: [{ name: 'a', parameters: { type: 'object' } }],
    });
    expect(result.toolCalls.map((call) => call.raw)).toEqual([first, first]);
    expect(result.invalidToolCalls.map((call) => [call.raw, call.issues[0]?.code])).toEqual([
      [unknown, 'unknown_tool'],
    ]);
    expect(
      spans.filter((span) => span.kind === 'call').map((span) => [span.start, span.end, span.index]),
    ).toEqual([
      [3, 3 + first.length, 0],
      [3 + first.length, 3 + 2 * first.length, 1],
    ]);
    expect(textOf(text, spans, 'invalid', 0)).toBe(unknown);
    expect(textOf(text, spans, 'content')).toBe('Hi ');
  });

  it('records through auto to the format it picks', () => {
    const text = readFileSync(new URL('qwen3_coder.txt', examples), 'utf8');
    const { result, spans, problems } = parseToolCallSpans(text, { model: 'Qwen3-Coder-30B-A3B-Instruct' });
    expect(result.format).toBe('qwen3_coder');
    expect(problems).toEqual([]);
    expect(spans.at(-1)?.end).toBe(text.length);
  });

  it('throws invalid_argument for a text that is not a string', () => {
    expect(() => parseToolCallSpans(1 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'invalid_argument' }),
    );
  });
});
