/**
 * Streaming events of array sections in the tagged-JSON family (`START [{json}, {json}] END`): the
 * first element's call is announced before the section ends (Apertus: once its key is read, and its
 * argument text streams; the other formats: once its closing brace arrives), later elements with the
 * section. Whatever the section turns out to be (cut off, not a list of JSON values), the result is
 * the same as without announcement, for every chunking.
 */
import { describe, expect, it } from 'vitest';
import { EventCollector } from '../../src/formats/collect-events.js';
import type { FormatOptions } from '../../src/formats/format-definition.js';
import { parseToolCallSpans } from '../../src/formats/parse-tool-call-spans.js';
import { parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import { getFormat } from '../../src/formats/registry.js';
import type { ParseEvent } from '../../src/types/parse-event.js';
import { checkRun, finalText, mergeDeltas, streamRun } from '../stream/stream-guarantees.js';
import { runWithSpans, spanProblems } from './span-check.js';

/** Each event with the index of the code unit whose push emitted it (`input.length`: `finish()`). */
function timeline(format: string, input: string): Array<{ at: number; event: ParseEvent }> {
  return streamRun(getFormat(format), {}, input.split('')).flatMap((batch, at) =>
    batch.map((event) => ({ at, event })),
  );
}

/** `[at, type, id]` of every event but the deltas; deltas joined per id. */
function summary(format: string, input: string): { order: string[]; deltas: Record<string, string> } {
  const order: string[] = [];
  const deltas: Record<string, string> = {};
  for (const { at, event } of timeline(format, input)) {
    if (event.type === 'tool-input-delta') deltas[event.id] = (deltas[event.id] ?? '') + event.delta;
    else if ('id' in event) order.push(`${at} ${event.type} ${event.id}`);
  }
  return { order, deltas };
}

const weather = { city: 'SF' };
const time = { zone: 'PST' };

describe('array sections: the first call is announced before the section ends', () => {
  it('jamba: at the closing brace of the first element, before the second element', () => {
    const input =
      '<tool_calls>[{"name": "get_weather", "arguments": {"city": "SF"}}, {"name": "get_time", "arguments": {"zone": "PST"}}]</tool_calls>';
    const firstEnd = 64;
    expect(input.slice(firstEnd - 1, firstEnd + 1)).toBe('}}');
    expect(input.indexOf('{"name": "get_time"')).toBe(67);
    const { order, deltas } = summary('jamba', input);
    const last = input.length - 1;
    expect(order).toEqual([
      `${firstEnd} tool-input-start call_0`,
      `${last} tool-input-end call_0`,
      `${last} tool-call call_0`,
      `${last} tool-input-start call_1`,
      `${last} tool-input-end call_1`,
      `${last} tool-call call_1`,
    ]);
    expect(deltas).toEqual({ call_0: '{"city":"SF"}', call_1: '{"zone":"PST"}' });
    // The first call's argument text comes with its announcement; only the closing `}` waits.
    const early = timeline('jamba', input).filter(({ at }) => at === firstEnd);
    expect(early.map(({ event }) => event)).toEqual([
      { type: 'tool-input-start', id: 'call_0', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'call_0', delta: '{"city":"SF"' },
    ]);
  });

  it('nemotron: at the closing brace of the first element', () => {
    const input =
      '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "SF"}}, {"name": "get_time", "arguments": {"zone": "PST"}}]</TOOLCALL>';
    expect(input.slice(61, 63)).toBe('}}');
    const { order, deltas } = summary('nemotron', input);
    const last = input.length - 1;
    expect(order).toEqual([
      '62 tool-input-start call_0',
      `${last} tool-input-end call_0`,
      `${last} tool-call call_0`,
      `${last} tool-input-start call_1`,
      `${last} tool-input-end call_1`,
      `${last} tool-call call_1`,
    ]);
    expect(input.indexOf('{"name": "get_time"')).toBe(65);
    expect(deltas).toEqual({ call_0: '{"city":"SF"}', call_1: '{"zone":"PST"}' });
  });

  it('xlam (bare array): at the closing brace of the first element; the section ends at finish', () => {
    const input =
      '[{"name": "get_weather", "arguments": {"city": "SF"}}, {"name": "get_time", "arguments": {"zone": "PST"}}]';
    expect(input.slice(51, 53)).toBe('}}');
    const { order, deltas } = summary('xlam', input);
    const end = input.length;
    expect(order).toEqual([
      '52 tool-input-start call_0',
      `${end} tool-input-end call_0`,
      `${end} tool-call call_0`,
      `${end} tool-input-start call_1`,
      `${end} tool-input-end call_1`,
      `${end} tool-call call_1`,
    ]);
    expect(input.indexOf('{"name": "get_time"')).toBe(55);
    expect(deltas).toEqual({ call_0: '{"city":"SF"}', call_1: '{"zone":"PST"}' });
  });

  it('apertus: once the first key and its colon are read; its argument text streams', () => {
    const input =
      '<|tools_prefix|>[{"get_weather": {"city": "SF"}}, {"get_time": {"zone": "PST"}}]<|tools_suffix|>';
    expect(input.slice(17, 32)).toBe('{"get_weather":');
    const events = timeline('apertus', input);
    const last = input.length - 1;
    expect(
      events.filter(({ event }) => event.type !== 'tool-call').map(({ at, event }) => [at, event]),
    ).toEqual([
      [31, { type: 'tool-input-start', id: 'call_0', toolName: 'get_weather' }],
      [42, { type: 'tool-input-delta', id: 'call_0', delta: '{"city":"' }],
      [43, { type: 'tool-input-delta', id: 'call_0', delta: 'S' }],
      [44, { type: 'tool-input-delta', id: 'call_0', delta: 'F' }],
      [45, { type: 'tool-input-delta', id: 'call_0', delta: '"' }],
      [last, { type: 'tool-input-delta', id: 'call_0', delta: '}' }],
      [last, { type: 'tool-input-end', id: 'call_0' }],
      [last, { type: 'tool-input-start', id: 'call_1', toolName: 'get_time' }],
      [last, { type: 'tool-input-delta', id: 'call_1', delta: '{"zone":"PST"}' }],
      [last, { type: 'tool-input-end', id: 'call_1' }],
    ]);
    expect(input.indexOf('{"get_time"')).toBe(50);
    const calls = events.flatMap(({ event }) => (event.type === 'tool-call' ? [event] : []));
    expect(calls.map(({ id, toolName, input: args, raw }) => ({ id, toolName, args, raw }))).toEqual([
      { id: 'call_0', toolName: 'get_weather', args: weather, raw: '{"get_weather": {"city": "SF"}}' },
      { id: 'call_1', toolName: 'get_time', args: time, raw: '{"get_time": {"zone": "PST"}}' },
    ]);
  });
});

/** Every 2-way split, one code unit per chunk, and the whole text. */
function chunkings(input: string): string[][] {
  const all = [[input], input.split('')];
  for (let cut = 1; cut < input.length; cut++) all.push([input.slice(0, cut), input.slice(cut)]);
  return all;
}

/**
 * Streams `input` every way: the streaming guarantees hold against the whole-text stream, and the
 * streamed result equals `parseToolCalls` (no input events, so no announcement). Returns that result.
 */
function checkEveryChunking(format: string, input: string, options: FormatOptions = {}) {
  const definition = getFormat(format);
  const expected = parseToolCalls(input, { ...options, format: definition });
  const whole = streamRun(definition, options, [input]).flat();
  const wholeMerged = mergeDeltas(whole);
  for (const chunks of chunkings(input)) {
    const batches = streamRun(definition, options, chunks);
    expect(checkRun(batches, wholeMerged, finalText(whole)), JSON.stringify(chunks)).toEqual([]);
    const collector = new EventCollector();
    for (const batch of batches) collector.add(batch);
    expect(collector.result(definition.id), JSON.stringify(chunks)).toEqual(expected);
  }
  return expected;
}

describe('array sections: an announced first call ends as the section does', () => {
  it('a section cut off after its first element is one invalid call under the announced id', () => {
    const input = '<tool_calls>[{"name": "f", "arguments": {"a": 1}}, {"name": "g", "argu';
    const result = checkEveryChunking('jamba', input);
    expect(result.toolCalls).toEqual([]);
    expect(result.invalidToolCalls).toEqual([
      {
        id: 'call_0',
        raw: input,
        error: 'the tool call is cut off before its JSON ends',
        issues: [{ code: 'incomplete_tool_call', message: 'the tool call is cut off before its JSON ends' }],
      },
    ]);
    const types = timeline('jamba', input).map(({ event }) => event.type);
    expect(types).toEqual(['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call-invalid']);
  });

  it('apertus: a cut-off section and a first element with two keys', () => {
    const cut = '<|tools_prefix|>[{"f": {"a": "x"}}, {"g": {"b"';
    expect(checkEveryChunking('apertus', cut).invalidToolCalls).toMatchObject([
      { id: 'call_0', raw: cut, issues: [{ code: 'incomplete_tool_call' }] },
    ]);
    const twoKeys = '<|tools_prefix|>[{"f": {"a": "x"}, "g": {}}, {"h": {}}]<|tools_suffix|>';
    const result = checkEveryChunking('apertus', twoKeys);
    expect(result.invalidToolCalls).toMatchObject([
      { id: 'call_0', raw: '{"f": {"a": "x"}, "g": {}}', issues: [{ code: 'missing_name' }] },
    ]);
    expect(result.toolCalls).toMatchObject([{ id: 'call_1', name: 'h' }]);
  });

  it('a section that is not a list of JSON values stays one invalid call', () => {
    for (const input of [
      '<tool_calls>[{"name": "f", "arguments": {}}, /* c */ {"name": "g"}]</tool_calls>',
      '<tool_calls>[{"name": "f", "arguments": {}}, {"name": "g", "arguments": {"a": 1}}}]</tool_calls> after',
    ]) {
      const result = checkEveryChunking('jamba', input);
      expect(result.toolCalls).toEqual([]);
      expect(result.invalidToolCalls).toMatchObject([
        { id: 'call_0', error: 'the tool-call array is not a list of JSON values' },
      ]);
      expect(timeline('jamba', input)[0]?.event).toEqual({
        type: 'tool-input-start',
        id: 'call_0',
        toolName: 'f',
      });
    }
  });

  it('a first element with an id member is not announced early: the id is the model’s', () => {
    const input =
      '<tool_calls>[{"name": "f", "arguments": {}, "id": "abc"}, {"name": "g", "arguments": {}}]</tool_calls>';
    const result = checkEveryChunking('jamba', input);
    expect(result.toolCalls.map(({ id, name }) => ({ id, name }))).toEqual([
      { id: 'abc', name: 'f' },
      { id: 'call_1', name: 'g' },
    ]);
    const starts = timeline('jamba', input).filter(({ event }) => event.type === 'tool-input-start');
    expect(starts.map(({ at }) => at)).toEqual([input.length - 1, input.length - 1]);
  });

  it('more corners give the same result streamed as whole', () => {
    const cases: Array<[string, string, FormatOptions?]> = [
      ['jamba', '<tool_calls>[{"name": "f", "name": "g", "arguments": {"a": "x"}}]</tool_calls>'],
      ['jamba', '<tool_calls>[]</tool_calls>'],
      ['jamba', '<tool_calls>[[{"name": "f"}], {"name": "g", "arguments": {}}]</tool_calls>'],
      ['jamba', '<tool_calls>[ , {"name": "f", "arguments": {"s": "a\\"b]"}}]</tool_calls>'],
      ['jamba', '<tool_calls>[{"name": "f", "arguments": {"a": "x"}}</tool_calls>'],
      [
        'jamba',
        '<tool_calls>[{"name": "f", "arguments": {"a": 1}}]',
        { tools: [{ name: 'g', parameters: { type: 'object' } }] },
      ],
      [
        'jamba',
        '<tool_calls>[{"name": "f", "arguments": {"a": "1"}}, {"name": "g", "arguments": {}}]</tool_calls>',
        { tools: [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'integer' } } } }] },
      ],
      ['nemotron', '<TOOLCALL>[{"name": "f", "arguments": "{\\"a\\": 1}"}, {"name": "g"}]</TOOLCALL>'],
      ['apertus', '<|tools_prefix|>[{"f": {"a": "x\\ny", "b": [1]}}, {"g": {}}]<|tools_suffix|>'],
      ['apertus', '<|tools_prefix|>[{"f": "text"}]<|tools_suffix|>'],
      ['apertus', '<|tools_prefix|>[{"": {}}, {"g": {}}]<|tools_suffix|>'],
      [
        'apertus',
        '<|tools_prefix|>[{"f": {"a": 1}}]<|tools_suffix|>',
        { tools: [{ name: 'g', parameters: { type: 'object' } }] },
      ],
      ['xlam', '[{"name": "f", "arguments": {"a": "x"}}, {"name": "g", "arguments": {}}] and text'],
      [
        'command_r_plus',
        'Action:\n```json\n[{"tool_name": "f", "parameters": {"a": "x"}}, {"tool_name": "g"}]\n```',
      ],
      ['phi4_mini', 'functools[{"name": "f", "arguments": {"a": "x"}}, {"name": "g", "arguments": {}}]'],
    ];
    for (const [format, input, options] of cases) checkEveryChunking(format, input, options);
  });
});

describe('array sections cut off with finishReason "stop": the fed brackets are in no text', () => {
  // `finish()` feeds the closing brackets the model never wrote; the section's layout used to find
  // the body in the section by `indexOf` of the body text, which holds those brackets: the calls'
  // raw texts and the markup then held the section twice and the fed brackets.
  const stop: FormatOptions = { finishReason: 'stop' };
  const cases: Array<{
    format: string;
    input: string;
    raws: string[];
    markup: string[];
    repairs: unknown[];
  }> = [
    {
      format: 'granite',
      input: 'Hi <|tool_call|>[{"name": "get_weather", "arguments": {"city": "SF"}}',
      raws: ['{"name": "get_weather", "arguments": {"city": "SF"}}'],
      markup: ['<|tool_call|>['],
      repairs: [
        {
          kind: 'missing_closing_bracket',
          position: 52,
          message: 'the output ended before the call\'s closing "]"',
        },
      ],
    },
    {
      format: 'xlam',
      input: '[{"name": "get_weather", "arguments": {"city": "SF"}}, {"name": "f", "arguments": {"a": 1',
      raws: ['{"name": "get_weather", "arguments": {"city": "SF"}}', '{"name": "f", "arguments": {"a": 1'],
      markup: ['[', ', '],
      repairs: [
        {
          kind: 'missing_closing_bracket',
          position: 34,
          message: 'the output ended before the call\'s closing "}}]"',
        },
      ],
    },
    {
      // `<tool_call>` pairs with `</tool_call>` (granite's `<|tool_call|>` and xlam's bare array do not).
      format: 'xlam',
      input: '<tool_call>[{"name": "f", "arguments": {"a": 1',
      raws: ['{"name": "f", "arguments": {"a": 1'],
      markup: ['<tool_call>['],
      repairs: [
        {
          kind: 'missing_closing_bracket',
          position: 34,
          message: 'the output ended before the call\'s closing "}}]"',
        },
        { kind: 'missing_end_marker', position: 34, message: 'the call has no </tool_call>' },
      ],
    },
    {
      format: 'command_r_plus',
      input: 'Action:\n```json\n[',
      raws: [],
      markup: ['Action:\n```json\n['],
      repairs: [],
    },
  ];
  for (const { format, input, raws, markup, repairs } of cases) {
    it(`${format}: ${JSON.stringify(input)}`, () => {
      for (const chunks of [[input], input.split('')]) {
        const run = runWithSpans(getFormat(format), stop, chunks);
        expect(spanProblems(input, run, getFormat(format))).toEqual([]);
        const calls = run.events.filter((event) => event.type === 'tool-call');
        expect(calls.map((call) => call.raw)).toEqual(raws);
        expect(calls.at(-1)?.repairs ?? []).toEqual(repairs);
        expect(run.markup.join('')).toBe(markup.join(''));
      }
    });
  }
});

describe("a fence-opener start without its closing fence: the repair names the fence, not the format's end marker", () => {
  // xLAM's ```json start is closed by a fence; `</tool_call>` closes its `<tool_call>` start only.
  const cases: Array<[string, string]> = [
    ['```json\n[{"name": "f", "arguments": {"a": 1}}]', 'the call has no closing ```'],
    ['Hi\n```json\n{"name": "f", "arguments": {"a": 1}}', 'the call has no closing ```'],
    ['<tool_call>[{"name": "f", "arguments": {"a": 1}}]', 'the call has no </tool_call>'],
  ];
  for (const [input, message] of cases) {
    it(JSON.stringify(input), () => {
      const whole = parseToolCalls(input, { format: 'xlam' });
      expect(whole.toolCalls.map((call) => call.repairs?.map((repair) => repair.message))).toEqual([
        [message],
      ]);
      const parser = getFormat('xlam').create();
      const events: ParseEvent[] = [];
      for (const character of input) events.push(...parser.push(character));
      events.push(...parser.finish());
      const calls = events.filter((event) => event.type === 'tool-call');
      expect(calls.map((call) => call.repairs?.map((repair) => repair.message))).toEqual([[message]]);
    });
  }
});

describe("array sections' element texts: each call's raw is its element, whitespace and commas are markup", () => {
  it.each([
    [
      'a whole array read by JSON.parse',
      '[\n  {"name": "a", "arguments": {"s": "x, y"}} ,\n  {"name": "b", "arguments": {}}\n]',
      0,
    ],
    [
      'a repaired array (trailing comma)',
      '[{"name": "a", "arguments": {"s": "x, y"}},\t{"name": "b", "arguments": {}},]',
      1,
    ],
  ])('%s', (_description, input, extraComma) => {
    const { result, spans } = parseToolCallSpans(input, { format: 'xlam' });
    expect(result.toolCalls.map((call) => call.raw)).toEqual([
      '{"name": "a", "arguments": {"s": "x, y"}}',
      '{"name": "b", "arguments": {}}',
    ]);
    const first = input.indexOf('{');
    const second = input.indexOf('{"name": "b"');
    expect(spans).toEqual([
      { kind: 'markup', start: 0, end: first },
      { kind: 'call', start: first, end: first + 41, index: 0 },
      { kind: 'markup', start: first + 41, end: second },
      { kind: 'call', start: second, end: second + 30, index: 1 },
      { kind: 'markup', start: second + 30, end: input.length },
    ]);
    expect(input.slice(second + 30, input.length - 1).includes(',')).toBe(extraComma === 1);
  });
});
