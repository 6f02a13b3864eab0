import { describe, expect, it } from 'vitest';
import { ToolwireError } from '../../src/errors/toolwire-error.js';
import { createToolCallStream, toTransformStream } from '../../src/stream/index.js';
import type { ParseEvent } from '../../src/types/parse-event.js';

const hermes = 'Sure.<tool_call>\n{"name": "f", "arguments": {"a": [1, 2]}}\n</tool_call>';

function run(chunks: readonly string[], format = 'hermes'): ParseEvent[] {
  const stream = createToolCallStream({ format });
  return [...chunks.flatMap((chunk) => stream.push(chunk)), ...stream.finish()];
}

describe('createToolCallStream', () => {
  it('emits the call lifecycle in order', () => {
    const events = run([hermes]);
    expect(events.map((event) => event.type)).toEqual([
      'text-delta',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
    ]);
    expect(events[5]).toMatchObject({ id: 'call_0', toolName: 'f', input: { a: [1, 2] } });
  });

  it('holds back a split marker instead of leaking it as text', () => {
    const stream = createToolCallStream({ format: 'hermes' });
    expect(stream.push('Sure.<tool_')).toEqual([{ type: 'text-delta', delta: 'Sure.' }]);
    expect(
      stream.push('call>\n{"name": "f", "arguments": {}}\n</tool_call>').map((event) => event.type),
    ).toEqual(['tool-input-start', 'tool-input-delta', 'tool-input-end', 'tool-call']);
    expect(stream.finish()).toEqual([]);
  });

  it('adds the closers a repaired call needs, so the deltas parse to the input (kimi_k2)', () => {
    const text =
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"city": "Paris"<|tool_call_end|><|tool_calls_section_end|>';
    const events = run(text.match(/[\s\S]{1,3}/g) ?? [], 'kimi_k2');
    const deltas = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
    const call = events.find((event) => event.type === 'tool-call');
    expect(call).toMatchObject({ toolName: 'f', input: { city: 'Paris' } });
    expect(JSON.parse(deltas.join(''))).toEqual({ city: 'Paris' });
    expect(deltas.at(-1)).toBe('}');
  });

  it('streams the ALIGNED arguments: a coerced value comes in the last delta (kimi_k2, mistral, harmony)', () => {
    const tools = [
      {
        name: 'f',
        parameters: {
          type: 'object',
          properties: { a: { type: 'integer' }, note: { type: 'string' } },
          required: ['a'],
        },
      },
    ];
    const texts = {
      kimi_k2:
        '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"note": "long text", "a": "5"}<|tool_call_end|><|tool_calls_section_end|>',
      mistral: '[TOOL_CALLS]f[ARGS]{"note": "long text", "a": "5"}',
      harmony:
        '<|start|>assistant<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"note": "long text", "a": "5"}<|call|>',
    };
    for (const [format, text] of Object.entries(texts)) {
      const stream = createToolCallStream({ format, tools });
      const events = [
        ...(text.match(/[\s\S]{1,4}/g) ?? []).flatMap((chunk) => stream.push(chunk)),
        ...stream.finish(),
      ];
      const deltas = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
      expect(deltas.join(''), format).toBe('{"note":"long text","a":5}');
      // The string member streamed before the call ended.
      expect(deltas.length, format).toBeGreaterThan(2);
      expect(
        events.find((event) => event.type === 'tool-call'),
        format,
      ).toMatchObject({ input: { a: 5, note: 'long text' } });
    }
  });

  it("streams a hermes call's argument object through the ArgumentStreamer: the same deltas for every chunking", () => {
    const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'integer' } } } }];
    // [body, joined deltas, with tools, number of deltas at 1 / 3 / all characters per chunk]
    const cases: Array<[string, string, boolean, [number, number, number]]> = [
      // Non-string members are held and come aligned in the last delta.
      ['{"name": "f", "arguments": {"a": 1,  "b": [1, 2]}}', '{"a":1,"b":[1,2]}', false, [2, 2, 2]],
      ['{"name": "f", "arguments": {"a": "2"}}', '{"a":2}', true, [2, 2, 2]],
      // String members pass through as they arrive.
      ['{"name": "f", "arguments": {"s": "x,y"}, "id": "7"}', '{"s":"x,y"}', false, [6, 3, 2]],
      [
        '{"name": "f", "id": "7", "arguments": {"s": "say \\"hi\\""}}',
        '{"s":"say \\"hi\\""}',
        false,
        [11, 6, 2],
      ],
      // Not name first: announced at its end, the model's own argument text in one delta.
      ['{"arguments": { "a": 1 } , "name": "f"}', '{ "a": 1 }', false, [1, 1, 1]],
    ];
    for (const [body, expected, withTools, counts] of cases) {
      const text = `<tool_call>\n${body}\n</tool_call>`;
      [1, 3, text.length].forEach((size, index) => {
        const stream = createToolCallStream({ format: 'hermes', ...(withTools ? { tools } : {}) });
        const events = [
          ...(text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? []).flatMap((chunk) =>
            stream.push(chunk),
          ),
          ...stream.finish(),
        ];
        const deltas = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
        expect(deltas.join(''), `${body} in chunks of ${size}`).toBe(expected);
        expect(deltas.length, `${body} in chunks of ${size}`).toBe(counts[index]);
      });
    }
  });

  it('a hermes body that gives its arguments twice is an invalid call (the first may have streamed)', () => {
    const text = '<tool_call>\n{"name": "f", "arguments": {"a": 1}, "arguments": {"a": 2}}\n</tool_call>';
    const aliases = '<tool_call>\n{"name": "f", "parameters": {"a": 1}, "arguments": {"a": 2}}\n</tool_call>';
    expect(run([aliases]).at(-1)).toMatchObject({
      type: 'tool-call-invalid',
      error: 'the tool call gives its arguments 2 times ("arguments", "parameters")',
    });
    for (const chunks of [[text], text.split('')]) {
      const events = run(chunks);
      expect(events.map((event) => event.type)).toEqual([
        'tool-input-start',
        'tool-input-delta',
        'tool-input-end',
        'tool-call-invalid',
      ]);
      expect(events[3]).toMatchObject({
        id: 'call_0',
        toolName: 'f',
        error: 'the tool call gives its arguments 2 times ("arguments", "arguments")',
      });
    }
  });

  it('throws a typed invalid_argument on misuse, never a TypeError', async () => {
    const stream = await import('../../src/stream/index.js');
    const bad: Array<[string, () => unknown]> = [
      ['options not an object', () => createToolCallStream('hermes' as never)],
      ['format a number', () => createToolCallStream({ format: 5 as never })],
      ['format an empty object', () => createToolCallStream({ format: {} as never })],
      ['model not a string', () => createToolCallStream({ format: 'auto', model: 5 as never })],
      ['onEvent not a function', () => createToolCallStream({ format: 'hermes', onEvent: 5 as never })],
      ['transform stream with a bad format', () => toTransformStream({ format: 5 as never })],
      ['toOpenAIChatChunks(null)', () => stream.toOpenAIChatChunks(null as never)],
      ['accumulateOpenAIChatChunks(null)', () => stream.accumulateOpenAIChatChunks(null as never)],
      ['accumulateAnthropicStream(5)', () => stream.accumulateAnthropicStream(5 as never)],
      ['accumulateOpenAIResponsesStream("x")', () => stream.accumulateOpenAIResponsesStream('x' as never)],
    ];
    for (const [what, call] of bad) {
      let thrown: unknown;
      try {
        call();
      } catch (error) {
        thrown = error;
      }
      expect(thrown, what).toBeInstanceOf(ToolwireError);
      expect((thrown as ToolwireError).code, what).toBe('invalid_argument');
    }
    // No options at all: format auto.
    expect(createToolCallStream().format).toBe('auto');
  });

  it('streams the same argument text when a chunk splits a surrogate pair (XML formats)', () => {
    const texts = {
      qwen3_coder: '<tool_call>\n<function=f>\n<parameter=s>\n😀x😀\n</parameter>\n</function>\n</tool_call>',
      minimax_m2:
        '<minimax:tool_call>\n<invoke name="f">\n<parameter name="s">😀x😀</parameter>\n</invoke>\n</minimax:tool_call>',
    };
    for (const [format, text] of Object.entries(texts)) {
      const deltas = (chunks: string[]) =>
        run(chunks, format)
          .flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []))
          .join('');
      expect(deltas([text]), format).toBe('{"s":"😀x😀"}');
      for (let cut = 1; cut < text.length; cut++)
        expect(deltas([text.slice(0, cut), text.slice(cut)]), `${format} cut at ${cut}`).toBe(
          '{"s":"😀x😀"}',
        );
    }
  });

  it('XML formats: members alignment adds or removes come right in the last delta (defaults, undeclared keys, null)', () => {
    const tools = [
      {
        name: 'f',
        parameters: {
          type: 'object',
          properties: { a: { type: 'integer' }, s: { type: 'string' }, u: { type: 'string', default: 'c' } },
          additionalProperties: false,
        },
      },
    ];
    const text =
      '<tool_call>\n<function=f>\n<parameter=s>\nhi\n</parameter>\n<parameter=x>\ny\n</parameter>\n<parameter=a>\n5\n</parameter>\n</function>\n</tool_call>';
    for (const size of [text.length, 3]) {
      const stream = createToolCallStream({ format: 'qwen3_coder', tools, applyDefaults: true });
      const chunks = text.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
      const events = [...chunks.flatMap((chunk) => stream.push(chunk)), ...stream.finish()];
      const deltas = events.flatMap((event) => (event.type === 'tool-input-delta' ? [event.delta] : []));
      // s and a stream as they end; the undeclared x (dropped by alignment) never streams; u comes last.
      expect(deltas.join(''), `chunks of ${size}`).toBe('{"s":"hi","a":5,"u":"c"}');
      expect(events.find((event) => event.type === 'tool-call')).toMatchObject({
        input: { s: 'hi', a: 5, u: 'c' },
      });
    }
  });

  it('resolves auto from the model name and from markers', () => {
    expect(createToolCallStream({ format: 'auto', model: 'Qwen/Qwen3-Coder-30B' }).format).toBe(
      'qwen3_coder',
    );
    const stream = createToolCallStream({ format: 'auto' });
    stream.push('<|tool_calls_section_begin|>');
    expect(stream.format).toBe('kimi_k2');
  });

  it('calls onEvent with every event', () => {
    const seen: string[] = [];
    const stream = createToolCallStream({ format: 'hermes', onEvent: (event) => seen.push(event.type) });
    stream.push(hermes);
    stream.finish();
    expect(seen).toHaveLength(6);
  });

  it('throws parser_finished on push after finish, and reset starts a new turn', () => {
    const stream = createToolCallStream({ format: 'hermes' });
    stream.push('<tool_call>{"na');
    stream.finish();
    expect(() => stream.push('x')).toThrowError(ToolwireError);
    expect(() => stream.push('x')).toThrowError(expect.objectContaining({ code: 'parser_finished' }));
    expect(() => stream.finish()).toThrowError(/finish\(\) called twice/);
    stream.reset();
    expect(stream.push('hi')).toEqual([{ type: 'text-delta', delta: 'hi' }]);
  });

  it('reset returns the buffered text', () => {
    const stream = createToolCallStream({ format: 'hermes' });
    stream.push('a<tool_call>{"name": "f"');
    expect(stream.reset()).toBe('<tool_call>{"name": "f"');
  });
});

describe('toTransformStream', () => {
  it('turns a text stream into events', async () => {
    const source = new ReadableStream<string>({
      start(controller) {
        for (const chunk of hermes.match(/[\s\S]{1,5}/g) ?? []) controller.enqueue(chunk);
        controller.close();
      },
    });
    const events: unknown[] = [];
    const reader = source.pipeThrough(toTransformStream({ format: 'hermes' })).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      events.push(value);
    }
    expect(events.at(-1)).toMatchObject({ type: 'tool-call', toolName: 'f', input: { a: [1, 2] } });
    expect(events[0]).toEqual({ type: 'text-delta', delta: 'Sure.' });
  });
});
