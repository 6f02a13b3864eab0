import { describe, expect, it } from 'vitest';
import {
  type FormatOptions,
  type FormatParser,
  getFormat,
  InvalidToolsError,
  listFormats,
  parseToolCallChunks,
  parseToolCalls,
  ToolwireError,
} from '../../src/index.js';

// The trial's api-misuse.mjs: each of these threw a bare TypeError or silently did something else.
const hermesCall = '<tool_call>{"name":"f","arguments":{"a":1}}</tool_call>';

function thrown(run: () => unknown): { code: string; name: string } {
  try {
    run();
  } catch (error) {
    expect(ToolwireError.isInstance(error)).toBe(true);
    return { code: (error as ToolwireError).code, name: (error as Error).name };
  }
  throw new Error('expected a ToolwireError, nothing was thrown');
}

describe('parseToolCalls options', () => {
  it('format defaults to auto: no options, or {model} alone', () => {
    expect(parseToolCalls(hermesCall).format).toBe('hermes');
    expect(parseToolCalls(hermesCall).toolCalls.map((call) => call.arguments)).toEqual([{ a: 1 }]);
    const qwen = '<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>';
    expect(parseToolCalls(qwen, { model: 'Qwen/Qwen3-Coder-30B-A3B-Instruct' }).format).toBe('qwen3_coder');
    expect(parseToolCallChunks(['<tool_', hermesCall.slice(6)]).toolCalls).toHaveLength(1);
  });

  it.each([
    ['text undefined', () => parseToolCalls(undefined as unknown as string), 'invalid_argument'],
    ['text 123', () => parseToolCalls(123 as unknown as string, { format: 'hermes' }), 'invalid_argument'],
    ['options null', () => parseToolCalls('hi', null as unknown as undefined), 'invalid_argument'],
    ['format 5', () => parseToolCalls('hi', { format: 5 as unknown as string }), 'invalid_argument'],
    ['format {}', () => parseToolCalls('hi', { format: {} as unknown as string }), 'invalid_argument'],
    ['model 5', () => parseToolCalls('hi', { model: 5 as unknown as string }), 'invalid_argument'],
    ['format nope', () => parseToolCalls('hi', { format: 'nope' }), 'unknown_format'],
    ['chunks a string', () => parseToolCallChunks('abc' as unknown as string[]), 'invalid_argument'],
    ['chunks [1]', () => parseToolCallChunks([1] as unknown as string[]), 'invalid_argument'],
    ['getFormat()', () => getFormat(undefined as unknown as string), 'invalid_argument'],
    ['getFormat(5)', () => getFormat(5 as unknown as string), 'invalid_argument'],
  ])('%s throws a typed error', (_, run, code) => {
    expect(thrown(run).code).toBe(code);
  });
});

describe('tools are validated by the library as by the CLI', () => {
  const badTools: Array<[string, unknown]> = [
    ['a string', 'x'],
    ['[null]', [null]],
    ['[{}] (no name)', [{}]],
    ['[{name: 5}]', [{ name: 5 }]],
    ['parameters "x"', [{ name: 'f', parameters: 'x' }]],
  ];

  it.each(
    badTools,
  )('tools %s: InvalidToolsError, code invalid_tools, for every format and auto', (_, tools) => {
    const options = { tools: tools as never };
    expect(thrown(() => parseToolCalls(hermesCall, { format: 'hermes', ...options }))).toEqual({
      code: 'invalid_tools',
      name: 'InvalidToolsError',
    });
    expect(thrown(() => parseToolCalls(hermesCall, options)).code).toBe('invalid_tools');
    expect(thrown(() => getFormat('auto').create(options)).code).toBe('invalid_tools');
    for (const format of listFormats())
      expect(thrown(() => format.create(options)).code).toBe('invalid_tools');
  });

  it('OpenAI-style tools work in the library too', () => {
    const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
    const result = parseToolCalls(hermesCall, { format: 'hermes', tools: tools as never });
    expect(result.toolCalls.map((call) => call.name)).toEqual(['f']);
    expect(new InvalidToolsError('x').code).toBe('invalid_tools');
  });
});

describe('parser push / finish misuse, for every format and auto', () => {
  const parsers = (): Array<[string, FormatParser]> => [
    ...listFormats().map((format): [string, FormatParser] => [format.id, format.create()]),
    ['auto', getFormat('auto').create()],
    ['auto (model)', getFormat('auto').create({ model: 'Hermes-3-Llama-3.1-8B' } as FormatOptions)],
  ];

  it('push(non-string) is invalid_argument', () => {
    for (const [id, parser] of parsers()) {
      for (const chunk of [5, undefined, null, {}]) {
        expect(thrown(() => parser.push(chunk as unknown as string)).code, id).toBe('invalid_argument');
      }
    }
  });

  it('push() or finish() after finish() is parser_finished; reset() starts a new turn', () => {
    for (const [id, parser] of parsers()) {
      parser.push('a');
      parser.finish();
      expect(thrown(() => parser.push('b')).code, id).toBe('parser_finished');
      expect(thrown(() => parser.finish()).code, id).toBe('parser_finished');
      parser.reset();
      parser.push('b');
      expect(() => parser.finish(), id).not.toThrow();
    }
  });
});
