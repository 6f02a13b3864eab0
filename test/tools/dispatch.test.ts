import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseToolCalls } from '../../src/formats/parse-tool-calls.js';
import { alignValue } from '../../src/schema/align-value.js';
import {
  createToolset,
  type DispatchResult,
  defineTool,
  dispatch,
  type Tool,
} from '../../src/tools/index.js';

/** What `execute` was called with, per test. */
function recorder() {
  const inputs: unknown[] = [];
  const record = (input: unknown) => {
    inputs.push(input);
    return 'ok';
  };
  return { inputs, record };
}

describe('BAML pitfall: class, enum and list arguments reach the handler typed', () => {
  const address = z.object({ city: z.string(), zip: z.number().int() });
  const item = z.object({ sku: z.string(), qty: z.number().int() });
  const seen: unknown[] = [];
  const order = defineTool({
    name: 'order',
    parameters: z.object({ ship_to: address, speed: z.enum(['standard', 'express']), items: z.array(item) }),
    execute: (input) => {
      seen.push(input);
      return { lines: input.items.length, city: input.ship_to.city, express: input.speed === 'express' };
    },
  });

  it('from an XML-parameter format, where every value arrives as text', async () => {
    // qwen3_coder without tools keeps each parameter as its raw text: the class, the enum and the list are strings.
    const text =
      '<tool_call>\n<function=order>\n<parameter=ship_to>\n{"city": "Oslo", "zip": "150"}\n</parameter>\n' +
      '<parameter=speed>\nExpress\n</parameter>\n<parameter=items>\n[{"sku": "a-1", "qty": 2}, {"sku": "b-2", "qty": "3"}]\n</parameter>\n</function>\n</tool_call>';
    const call = parseToolCalls(text, { format: 'qwen3_coder' }).toolCalls[0];
    expect(call?.arguments).toEqual({
      ship_to: '{"city": "Oslo", "zip": "150"}',
      speed: 'Express',
      items: '[{"sku": "a-1", "qty": 2}, {"sku": "b-2", "qty": "3"}]',
    });
    seen.length = 0;
    const outcome = await dispatch([order], call as NonNullable<typeof call>);
    expect(seen).toEqual([
      {
        ship_to: { city: 'Oslo', zip: 150 },
        speed: 'express',
        items: [
          { sku: 'a-1', qty: 2 },
          { sku: 'b-2', qty: 3 },
        ],
      },
    ]);
    expect(outcome.result).toEqual({
      type: 'tool-result',
      toolCallId: 'call_0',
      toolName: 'order',
      output: { type: 'json', value: { lines: 2, city: 'Oslo', express: true } },
    });
    expect(outcome.flags).toEqual([
      { path: '/ship_to', kind: 'json_text_decoded' },
      { path: '/ship_to/zip', kind: 'string_to_number' },
      { path: '/speed', kind: 'enum_case_insensitive' },
      { path: '/items', kind: 'json_text_decoded' },
      { path: '/items/1/qty', kind: 'string_to_number' },
    ]);
  });
});

describe('BAML pitfall: a class argument arrives as the class, not as a map', () => {
  class Address {
    constructor(
      readonly city: string,
      readonly zip: number,
    ) {}
  }
  it('a zod transform builds the instance from the aligned object', async () => {
    const received: unknown[] = [];
    const ship = defineTool({
      name: 'ship',
      parameters: z.object({
        to: z
          .object({ city: z.string(), zip: z.number().int() })
          .transform(({ city, zip }) => new Address(city, zip)),
      }),
      execute: ({ to }) => {
        received.push(to);
        return to.city;
      },
    });
    const outcome = await dispatch([ship], {
      id: 'c',
      name: 'ship',
      arguments: { to: '{"city": "Oslo", "zip": "150"}' },
    });
    expect(received).toEqual([new Address('Oslo', 150)]);
    expect(received[0]).toBeInstanceOf(Address);
    expect(outcome.result.output).toEqual({ type: 'text', value: 'Oslo' });
  });
});

describe('BAML pitfall: an argument that already has its type is passed through untouched', () => {
  it('an integer in a number slot stays that number, no flag, no text round trip (JSON Schema tool)', async () => {
    const { inputs, record } = recorder();
    const scale = defineTool({
      name: 'scale',
      parameters: {
        type: 'object',
        properties: {
          factor: { type: 'number' },
          either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          point: { type: 'object', properties: { x: { type: 'number' }, y: { type: 'number' } } },
        },
        required: ['factor'],
      },
      execute: record,
    });
    const args = { factor: 2, either: 7, point: { x: 1, y: 2.5 } };
    const outcome = await dispatch([scale], { id: 'c1', name: 'scale', arguments: args });
    expect(inputs[0]).toBe(args);
    expect(inputs[0]).toEqual({ factor: 2, either: 7, point: { x: 1, y: 2.5 } });
    expect(typeof (inputs[0] as typeof args).either).toBe('number');
    expect(outcome.flags).toEqual([]);
    expect(outcome.isError).toBe(false);
    // the aligner itself: same value back, nothing flagged
    expect(alignValue(2, { type: 'number' })).toEqual({ value: 2, flags: [], issues: [] });
    expect(alignValue(7, { anyOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      value: 7,
      flags: [],
      issues: [],
    });
  });

  it('the same through a zod tool: validate gets the value as it came', async () => {
    const { inputs, record } = recorder();
    const scale = defineTool({
      name: 'scale',
      parameters: z.object({ factor: z.number(), either: z.union([z.string(), z.number()]) }),
      execute: record,
    });
    const outcome = await dispatch([scale], {
      type: 'tool-call',
      toolCallId: 'c2',
      toolName: 'scale',
      input: { factor: 2, either: 7 },
    });
    expect(inputs).toEqual([{ factor: 2, either: 7 }]);
    expect(outcome.flags).toEqual([]);
    expect(outcome.result.output).toEqual({ type: 'text', value: 'ok' });
  });
});

describe('BAML pitfall: a literal union parameter', () => {
  const expectedError = (name: string) => ({
    type: 'error-text',
    value: `The arguments of "${name}" do not fit its parameters:\n- /mode: expected "auto" | "manual", received "other"\nFix these arguments and call "${name}" again.`,
  });
  const variants = [
    defineTool({
      name: 'zod_enum',
      parameters: z.object({ mode: z.enum(['auto', 'manual']) }),
      execute: ({ mode }) => mode,
    }),
    defineTool({
      name: 'zod_literals',
      parameters: z.object({ mode: z.union([z.literal('auto'), z.literal('manual')]) }),
      execute: ({ mode }) => mode,
    }),
    defineTool({
      name: 'json_enum',
      parameters: {
        type: 'object',
        properties: { mode: { type: 'string', enum: ['auto', 'manual'] } },
        required: ['mode'],
      },
      execute: ({ mode }) => mode,
    }),
    defineTool({
      name: 'json_consts',
      parameters: {
        type: 'object',
        properties: { mode: { anyOf: [{ const: 'auto' }, { const: 'manual' }] } },
        required: ['mode'],
      },
      execute: ({ mode }) => mode,
    }),
  ];
  it('"manual" fits "auto" | "manual" and reaches the handler as is', async () => {
    for (const tool of variants) {
      const outcome = await dispatch(variants, { id: 'c', name: tool.name, arguments: { mode: 'manual' } });
      expect({ name: tool.name, output: outcome.result.output, flags: outcome.flags }).toEqual({
        name: tool.name,
        output: { type: 'text', value: 'manual' },
        flags: [],
      });
    }
  });
  it('"other" is an error result naming both values', async () => {
    for (const tool of variants) {
      const outcome = await dispatch(variants, { id: 'c', name: tool.name, arguments: { mode: 'other' } });
      expect(outcome.result.output).toEqual(expectedError(tool.name));
      expect(outcome.error?.issues).toEqual([
        {
          code: 'invalid_enum',
          message: 'expected "auto" | "manual", received "other"',
          path: '/mode',
          expected: '"auto" | "manual"',
          received: '"other"',
        },
      ]);
    }
  });
});

describe('every failure is an error result telling the model what to fix', () => {
  const weather = defineTool({
    name: 'get_weather',
    parameters: z.object({ city: z.string(), days: z.number().int().min(1).max(7) }),
    execute: ({ city, days }) => ({ city, days }),
  });
  const search = defineTool({
    name: 'search',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    execute: ({ q }) => {
      if (q === 'boom') throw new Error('index offline');
      return [q];
    },
  });
  const tools = createToolset([weather, search]);
  const outcome = (result: DispatchResult) => ({ output: result.result.output, code: result.error?.code });
  const unknownWether = {
    code: 'unknown_tool',
    output: {
      type: 'error-text',
      value:
        'There is no tool named "get_wether". The tools offered are: "get_weather", "search". Call one of them by its exact name.',
    },
  };

  it('unknown tool: with the names offered', async () => {
    const result = await dispatch(tools, { id: 'c', name: 'get_wether', arguments: {} });
    expect(outcome(result)).toEqual(unknownWether);
    expect(result.result.toolName).toBe('get_wether');
    const none = await dispatch([], { id: 'c', name: 'x', arguments: {} });
    expect(none.result.output).toEqual({
      type: 'error-text',
      value: 'There is no tool named "x": no tools are offered. Answer without calling a tool.',
    });
  });

  it('unknown tool parsed as an invalid call (parser given the tools): unknown_tool, with the names offered', async () => {
    // Was invalid_call: "could not be read ... Write the call again", without the names offered.
    const parsed = parseToolCalls('<tool_call>{"name": "get_wether", "arguments": {}}</tool_call>', {
      format: 'hermes',
      tools: tools.definitions(),
    });
    const call = parsed.invalidToolCalls[0];
    const result = await dispatch(tools, call as NonNullable<typeof call>);
    expect(outcome(result)).toEqual(unknownWether);
  });

  it('invalid call: with the parse error', async () => {
    const parsed = parseToolCalls('<tool_call>{"name": "search", "arguments": ["a"]}</tool_call>', {
      format: 'hermes',
    });
    const call = parsed.invalidToolCalls[0];
    const result = await dispatch(tools, call as NonNullable<typeof call>);
    expect(result.error?.code).toBe('invalid_call');
    expect(result.result).toEqual({
      type: 'tool-result',
      toolCallId: 'call_0',
      toolName: 'search',
      output: {
        type: 'error-text',
        value:
          'The call to "search" could not be read: tool-call arguments must be a JSON object.\n- (the arguments object): expected object, received array\nWrite the call again, complete, with its arguments as one JSON object.',
      },
    });
    const part = await dispatch(tools, {
      type: 'tool-call-invalid',
      toolCallId: 'c9',
      raw: '<tool_call>{',
      error: 'cut off',
    });
    expect(part.result).toEqual({
      type: 'tool-result',
      toolCallId: 'c9',
      toolName: '',
      output: {
        type: 'error-text',
        value:
          'The tool call could not be read: cut off.\nWrite the call again, complete, with its arguments as one JSON object.',
      },
    });
    const notObject = await dispatch(tools, { id: 'c', name: 'search', arguments: ['q'] as never });
    expect(notObject.result.output).toEqual({
      type: 'error-text',
      value:
        'The call to "search" could not be read: tool-call arguments must be a JSON object.\n- (the arguments object): expected object, received array\nWrite the call again, complete, with its arguments as one JSON object.',
    });
    // a provider part whose input is the arguments' JSON text is read as the object it spells
    const asText = await dispatch(tools, {
      type: 'tool-call',
      toolCallId: 'c',
      toolName: 'search',
      input: '{"q": "news"}',
    });
    expect(asText.result.output).toEqual({ type: 'json', value: ['news'] });
    expect(asText.input).toEqual({ q: 'news' });
  });

  it('argument issues: each with its JSON Pointer path, expected and received', async () => {
    const result = await dispatch(tools, { id: 'c', name: 'get_weather', arguments: { days: 'soon' } });
    expect(outcome(result)).toEqual({
      code: 'invalid_arguments',
      output: {
        type: 'error-text',
        value:
          'The arguments of "get_weather" do not fit its parameters:\n- /days: expected integer, received "soon"\n- /city: expected a value, received nothing\nFix these arguments and call "get_weather" again.',
      },
    });
  });

  it('Standard Schema issues (zod validate) with their paths as JSON Pointers', async () => {
    const result = await dispatch(tools, {
      id: 'c',
      name: 'get_weather',
      arguments: { city: 'Oslo', days: 9 },
    });
    // zod's bounds are in its JSON Schema (maximum 7), so alignment reports them first
    expect(outcome(result)).toEqual({
      code: 'invalid_arguments',
      output: {
        type: 'error-text',
        value:
          'The arguments of "get_weather" do not fit its parameters:\n- /days: expected <= 7, received 9\nFix these arguments and call "get_weather" again.',
      },
    });
    const refined = defineTool({
      name: 'pick',
      parameters: z.object({
        rows: z.array(z.object({ id: z.string().refine((id) => id.startsWith('r'), 'ids start with r') })),
      }),
      execute: () => 'ok',
    });
    const bad = await dispatch([refined], {
      id: 'c',
      name: 'pick',
      arguments: { rows: [{ id: 'r1' }, { id: 'x/2' }] },
    });
    expect(bad.result.output).toEqual({
      type: 'error-text',
      value:
        'The arguments of "pick" do not fit its parameters:\n- /rows/1/id: ids start with r\nFix these arguments and call "pick" again.',
    });
    expect(bad.error?.issues).toEqual([
      { code: 'invalid_arguments', message: 'ids start with r', path: '/rows/1/id' },
    ]);
  });

  it('a handler that throws', async () => {
    const result = await dispatch(tools, { id: 'c', name: 'search', arguments: { q: 'boom' } });
    expect(outcome(result)).toEqual({
      code: 'execution_failed',
      output: {
        type: 'error-text',
        value: 'Tool "search" failed: it threw: index offline. Check the arguments before calling it again.',
      },
    });
    expect(result.input).toEqual({ q: 'boom' });
    expect((result.error?.cause as Error).message).toBe('index offline');
  });

  // Found by attack: reading these to write the error text threw out of dispatch.
  it('a handler that throws a value that cannot be read (a throwing message getter, a Proxy)', async () => {
    const messageThrows = new Error('hidden');
    Object.defineProperty(messageThrows, 'message', {
      get() {
        throw new Error('getter');
      },
    });
    const trap = () => {
      throw new Error('trap');
    };
    const proxy = new Proxy({}, { get: trap, getPrototypeOf: trap, ownKeys: trap, has: trap });
    const revocable = Proxy.revocable({}, {});
    revocable.revoke();
    const toJsonThrows = { toJSON: trap, toString: trap };
    for (const thrown of [messageThrows, proxy, revocable.proxy, toJsonThrows]) {
      const thrower = defineTool({
        name: 'thrower',
        parameters: { type: 'object' },
        execute: () => {
          throw thrown;
        },
      });
      const result = await dispatch(createToolset([thrower]), { id: 'c', name: 'thrower', arguments: {} });
      expect(outcome(result)).toEqual({
        code: 'execution_failed',
        output: {
          type: 'error-text',
          value:
            'Tool "thrower" failed: it threw: a value that could not be read. Check the arguments before calling it again.',
        },
      });
      expect(result.error?.cause).toBe(thrown);
    }
  });

  it('a handler that is aborted, and a call dispatched with an aborted signal', async () => {
    const controller = new AbortController();
    let started = false;
    const slow = defineTool({
      name: 'slow',
      parameters: { type: 'object', properties: {} },
      execute: (_input, { abortSignal }) => {
        started = true;
        expect(abortSignal).toBe(controller.signal);
        return new Promise<string>(() => {}); // never settles: dispatch must not wait for it
      },
    });
    const pending = dispatch([slow], { id: 'c', name: 'slow', arguments: {} }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toBe(true);
    controller.abort();
    const result = await pending;
    expect(outcome(result)).toEqual({
      code: 'aborted',
      output: {
        type: 'error-text',
        value: 'Tool "slow" was cancelled before it finished; it gave no result.',
      },
    });
    started = false;
    const before = await dispatch(
      [slow],
      { id: 'c', name: 'slow', arguments: {} },
      { signal: controller.signal },
    );
    expect(outcome(before)).toEqual(outcome(result));
    expect(started).toBe(false);
  });

  it('a schema the aligner cannot model is an error result for that call, never a crash', async () => {
    const notObject = defineTool({ name: 'text_only', parameters: { type: 'string' }, execute: () => 'ran' });
    const negated = defineTool({
      name: 'negated',
      parameters: { type: 'object', properties: { a: { not: { type: 'string' } } } },
      execute: () => 'ran',
    });
    // A tool made by code, not by defineTool, whose schema throws when read.
    const hostile: Tool = {
      name: 'hostile',
      parameters: {
        type: 'object',
        get properties(): never {
          throw new Error('schema getter exploded');
        },
      },
      execute: () => 'ran',
    };
    const results = await Promise.all(
      [notObject, negated, hostile].map((tool) =>
        dispatch([notObject, negated, hostile], { id: 'c', name: tool.name, arguments: { a: 1 } }),
      ),
    );
    expect(results.map(outcome)).toEqual([
      {
        code: 'unsupported_schema',
        output: {
          type: 'error-text',
          value:
            'Tool "text_only" cannot be called: its parameters schema does not describe a JSON object. Answer without this tool.',
        },
      },
      {
        code: 'unsupported_schema',
        output: {
          type: 'error-text',
          value:
            'Tool "negated" cannot be called: its parameters schema uses "not" at /properties/a, which toolwire cannot check. Answer without this tool.',
        },
      },
      {
        code: 'unsupported_schema',
        output: {
          type: 'error-text',
          value:
            'Tool "hostile" cannot be called: its parameters schema cannot be read: schema getter exploded. Answer without this tool.',
        },
      },
    ]);
  });
});

describe('handler results become the tool-result output deterministically', () => {
  const make = (value: () => unknown) =>
    defineTool({ name: 'r', parameters: { type: 'object', properties: {} }, execute: value });
  const run = async (value: () => unknown) =>
    (await dispatch([make(value)], { id: 'c', name: 'r', arguments: {} })).result.output;

  it("string → text, other values → json in the handler's key order, as JSON.stringify writes them", async () => {
    expect(await run(() => 'plain')).toEqual({ type: 'text', value: 'plain' });
    const json = await run(() => ({
      z: 1,
      a: [1, undefined, Number.NaN],
      when: new Date(0),
      skip: undefined,
      nested: { y: 2, b: 1 },
    }));
    expect(json).toEqual({
      type: 'json',
      value: { z: 1, a: [1, null, null], when: '1970-01-01T00:00:00.000Z', nested: { y: 2, b: 1 } },
    });
    expect(JSON.stringify(json)).toBe(
      '{"type":"json","value":{"z":1,"a":[1,null,null],"when":"1970-01-01T00:00:00.000Z","nested":{"y":2,"b":1}}}',
    );
    expect(await run(() => undefined)).toEqual({ type: 'json', value: null });
    const proto = (await run(() => JSON.parse('{"__proto__": {"polluted": true}}'))) as { value: object };
    expect(Object.keys(proto.value)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBe(undefined);
  });

  it('a value JSON cannot carry is an invalid_output error result', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const result = await dispatch([make(() => cyclic)], { id: 'c', name: 'r', arguments: {} });
    expect(result.error?.code).toBe('invalid_output');
    expect(result.result.output.type).toBe('error-text');
    expect((result.result.output as { value: string }).value).toMatch(
      /^Tool "r" ran but returned a value that cannot be sent as JSON \(Converting circular structure to JSON[^)]*\)\. Do not call it again with the same arguments\.$/s,
    );
  });

  it('toModelOutput gives content outputs', async () => {
    const chart = defineTool({
      name: 'chart',
      parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
      execute: ({ title }) => ({ title, png: 'iVBORw0KGgo=' }),
      toModelOutput: ({ title, png }) => ({
        type: 'content',
        value: [
          { type: 'text', text: title },
          { type: 'media', data: png, mediaType: 'image/png' },
        ],
      }),
    });
    const result = await dispatch([chart], { id: 'c', name: 'chart', arguments: { title: 'Sales' } });
    expect(result.result.output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'Sales' },
        { type: 'media', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
      ],
    });
    expect(result.output).toEqual({ title: 'Sales', png: 'iVBORw0KGgo=' });
  });

  // Was passed on as the result's output ('output: "done"'), a part no provider or repairHistory takes.
  it.each<[string, unknown]>([
    ['a string', 'done'],
    ['an unknown type', { type: 'markdown', value: '# done' }],
    ['text without a string value', { type: 'text', value: 4 }],
  ])('toModelOutput returning %s is an execution_failed error result', async (_name, given) => {
    const tool = defineTool({
      name: 'report',
      parameters: { type: 'object' },
      execute: () => 4,
      toModelOutput: () => given as never,
    });
    const result = await dispatch([tool], { id: 'c', name: 'report', arguments: {} });
    expect({ code: result.error?.code, output: result.result.output, value: result.output }).toEqual({
      code: 'execution_failed',
      output: {
        type: 'error-text',
        value: `Tool "report" failed: toModelOutput gave no tool result output: it returned ${typeof given === 'string' ? 'string' : 'object'}. Check the arguments before calling it again.`,
      },
      value: 4,
    });
  });
});
