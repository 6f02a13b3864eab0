/**
 * Streaming events of the `named-json` family core (DeepSeek, Mistral, Functionary, Command R7B):
 * a call is announced (`tool-input-start`) before its arguments are complete, and the argument text
 * streams as `tool-input-delta`s. Results themselves are covered by the table-driven `*.json` cases.
 */
import { describe, expect, it } from 'vitest';
import { getFormat } from '../../src/formats/registry.js';
import type { ParseEvent } from '../../src/types/parse-event.js';

/** Feeds `chunks` one by one; returns the events of each push (finish last). */
function run(formatId: string, chunks: readonly string[]): ParseEvent[][] {
  const parser = getFormat(formatId).create();
  return [...chunks.map((chunk) => parser.push(chunk)), parser.finish()];
}

const types = (events: readonly ParseEvent[]): string[] => events.map((event) => event.type);

describe('named-json streaming', () => {
  it('announces a DeepSeek V3.1 call at its separator and streams the argument text', () => {
    const [head, middle, tail] = run('deepseek_v31', [
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": ',
      '"Tok',
      'yo"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    ]);
    expect(head).toEqual([{ type: 'tool-input-start', id: 'call_0', toolName: 'get_weather' }]);
    // A string member streams once its value starts (see ArgumentStreamer); the call's last delta
    // closes the object.
    expect(middle).toEqual([{ type: 'tool-input-delta', id: 'call_0', delta: '{"city":"Tok' }]);
    expect(tail?.slice(0, 3)).toEqual([
      { type: 'tool-input-delta', id: 'call_0', delta: 'yo"' },
      { type: 'tool-input-delta', id: 'call_0', delta: '}' },
      { type: 'tool-input-end', id: 'call_0' },
    ]);
    expect(types(tail ?? [])).toEqual([
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
    ]);
  });

  it('announces a Mistral call with its [CALL_ID] id before the arguments', () => {
    const [head] = run('mistral', ['[TOOL_CALLS]f[CALL_ID]abc123XYZ[ARGS]{"a', '": 1}']);
    expect(head?.[0]).toEqual({ type: 'tool-input-start', id: 'abc123XYZ', toolName: 'f' });
  });

  it('announces each Command R7B action once its id and name have streamed by', () => {
    const events = run('command_r7b', [
      '<|START_ACTION|>[{"tool_call_id": "7", "tool_name": "a", "parameters": {"x"',
      ': 1}}, {"tool_call_id": "8", "tool_name": "b", ',
      '"parameters": {}}]<|END_ACTION|>',
    ]);
    expect(events[0]).toEqual([{ type: 'tool-input-start', id: '7', toolName: 'a' }]);
    expect(types(events[1] ?? [])).toEqual([
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
      'tool-input-start',
    ]);
    const call = (events[1] ?? []).find((event) => event.type === 'tool-call');
    expect(call).toMatchObject({ id: '7', toolName: 'a', input: { x: 1 } });
  });

  it('does not announce from a nested name field', () => {
    const [head] = run('command_r7b', [
      '<|START_ACTION|>[{"parameters": {"tool_name": "inner", "tool_call_id": "9"}, "tool_call_id": "1", ',
    ]);
    expect(head).toEqual([]);
  });
});
