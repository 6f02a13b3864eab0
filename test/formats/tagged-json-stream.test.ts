/**
 * Streaming events of the tagged-JSON family: a call is announced (`tool-input-start`) as soon as its
 * body's leading `"name"` member is complete, before the JSON ends, and then ends under the same id.
 */
import { describe, expect, it } from 'vitest';
import { getFormat } from '../../src/formats/registry.js';
import type { ParseEvent } from '../../src/types/parse-event.js';

function run(format: string, chunks: readonly string[]): ParseEvent[][] {
  const parser = getFormat(format).create();
  return [...chunks.map((chunk) => parser.push(chunk)), parser.finish()];
}

describe('tagged-json call announcement', () => {
  it('announces a hermes call once its name is complete', () => {
    const [first, second, last] = run('hermes', [
      'Hi<tool_call>\n{"name": "special_function", "argu',
      'ments": {"arg1": 1}}\n</tool_call>',
      '',
    ]);
    expect(first).toEqual([
      { type: 'text-delta', delta: 'Hi' },
      { type: 'tool-input-start', id: 'call_0', toolName: 'special_function' },
    ]);
    const rest = [...(second ?? []), ...(last ?? [])];
    expect(rest.map((event) => event.type)).toEqual([
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
    ]);
    // The arguments object streams from its `{`; the number comes aligned in the last delta.
    expect(rest.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []))).toEqual([
      '{',
      '"arg1":1}',
    ]);
    const call = second?.find((event) => event.type === 'tool-call');
    expect(call).toMatchObject({ id: 'call_0', toolName: 'special_function', input: { arg1: 1 } });
  });

  it('does not announce before the name string is closed', () => {
    const [first, second] = run('hermes', ['<tool_call>{"name": "spec', 'ial", "arguments": {']);
    expect(first).toEqual([]);
    expect(second).toEqual([{ type: 'tool-input-start', id: 'call_0', toolName: 'special' }]);
  });

  it('announces a name split one code unit per chunk exactly once', () => {
    const events = run('granite4', [...'<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>']).flat();
    expect(events.filter((event) => event.type === 'tool-input-start')).toEqual([
      { type: 'tool-input-start', id: 'call_0', toolName: 'f' },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'tool-call', id: 'call_0', toolName: 'f' });
  });

  it('reports a cut-off announced call as invalid under the announced id and name', () => {
    const events = run('hermes', ['<tool_call>{"name": "f", "arguments": {"a": ']).flat();
    expect(events.map((event) => event.type)).toEqual([
      'tool-input-start',
      'tool-input-end',
      'tool-call-invalid',
    ]);
    expect(events[2]).toMatchObject({ id: 'call_0', toolName: 'f' });
  });

  it('does not announce a body whose first member is not the name', () => {
    const [first] = run('hermes', ['<tool_call>{"arguments": {"a": 1}, "name": "f"']);
    expect(first).toEqual([]);
  });
});

describe('tagged-json announcement does not depend on the chunking', () => {
  const inputs: Array<[string, string[]]> = [
    // Cut off inside the key after the id (an escape at the key's start): found by a fuzzer.
    [
      '<tool_call>{"name":"f","id":"c1","\\u',
      ['tool-input-start:c1', 'tool-input-end:c1', 'tool-call-invalid:c1'],
    ],
    [
      '<tool_call>{"name":"f","id":"c1","x\\u0041": 1, "arguments": {"a": "b"}}</tool_call>',
      ['tool-input-start:c1', 'tool-input-end:c1', 'tool-call:c1'],
    ],
    [
      '<tool_call>{"name":"f","\\u0061rguments": {"a": "b"}}</tool_call>',
      ['tool-input-start:call_0', 'tool-input-end:call_0', 'tool-call:call_0'],
    ],
  ];
  for (const [input, expected] of inputs) {
    it(JSON.stringify(input), () => {
      const kinds = (chunks: readonly string[]) =>
        run('hermes', chunks)
          .flat()
          .filter((event) => event.type !== 'tool-input-delta' && event.type !== 'text-delta')
          .map((event) => `${event.type}:${'id' in event ? event.id : ''}`);
      const whole = kinds([input]);
      expect(whole).toEqual(expected);
      for (let cut = 1; cut < input.length; cut++)
        expect(kinds([input.slice(0, cut), input.slice(cut)]), `split at ${cut}`).toEqual(whole);
      expect(kinds(input.split('')), 'one code unit per chunk').toEqual(whole);
    });
  }
});
