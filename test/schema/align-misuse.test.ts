import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../src/errors/index.js';
import { parseToolCalls } from '../../src/index.js';
import { alignText, alignValue } from '../../src/schema/index.js';

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The error `run` throws, as `{ code, message }` (a ToolwireError), else what it returned. */
function misuse(run: () => unknown): unknown {
  const error = thrown(run);
  return error instanceof ToolwireError ? { code: error.code, message: error.message } : error;
}

describe('alignValue and alignText refuse what schemaGrammar refuses', () => {
  it.each([
    [() => alignValue(1, 5 as never), 'alignValue: a JSON Schema is an object or a boolean, got number'],
    [() => alignValue(1, null as never), 'alignValue: a JSON Schema is an object or a boolean, got null'],
    [() => alignValue(1, [] as never), 'alignValue: a JSON Schema is an object or a boolean, got an array'],
    [() => alignValue(1, {}, 5 as never), 'alignValue: options must be an object, got number'],
    [
      () => alignValue(1, {}, { strict: 'yes' } as never),
      'alignValue: options.strict must be true or false, got string',
    ],
    [
      () => alignValue(1, {}, { root: {} } as never),
      'alignValue: options.root must be a SchemaRoot, got object',
    ],
    [() => alignText('1', 5 as never), 'alignText: a JSON Schema is an object or a boolean, got number'],
    [() => alignText(1 as never, {}), 'alignText: text must be a string, got number'],
    [() => alignText('1', {}, null as never), 'alignText: options must be an object, got null'],
    [
      () => alignText('1', {}, { stripWrappingNewline: 1 } as never),
      'alignText: options.stripWrappingNewline must be true or false, got number',
    ],
  ])('%#: %s', (run, message) => {
    expect(misuse(run)).toEqual({ code: 'invalid_argument', message });
  });

  it('still aligns with a boolean schema and with options given right', () => {
    expect(alignValue('3', true)).toEqual({ value: '3', flags: [], issues: [] });
    expect(alignValue('3', { type: 'integer' }, { strict: false })).toEqual({
      value: 3,
      flags: [{ path: '', kind: 'string_to_number' }],
      issues: [],
    });
    expect(alignText('3', { type: 'integer' }, { stripWrappingNewline: true })).toEqual({
      value: 3,
      flags: [],
      issues: [],
    });
  });
});

describe('a malformed property schema inside a tool', () => {
  it('is model data, not misuse: an XML-parameter call under it parses, never throws', () => {
    const result = parseToolCalls(
      '<tool_call>\n<function=f>\n<parameter=a>\n7\n</parameter>\n</function>\n</tool_call>',
      {
        format: 'qwen3_coder',
        tools: [{ name: 'f', parameters: { type: 'object', properties: { a: 5 } } as never }],
      },
    );
    expect(result.toolCalls.map((call) => [call.name, call.arguments])).toEqual([['f', { a: '7' }]]);
  });
});
