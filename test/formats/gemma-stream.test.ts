/**
 * Gemma call syntax (gemma4, functiongemma) streams each top-level member but the last when the comma
 * after it arrives; objects, coerced values and the last member come with the call's last delta.
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
        address: { type: 'object' },
        express: { type: 'boolean' },
      },
    },
  },
];

const deltas = (format: string, text: string) => deltaTimeline(timeline(format, text, { tools }));

describe('gemma streaming', () => {
  it('gemma4: members as the comma after them arrives; a string count and an object wait for the end', () => {
    const q = '<|"|>';
    const text = `<|tool_call>call:order{item:${q}tea, hot${q},count:${q}2${q},address:{city:${q}Oslo${q}},express:true}<tool_call|>`;
    // The call ends with its end marker's last character.
    expect(deltas('gemma4', text)).toEqual([
      [text.indexOf(',count'), '{"item":"tea, hot"'],
      [text.length - 1, ',"count":2,"address":{"city":"Oslo"},"express":true}'],
    ]);
  });

  it('functiongemma: the same with its <escape> quotes', () => {
    const text =
      '<start_function_call>call:order{item:<escape>tea<escape>,express:false,count:3}<end_function_call>';
    expect(deltas('functiongemma', text)).toEqual([
      [text.indexOf(',express'), '{"item":"tea"'],
      [text.indexOf(',count'), ',"express":false'],
      [text.length - 1, ',"count":3}'],
    ]);
  });
});

describe('gemma streaming: repeated keys (found by a fuzzer)', () => {
  const q = '<|"|>';
  const cases: Array<[string, string, string]> = [
    // The last member repeats a streamed key: its value is sent again at the end.
    [
      'functiongemma',
      '<start_function_call>call:get_weather{city:<escape>Paris<escape>,city:<escape>London<escape>}<end_function_call>',
      '{"city":"Paris","city":"London"}',
    ],
    // The later copy cannot stream (an array): the last delta still closes the object.
    ['gemma4', `<|tool_call>call:f{a:${q}x${q},a:[1],b:true}<tool_call|>`, '{"a":"x","a":[1],"b":true}'],
  ];
  for (const [format, text, joined] of cases) {
    it(`${format}: ${text}`, () => {
      const parser = getFormat(format).create();
      const events = [...parser.push(text), ...parser.finish()];
      const sent = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
      expect(sent.join('')).toBe(joined);
      const call = events.find((event) => event.type === 'tool-call');
      expect(call?.type === 'tool-call' ? call.input : undefined).toEqual(JSON.parse(joined));
    });
  }
});
