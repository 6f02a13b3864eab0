import { describe, expect, it } from 'vitest';
import { InvalidToolsError } from '../../../src/errors/invalid-tools-error.js';
import { checkedTools, toolIndexOf } from '../../../src/formats/core/checked-tools.js';
import { normalizeTools } from '../../../src/formats/core/tool-index.js';
import { parseToolCalls } from '../../../src/formats/parse-tool-calls.js';
import type { ToolDefinition } from '../../../src/types/tool.js';

const weather = { type: 'object', properties: { city: { type: 'string' } } };
const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe('checkedTools', () => {
  it('answers an array given again with the same normalized array (frozen) and index', () => {
    const given = [{ type: 'function', function: { name: 'get_weather', parameters: weather } }];
    const first = checkedTools(given);
    expect(first).toEqual([{ name: 'get_weather', parameters: weather }]);
    expect(checkedTools(given)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first[0])).toBe(true);
    // The array it returned, given back (as `parseToolCalls` hands it to `create`), is a hit too.
    expect(checkedTools(first)).toBe(first);
    expect(toolIndexOf(first)).toBe(toolIndexOf(first));
    expect(toolIndexOf(first).names).toEqual(['get_weather']);
  });

  it('reads an array again after its entries or its length changed', () => {
    const given: Record<string, unknown>[] = [{ name: 'get_weather', parameters: weather }];
    const first = checkedTools(given);
    given.push({ name: 'search', description: 'Search the web' });
    const second = checkedTools(given);
    expect(second).not.toBe(first);
    expect(second).toEqual(normalizeTools(given));
    (given[0] as Record<string, unknown>).name = 'get_forecast';
    expect(checkedTools(given).map((tool) => tool.name)).toEqual(['get_forecast', 'search']);
    given[1] = { function: { name: 'lookup', input_schema: weather } };
    expect(checkedTools(given)[1]).toEqual({ name: 'lookup', parameters: weather });
    (given[1] as { function: Record<string, unknown> }).function.description = 'Look up';
    expect(checkedTools(given)[1]).toEqual({ name: 'lookup', description: 'Look up', parameters: weather });
  });

  it('throws for an array that became invalid after it was cached', () => {
    const given: unknown[] = [{ name: 'get_weather' }];
    checkedTools(given);
    given[0] = { name: '' };
    expect(() => checkedTools(given)).toThrow('missing string "name"');
  });

  it('is seen by parseToolCalls: a tool dropped from a reused array makes the call unknown', () => {
    const tools: ToolDefinition[] = [{ name: 'get_weather', parameters: weather }];
    expect(parseToolCalls(call, { format: 'hermes', tools }).toolCalls).toHaveLength(1);
    tools[0] = { name: 'search_web', parameters: {} };
    const result = parseToolCalls(call, { format: 'hermes', tools });
    expect(result.toolCalls).toEqual([]);
    expect(result.invalidToolCalls.map((invalid) => invalid.issues?.[0]?.code)).toEqual(['unknown_tool']);
  });
});

describe('normalizeTools on a sparse array', () => {
  // `map` skipped the hole, so the result had an `undefined` entry and `new ToolIndex` threw a
  // TypeError (reading 'name') from parseToolCalls instead of InvalidToolsError.
  it.each([
    ['a hole first', Object.assign(Array(2), { 1: { name: 'get_weather' } }), 0],
    ['a hole last', Object.assign([{ name: 'get_weather' }], { length: 2 }), 1],
  ])('reports %s as an entry that is not an object', (_label, given, index) => {
    expect(() => normalizeTools(given)).toThrow(`tools[${index}]`);
    expect(() => parseToolCalls(call, { format: 'hermes', tools: given as ToolDefinition[] })).toThrow(
      InvalidToolsError,
    );
  });
});
