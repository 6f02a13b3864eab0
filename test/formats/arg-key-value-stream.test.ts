/**
 * GLM-style key/value calls stream their arguments as members: a string value character by character,
 * other values when they end, and the call's last delta carries what alignment changed or added.
 */
import { describe, expect, it } from 'vitest';
import { getFormat } from '../../src/formats/registry.js';
import { deltaTimeline, timeline } from './stream-timeline.js';

const tools = [
  {
    name: 'get_weather',
    parameters: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
      },
      required: ['city'],
    },
  },
];

// Defaults are filled only on request (`applyDefaults`); these tests check that they come in the last delta.
const stream = (format: string, text: string) => timeline(format, text, { tools, applyDefaults: true });
const deltas = (events: ReturnType<typeof timeline>) => deltaTimeline(events).map(([, delta]) => delta);

describe('arg-key-value streaming', () => {
  it('glm47: the string value streams as it arrives, the integer when it ends, the default last', () => {
    const text =
      '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value>' +
      '<arg_key>days</arg_key><arg_value>3</arg_value></tool_call>';
    const events = stream('glm47', text);
    expect(deltas(events)).toEqual([
      '{"city":"',
      'P',
      'a',
      'r',
      'i',
      's',
      '"',
      ',"days":3',
      ',"unit":"celsius"}',
    ]);
    const start = events.find(([, event]) => event.type === 'tool-input-start');
    expect(start?.[0]).toBe(text.indexOf('<arg_key>') + '<arg_key>'.length - 1);
    const paris = events.find(([, event]) => event.type === 'tool-input-delta' && event.delta === 'P');
    expect(paris?.[0]).toBe(text.indexOf('Paris'));
    const call = events.find(([, event]) => event.type === 'tool-call')?.[1];
    expect(call).toMatchObject({ input: { city: 'Paris', days: 3, unit: 'celsius' } });
    expect(JSON.parse(deltas(events).join(''))).toEqual({ city: 'Paris', days: 3, unit: 'celsius' });
  });

  it('glm45: a value is typed by its schema when it ends ("Celsius" → "celsius"), layout is not data', () => {
    const text =
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo\n</arg_value>\n' +
      '<arg_key>unit</arg_key>\n<arg_value>Celsius</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>';
    const events = stream('glm45', text);
    const joined = deltas(events).join('');
    expect(joined).toBe('{"city":"Oslo\\n","unit":"celsius","days":2}');
    const call = events.find(([, event]) => event.type === 'tool-call')?.[1];
    expect(call).toMatchObject({ input: { city: 'Oslo\n', days: 2, unit: 'celsius' } });
  });

  it('a value without its end tag: the line break before the next tag is layout, never streamed', () => {
    const text =
      '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Rome\n<arg_key>days</arg_key><arg_value>1</arg_value></tool_call>';
    const events = stream('glm47', text);
    expect(deltas(events).join('')).toBe('{"city":"Rome","days":1,"unit":"celsius"}');
  });

  it('an undeclared key is not streamed early: it comes with the last delta', () => {
    const text =
      '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Oslo</arg_value><arg_key>extra</arg_key><arg_value>x</arg_value></tool_call>';
    const events = stream('glm47', text);
    const call = events.find(([, event]) => event.type === 'tool-call')?.[1] as { input: unknown };
    expect(call.input).toEqual({ city: 'Oslo', extra: 'x', unit: 'celsius' });
    expect(deltas(events)).toEqual(['{"city":"', 'O', 's', 'l', 'o', '"', ',"extra":"x","unit":"celsius"}']);
  });

  it('an array value is sent once, with the last delta (alignment builds it again)', () => {
    const withTags = [
      {
        name: 'tag',
        parameters: {
          type: 'object',
          properties: { tags: { type: 'array', items: { type: 'string' } }, n: { type: 'integer' } },
        },
      },
    ];
    const text =
      '<tool_call>tag<arg_key>tags</arg_key><arg_value>["a", "b"]</arg_value><arg_key>n</arg_key><arg_value>3</arg_value></tool_call>';
    const parser = getFormat('glm47').create({ tools: withTags, applyDefaults: true });
    const events = [...[...text].flatMap((char) => parser.push(char)), ...parser.finish()];
    const sent = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
    expect(sent).toEqual(['{"n":3', ',"tags":["a","b"]}']);
  });
});
