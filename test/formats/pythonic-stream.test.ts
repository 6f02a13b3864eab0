/**
 * Python-call formats (lfm2, olmo3, llama4_pythonic in a section) stream keyword arguments as members:
 * each string, boolean or number when its value ends; objects, arrays, positional arguments and what
 * alignment changes come with the call's last delta.
 */
import { describe, expect, it } from 'vitest';
import { getFormat } from '../../src/formats/registry.js';
import { deltaTimeline, timeline } from './stream-timeline.js';

const tools = [
  {
    name: 'order',
    parameters: {
      type: 'object',
      properties: {
        item: { type: 'string' },
        count: { type: 'integer' },
        express: { type: 'boolean' },
        address: { type: 'object' },
        note: { type: 'string', default: 'none' },
      },
    },
  },
];

// Defaults are filled only on request (`applyDefaults`); these tests check that they come in the last delta.
const stream = (format: string, text: string) => timeline(format, text, { tools, applyDefaults: true });
const deltas = deltaTimeline;

describe('pythonic streaming', () => {
  it('lfm2: members as their values end; objects, coerced values and defaults in the last delta', () => {
    const text =
      '<|tool_call_start|>[order(item="tea", count="2", address={"city": "Oslo"}, express=True)]<|tool_call_end|>';
    const events = stream('lfm2', text);
    // count="2" is a string where the schema wants an integer: alignment changes it, so it waits.
    expect(deltas(events)).toEqual([
      [text.indexOf('", count'), '{"item":"tea"'],
      [text.indexOf(')]'), ',"express":true'],
      [text.indexOf(')]'), ',"count":2,"address":{"city":"Oslo"},"note":"none"}'],
    ]);
    const call = events.find(([, event]) => event.type === 'tool-call')?.[1];
    expect(call).toMatchObject({
      input: { item: 'tea', count: 2, address: { city: 'Oslo' }, express: true, note: 'none' },
    });
  });

  it('the members are the same in whole-text streaming (one chunk)', () => {
    const text = '<function_calls>order(item="tea", express=False)</function_calls>';
    const parser = getFormat('olmo3').create({ tools, applyDefaults: true });
    const sent = [...parser.push(text), ...parser.finish()].flatMap((event) =>
      event.type === 'tool-input-delta' ? [event.delta] : [],
    );
    expect(sent).toEqual(['{"item":"tea"', ',"express":false', ',"note":"none"}']);
  });

  it('a bare list in prose (pythonic) is known only when it closes: one delta', () => {
    const text = 'Sure: [order(item="tea")] done';
    const sent = deltas(stream('pythonic', text)).map(([, delta]) => delta);
    expect(sent).toEqual(['{"item":"tea","note":"none"}']);
  });
});

describe('pythonic streaming: repeated keyword arguments (found by a fuzzer)', () => {
  // A keyword given twice is a SyntaxError in Python: the call is invalid (duplicate_argument), never
  // last-wins. The first copy may have streamed already; the later copy does not, and no call follows.
  const cases: Array<[string, string, string]> = [
    ['olmo3', "<function_calls>f(arr='',arr=())</function_calls>", '{"arr":""'],
    ['lfm2', '<|tool_call_start|>[f(a="x", a=[1])]<|tool_call_end|>', '{"a":"x"'],
    ['lfm2', '<|tool_call_start|>[rm(path="/tmp/x", path="/")]<|tool_call_end|>', '{"path":"/tmp/x"'],
  ];
  for (const [format, text, streamed] of cases) {
    it(`${format}: ${text}`, () => {
      const parser = getFormat(format).create();
      const events = [...parser.push(text), ...parser.finish()];
      const sent = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
      expect(sent.join('')).toBe(streamed);
      expect(events.some((event) => event.type === 'tool-call')).toBe(false);
      const invalid = events.filter((event) => event.type === 'tool-call-invalid');
      expect(invalid.map((event) => [event.raw, event.issues?.map((issue) => issue.code)])).toEqual([
        [text, ['duplicate_argument']],
      ]);
    });
  }
});
