/**
 * Cut-off calls, CRLF layout and nesting limits of the XML-parameters family and Harmony (new-user trial
 * findings): a prefix of a real output never yields a valid call the whole output does not have; `\r\n`
 * is one wrapping newline; a value nested deeper than 255 levels makes the call invalid (`too_deep`)
 * instead of overflowing the stack. Single results are in the `*.json` case tables.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseToolCallChunks, parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import { getFormat } from '../../src/formats/registry.js';
import { alignText } from '../../src/schema/align-text.js';
import { typeParameterText } from '../../src/schema/type-parameter-text.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import type { ToolCall } from '../../src/types/tool-call.js';

const key = (call: ToolCall): string => `${call.name} ${JSON.stringify(call.arguments)}`;
const examples = new URL('../../examples/', import.meta.url);
const exampleTools = JSON.parse(readFileSync(new URL('tools.json', examples), 'utf8')) as ToolDefinition[];
const arrayTools: ToolDefinition[] = [
  { name: 'f', parameters: { type: 'object', properties: { a: { type: 'array' } } } },
];

const formats = [
  'qwen3_coder',
  'deepseek_v32',
  'minimax_m2',
  'step3',
  'deepseek_v4',
  'seed_oss',
  'minicpm5',
  'harmony',
];

/** The format's own example, and the repository's example output when there is one. */
function outputsOf(formatId: string): string[] {
  const outputs = [getFormat(formatId).example ?? ''];
  try {
    outputs.push(readFileSync(new URL(`${formatId}.txt`, examples), 'utf8'));
  } catch {
    // No example output for this format.
  }
  return outputs.filter((output) => output !== '');
}

describe('a cut-off output never yields a call the whole output lacks', () => {
  for (const formatId of formats) {
    it(formatId, () => {
      for (const output of outputsOf(formatId)) {
        for (const tools of [undefined, exampleTools]) {
          const options = { format: formatId, ...(tools ? { tools } : {}) };
          const whole = new Set(parseToolCalls(output, options).toolCalls.map(key));
          const extra: string[] = [];
          for (let end = 0; end < output.length; end++) {
            for (const call of parseToolCalls(output.slice(0, end), options).toolCalls) {
              if (!whole.has(key(call))) extra.push(`${end}: ${key(call)}`);
            }
          }
          expect(extra).toEqual([]);
        }
      }
    });
  }
});

describe('CRLF line endings', () => {
  const input =
    '<tool_call>\r\n<function=f>\r\n<parameter=a>\r\nline1\r\nline2\r\n</parameter>\r\n</function>\r\n</tool_call>\r\n';
  it('strip one wrapping \\r\\n, and the streamed argument text agrees at every chunking', () => {
    for (const size of [1, 2, 3, input.length]) {
      const chunks: string[] = [];
      for (let start = 0; start < input.length; start += size) chunks.push(input.slice(start, start + size));
      const parser = getFormat('qwen3_coder').create();
      const events = [...chunks.flatMap((chunk) => parser.push(chunk)), ...parser.finish()];
      const deltas = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
      expect(JSON.parse(deltas.join(''))).toEqual({ a: 'line1\r\nline2' });
      const calls = events.filter((event) => event.type === 'tool-call');
      expect(calls.map((event) => event.input)).toEqual([{ a: 'line1\r\nline2' }]);
    }
  });
});

describe('deep nesting never throws', () => {
  const depth = 10_000;
  const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const inputs: Record<string, string> = {
    qwen3_coder: `<tool_call>\n<function=f>\n<parameter=a>\n${deep}\n</parameter>\n</function>\n</tool_call>`,
    minimax_m2: `<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">${deep}</parameter>\n</invoke>\n</minimax:tool_call>`,
  };
  for (const [formatId, input] of Object.entries(inputs)) {
    it(`${formatId}: a value nested ${depth} deep makes the call invalid (too_deep)`, () => {
      const chunks: string[] = [];
      for (let start = 0; start < input.length; start += 7) chunks.push(input.slice(start, start + 7));
      for (const result of [
        parseToolCalls(input, { format: formatId, tools: arrayTools }),
        parseToolCallChunks(chunks, { format: formatId, tools: arrayTools }),
      ]) {
        expect(result.toolCalls).toEqual([]);
        expect(result.invalidToolCalls).toHaveLength(1);
        expect(result.invalidToolCalls[0]?.issues.map((issue) => issue.code)).toEqual(['too_deep']);
        expect(input).toContain(result.invalidToolCalls[0]?.raw ?? '-');
      }
    });
  }

  it('a value of 255 levels is kept, 256 are too deep (arguments deeper than MAX_VALUE_DEPTH)', () => {
    const nested = (levels: number): string =>
      `<tool_call>\n<function=f>\n<parameter=a>\n${'['.repeat(levels)}${']'.repeat(levels)}\n</parameter>\n</function>\n</tool_call>`;
    expect(parseToolCalls(nested(255), { format: 'qwen3_coder', tools: arrayTools }).toolCalls).toHaveLength(
      1,
    );
    const over = parseToolCalls(nested(256), { format: 'qwen3_coder', tools: arrayTools });
    expect(over.toolCalls).toEqual([]);
    expect(over.invalidToolCalls[0]?.issues.map((issue) => issue.code)).toEqual(['too_deep']);
  });

  it('schema typing of a 5,000-deep JSON array text returns', () => {
    const text = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    expect(() => typeParameterText(text, { type: 'array' })).not.toThrow();
    expect(() => alignText(text, { type: 'array' })).not.toThrow();
    expect(() => alignText(text, { type: 'array', items: { type: 'array' } })).not.toThrow();
  });
});
