import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createToolCallStream } from '../../src/stream/create-tool-call-stream.js';
import { FreshCallIds } from '../../src/tools/fresh-call-ids.js';
import {
  type AgentEvent,
  type AgentModel,
  type AgentModelOutput,
  defineTool,
  fromTextModel,
  type RunAgentOptions,
  runAgent,
} from '../../src/tools/index.js';
import { parseResultMessage } from '../../src/tools/parse-result-message.js';
import type { AssistantMessage, Message, ToolResultPart } from '../../src/types/message.js';

const echo = defineTool({
  name: 'echo',
  parameters: z.object({ text: z.string() }),
  execute: ({ text }) => text,
});
const add = defineTool({
  name: 'add',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
});
const tools = [echo, add];
const prompt: Message[] = [{ role: 'user', content: 'Echo hi, then add 1 and 2.' }];

const replies: ReadonlyArray<{
  message: AssistantMessage;
  usage: { inputTokens: number; outputTokens: number };
}> = [
  {
    message: {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Working.' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'echo', input: { text: 'hi' } },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'add', input: { a: 1, b: 2 } },
      ],
    },
    usage: { inputTokens: 10, outputTokens: 4 },
  },
  {
    message: {
      role: 'assistant',
      content: [{ type: 'tool-call', toolCallId: 'c3', toolName: 'add', input: { a: 'x', b: 2 } }],
    },
    usage: { inputTokens: 20, outputTokens: 3 },
  },
  { message: { role: 'assistant', content: 'The sum is 3.' }, usage: { inputTokens: 30, outputTokens: 5 } },
];

const addError = {
  code: 'invalid_arguments' as const,
  message:
    'The arguments of "add" do not fit its parameters:\n- /a: expected number, received "x"\nFix these arguments and call "add" again.',
  issues: [
    {
      code: 'invalid_type',
      message: 'expected number, received "x"',
      path: '/a',
      expected: 'number',
      received: '"x"',
    },
  ],
};

const results: ReadonlyArray<readonly ToolResultPart[]> = [
  [
    { type: 'tool-result', toolCallId: 'c1', toolName: 'echo', output: { type: 'text', value: 'hi' } },
    { type: 'tool-result', toolCallId: 'c2', toolName: 'add', output: { type: 'json', value: 3 } },
  ],
  [
    {
      type: 'tool-result',
      toolCallId: 'c3',
      toolName: 'add',
      output: { type: 'error-text', value: addError.message },
    },
  ],
  [],
];

/** The events of step `step` (1-based) of the scripted run, when it completes. */
function stepEvents(step: number): AgentEvent[] {
  const reply = replies[step - 1] as (typeof replies)[number];
  const parts = typeof reply.message.content === 'string' ? [] : reply.message.content;
  const calls = parts.filter((part) => part.type === 'tool-call');
  const stepResults = results[step - 1] ?? [];
  return [
    { type: 'step-start', step },
    { type: 'usage', step, usage: reply.usage },
    { type: 'assistant-message', step, message: reply.message },
    ...calls.map((call): AgentEvent => ({ type: 'tool-call', step, call })),
    ...stepResults.map(
      (result): AgentEvent =>
        result.output.type === 'error-text'
          ? { type: 'tool-result', step, result, isError: true, error: addError }
          : { type: 'tool-result', step, result, isError: false },
    ),
    { type: 'step-end', step, reason: calls.length > 0 ? 'tool-calls' : 'stop' },
  ];
}

/** The events of the steps before `step`, then `step-start` and the events that precede the failure. */
function eventsUntil(step: number, ...then: AgentEvent[]): AgentEvent[] {
  const before: AgentEvent[] = [];
  for (let index = 1; index < step; index++) before.push(...stepEvents(index));
  return [...before, { type: 'step-start', step }, ...then];
}

type Action = (step: number, controller: AbortController) => void;

/** A model replying from the script; `before(step)` runs first in each generate call. */
function scripted(
  controller: AbortController,
  before: Action = () => {},
): AgentModel & { seen: Message[][] } {
  const seen: Message[][] = [];
  return {
    seen,
    generate(messages, _tools, { step }): AgentModelOutput {
      seen.push([...messages]);
      before(step, controller);
      return replies[step - 1] as AgentModelOutput;
    },
  };
}

/** Runs, collects the delivered events, and returns them with the outcome (the error thrown, if any). */
async function run(options: Omit<RunAgentOptions, 'tools' | 'messages'> & Partial<RunAgentOptions>) {
  const events: AgentEvent[] = [];
  try {
    const result = await runAgent({
      tools,
      messages: prompt,
      onEvent: (event) => events.push(event),
      ...options,
    });
    return { events, result, error: undefined };
  } catch (error) {
    // copied at the moment the error arrives: what was delivered before it
    return { events: [...events], result: undefined, error };
  }
}

describe('runAgent: every event exactly once, in order, on every exit', () => {
  it('normal end: three steps, history grown step by step, totals summed', async () => {
    const controller = new AbortController();
    const model = scripted(controller);
    const { events, result, error } = await run({ model, signal: controller.signal });
    expect(error).toBe(undefined);
    expect(events).toEqual([
      ...stepEvents(1),
      ...stepEvents(2),
      ...stepEvents(3),
      { type: 'finish', step: 3, finishReason: 'stop', usage: { inputTokens: 60, outputTokens: 12 } },
    ]);
    const history: Message[] = [
      ...prompt,
      replies[0]?.message as Message,
      { role: 'tool', content: results[0] as ToolResultPart[] },
      replies[1]?.message as Message,
      { role: 'tool', content: results[1] as ToolResultPart[] },
      replies[2]?.message as Message,
    ];
    expect(model.seen).toEqual([history.slice(0, 1), history.slice(0, 3), history.slice(0, 5)]);
    expect(result?.messages).toEqual(history);
    expect(result?.responseMessages).toEqual(history.slice(1));
    expect(result?.finishReason).toBe('stop');
    expect(
      result?.steps.map((step) => [step.step, step.calls.length, step.results.map((entry) => entry.result)]),
    ).toEqual([
      [1, 2, results[0]],
      [2, 1, results[1]],
      [3, 0, []],
    ]);
  });

  it('maxSteps: stops after the step, with finish max-steps', async () => {
    const controller = new AbortController();
    const { events, result } = await run({
      model: scripted(controller),
      signal: controller.signal,
      maxSteps: 2,
    });
    expect(events).toEqual([
      ...stepEvents(1),
      ...stepEvents(2),
      { type: 'finish', step: 2, finishReason: 'max-steps', usage: { inputTokens: 30, outputTokens: 7 } },
    ]);
    expect(result?.finishReason).toBe('max-steps');
    expect(result?.messages.length).toBe(5);
  });

  for (const k of [1, 2, 3]) {
    it(`a model that throws at step ${k} of 3: the events before it, then step-end error, then the same error`, async () => {
      const controller = new AbortController();
      const failure = new Error(`model down at step ${k}`);
      const model = scripted(controller, (step) => {
        if (step === k) throw failure;
      });
      const { events, error } = await run({ model, signal: controller.signal });
      expect(error).toBe(failure);
      expect(events).toEqual(eventsUntil(k, { type: 'step-end', step: k, reason: 'error' }));
    });

    it(`an abort during the model call at step ${k}: the events before it, then step-end aborted, then an AbortError`, async () => {
      const controller = new AbortController();
      const model = scripted(controller, (step, control) => {
        if (step === k) control.abort();
      });
      const { events, error } = await run({ model, signal: controller.signal });
      expect((error as Error).name).toBe('AbortError');
      expect(error).toBe(controller.signal.reason);
      expect(events).toEqual(eventsUntil(k, { type: 'step-end', step: k, reason: 'aborted' }));
    });
  }

  it('an abort inside a tool at step 1: the result completed before it is delivered, then AbortError', async () => {
    const controller = new AbortController();
    const reason = new Error('user pressed stop');
    const stopper = defineTool({
      name: 'add',
      parameters: z.object({ a: z.unknown(), b: z.number() }),
      execute: (_input, { abortSignal }) => {
        controller.abort(reason);
        expect(abortSignal?.aborted).toBe(true);
        return 0;
      },
    });
    const { events, error } = await run({
      model: scripted(controller),
      tools: [echo, stopper],
      signal: controller.signal,
      concurrency: 1,
    });
    expect((error as DOMException).name).toBe('AbortError');
    expect((error as DOMException).cause).toBe(reason);
    const step = stepEvents(1);
    expect(events).toEqual([
      ...step.slice(0, 5), // step-start, usage, assistant-message, two tool-calls
      step[5], // echo's result: it completed before the abort
      { type: 'step-end', step: 1, reason: 'aborted' },
    ]);
  });

  // Found by attack: results were released in call order only before the abort, so add's result,
  // complete while echo (earlier in call order) still ran, was never delivered.
  it('an abort while an earlier call still runs: the later call that completed before it is delivered', async () => {
    const controller = new AbortController();
    const slowEcho = defineTool({
      name: 'echo',
      parameters: z.object({ text: z.string() }),
      execute: (_input, { abortSignal }) =>
        new Promise<string>((_resolve, reject) =>
          abortSignal?.addEventListener('abort', () => reject(new Error('stopped'))),
        ),
    });
    const addThenAbort = defineTool({
      name: 'add',
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: ({ a, b }) => {
        setTimeout(() => controller.abort(), 0);
        return a + b;
      },
    });
    const { events, error } = await run({
      model: scripted(controller),
      tools: [slowEcho, addThenAbort],
      signal: controller.signal,
    });
    expect((error as Error).name).toBe('AbortError');
    const step = stepEvents(1);
    expect(events).toEqual([
      ...step.slice(0, 5), // step-start, usage, assistant-message, two tool-calls
      step[6], // add's result: it completed before the abort; echo was cut off
      { type: 'step-end', step: 1, reason: 'aborted' },
    ]);
  });

  // Found by the agent property: a handler that finished in the same tick as a sibling's abort, but
  // before it, was cut off (its promise took two reactions to reach the race, the abort one).
  it.each([
    'returns',
    'throws',
  ] as const)('a call that %s just before its sibling aborts (both running at once): its result is delivered', async (outcome) => {
    const controller = new AbortController();
    const quick = defineTool({
      name: 'echo',
      parameters: z.object({ text: z.string() }),
      execute: async ({ text }) => {
        if (outcome === 'throws') throw new Error('no echo today');
        return text;
      },
    });
    const stopper = defineTool({
      name: 'add',
      parameters: z.object({ a: z.number(), b: z.number() }),
      execute: async () => {
        controller.abort();
        return 0;
      },
    });
    const { events, error } = await run({
      model: scripted(controller),
      tools: [quick, stopper],
      signal: controller.signal,
    });
    expect((error as Error).name).toBe('AbortError');
    const delivered = events.flatMap((event) =>
      event.type === 'tool-result' ? [[event.result.toolCallId, event.result.output]] : [],
    );
    expect(delivered).toEqual([
      [
        'c1',
        outcome === 'returns'
          ? { type: 'text', value: 'hi' }
          : {
              type: 'error-text',
              value:
                'Tool "echo" failed: it threw: no echo today. Check the arguments before calling it again.',
            },
      ],
    ]);
    expect(events[events.length - 1]).toEqual({ type: 'step-end', step: 1, reason: 'aborted' });
  });

  it('an abort inside a tool at step 2: step 1 whole, then step 2 up to its calls, then AbortError', async () => {
    const controller = new AbortController();
    const calls: number[] = [];
    const stopper = defineTool({
      name: 'add',
      parameters: z.object({ a: z.unknown(), b: z.number() }),
      execute: ({ a, b }) => {
        calls.push(b);
        if (a === 'x') controller.abort();
        return (a as number) + b;
      },
    });
    const model = scripted(controller);
    // step 2's call has a: "x", which z.unknown() lets through: that call aborts.
    const { events, error } = await run({
      model,
      tools: [echo, stopper],
      signal: controller.signal,
    });
    expect((error as Error).name).toBe('AbortError');
    expect(calls).toEqual([2, 2]);
    const step2 = stepEvents(2);
    expect(events).toEqual([
      ...stepEvents(1),
      ...step2.slice(0, 4),
      { type: 'step-end', step: 2, reason: 'aborted' },
    ]);
  });

  it('a signal aborted before the run: no event, AbortError', async () => {
    const controller = new AbortController();
    controller.abort();
    const { events, error } = await run({ model: scripted(controller), signal: controller.signal });
    expect(events).toEqual([]);
    expect((error as Error).name).toBe('AbortError');
  });

  it('a listener that throws ends the run with its error and gets no further event', async () => {
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const failure = new Error('listener broke');
    const error = await runAgent({
      model: scripted(controller),
      tools,
      messages: prompt,
      onEvent: (event) => {
        events.push(event);
        if (event.type === 'tool-call') throw failure;
      },
    }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBe(failure);
    expect(events).toEqual(stepEvents(1).slice(0, 4));
  });

  it('an async listener that rejects: caught (no unhandled rejection), the run ends with its error', async () => {
    const controller = new AbortController();
    const events: AgentEvent[] = [];
    const failure = new Error('async listener broke');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const error = await runAgent({
        model: scripted(controller),
        tools,
        messages: prompt,
        onEvent: async (event) => {
          events.push(event);
          if (event.type === 'step-start') throw failure;
        },
      }).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(error).toBe(failure);
      expect(unhandled).toEqual([]);
      // The rejection settles while the model is awaited, and the next event ends the run.
      expect(events).toEqual(stepEvents(1).slice(0, 1));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('runAgent over a streaming raw-text model (fromTextModel, hermes)', () => {
  const turns = [
    ['Sure.<tool_', 'call>\n{"name": "add", "argu', 'ments": {"a": 1, "b": "2"}}\n</tool_call>'],
    ['Three', '.'],
  ];

  it('delivers each parse event as it arrives, then the message and the calls', async () => {
    const model = fromTextModel(
      async function* (_messages, _tools, { step }) {
        yield* turns[step - 1] ?? [];
      },
      { format: 'hermes' },
    );
    const events: AgentEvent[] = [];
    const result = await runAgent({ model, tools, messages: prompt, onEvent: (event) => events.push(event) });
    const parsed = (chunks: readonly string[]) => {
      const stream = createToolCallStream({
        format: 'hermes',
        tools: [echo, add].map(({ name, parameters }) => ({ name, parameters })),
      });
      return [...chunks.flatMap((chunk) => stream.push(chunk)), ...stream.finish()];
    };
    const first = parsed(turns[0] as string[]);
    const message1: AssistantMessage = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Sure.' },
        { type: 'tool-call', toolCallId: 'call_0', toolName: 'add', input: { a: 1, b: 2 } },
      ],
    };
    const message2: AssistantMessage = { role: 'assistant', content: [{ type: 'text', text: 'Three.' }] };
    expect(events).toEqual([
      { type: 'step-start', step: 1 },
      ...first.map((event): AgentEvent => ({ type: 'parse-event', step: 1, event })),
      { type: 'assistant-message', step: 1, message: message1 },
      { type: 'tool-call', step: 1, call: (message1.content as never[])[1] },
      {
        type: 'tool-result',
        step: 1,
        result: {
          type: 'tool-result',
          toolCallId: 'call_0',
          toolName: 'add',
          output: { type: 'json', value: 3 },
        },
        isError: false,
      },
      { type: 'step-end', step: 1, reason: 'tool-calls' },
      { type: 'step-start', step: 2 },
      ...parsed(turns[1] as string[]).map((event): AgentEvent => ({ type: 'parse-event', step: 2, event })),
      { type: 'assistant-message', step: 2, message: message2 },
      { type: 'step-end', step: 2, reason: 'stop' },
      { type: 'finish', step: 2, finishReason: 'stop', usage: {} },
    ]);
    expect(first.map((event) => event.type)).toEqual([
      'text-delta',
      'tool-input-start',
      'tool-input-delta',
      'tool-input-delta',
      'tool-input-end',
      'tool-call',
    ]);
    expect(result.messages.at(-1)).toEqual(message2);
  });

  it('a stream that throws mid-turn: the parse events before it are delivered, then step-end error', async () => {
    const failure = new Error('connection reset');
    const model = fromTextModel(
      async function* () {
        yield 'Partial ';
        yield 'answer<tool_';
        throw failure;
      },
      { format: 'hermes' },
    );
    const { events, error } = await run({
      model,
    });
    expect(error).toBe(failure);
    expect(events).toEqual([
      { type: 'step-start', step: 1 },
      { type: 'parse-event', step: 1, event: { type: 'text-delta', delta: 'Partial ' } },
      { type: 'parse-event', step: 1, event: { type: 'text-delta', delta: 'answer' } },
      { type: 'step-end', step: 1, reason: 'error' },
    ]);
  });

  it('an abort mid-stream: the parse events before it, then step-end aborted, and the stream is closed', async () => {
    const controller = new AbortController();
    let closed = false;
    const model = fromTextModel(
      async function* () {
        try {
          yield 'Hel';
          controller.abort();
          yield 'lo';
          yield ' world';
        } finally {
          closed = true;
        }
      },
      { format: 'hermes' },
    );
    const { events, error } = await run({
      model,
      signal: controller.signal,
    });
    expect((error as Error).name).toBe('AbortError');
    expect(events).toEqual([
      { type: 'step-start', step: 1 },
      { type: 'parse-event', step: 1, event: { type: 'text-delta', delta: 'Hel' } },
      { type: 'step-end', step: 1, reason: 'aborted' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(closed).toBe(true);
  });
});

describe('runAgent: parallel calls', () => {
  it('run concurrently up to the limit, results in call order whatever order they finish in', async () => {
    let running = 0;
    let most = 0;
    const finishOrder: number[] = [];
    const wait = defineTool({
      name: 'wait',
      parameters: z.object({ id: z.number(), ticks: z.number() }),
      execute: async ({ id, ticks }) => {
        running++;
        most = Math.max(most, running);
        for (let tick = 0; tick < ticks; tick++) await Promise.resolve();
        running--;
        finishOrder.push(id);
        return id;
      },
    });
    // at least 10 microtask ticks each, so that all five have started before the first one ends
    const ticks = [50, 20, 40, 10, 30];
    const message: AssistantMessage = {
      role: 'assistant',
      content: ticks.map((count, id) => ({
        type: 'tool-call',
        toolCallId: `w${id}`,
        toolName: 'wait',
        input: { id, ticks: count },
      })),
    };
    const model: AgentModel = {
      generate: (_m, _t, { step }) => (step === 1 ? message : { role: 'assistant', content: 'done' }),
    };
    for (const concurrency of [1, 2, 5]) {
      running = 0;
      most = 0;
      finishOrder.length = 0;
      const events: AgentEvent[] = [];
      const result = await runAgent({
        model,
        tools: [wait],
        messages: prompt,
        concurrency,
        onEvent: (event) => events.push(event),
      });
      expect(most).toBe(concurrency);
      expect(result.steps[0]?.results.map((entry) => entry.output)).toEqual([0, 1, 2, 3, 4]);
      expect(
        events.flatMap((event) => (event.type === 'tool-result' ? [event.result.toolCallId] : [])),
      ).toEqual(['w0', 'w1', 'w2', 'w3', 'w4']);
      if (concurrency === 5) expect(finishOrder).toEqual([3, 1, 4, 2, 0]);
    }
  });

  it('passes toolChoice and the step to every generate call', async () => {
    const seen: unknown[] = [];
    const model: AgentModel = {
      generate: (_messages, _tools, options) => {
        seen.push(options);
        return { role: 'assistant', content: 'ok' };
      },
    };
    await runAgent({ model, tools, messages: prompt, toolChoice: { type: 'tool', toolName: 'add' } });
    expect(seen).toEqual([{ step: 1, toolChoice: { type: 'tool', toolName: 'add' } }]);
  });

  it('rejects options of the wrong type with invalid_argument', async () => {
    const model: AgentModel = { generate: () => ({ role: 'assistant', content: '' }) };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ model: {}, tools, messages: [] }, 'options.model must have a generate() method, got object'],
      [{ model, tools, messages: 'hi' }, 'options.messages must be an array, got string'],
      [{ model, tools, messages: [], maxSteps: 0 }, 'options.maxSteps must be a positive integer, got 0'],
      [
        { model, tools, messages: [], concurrency: 1.5 },
        'options.concurrency must be a positive integer or Infinity, got 1.5',
      ],
      [{ model, tools, messages: [], onEvent: 'x' }, 'options.onEvent must be a function, got string'],
      [
        { model, tools, messages: [], toolChoice: { type: 'tool', toolName: 'nope' } },
        'options.toolChoice names "nope", which is not one of the tools (echo, add)',
      ],
    ];
    for (const [options, message] of cases) {
      await expect(runAgent(options as never)).rejects.toMatchObject({ code: 'invalid_argument', message });
    }
    await expect(
      runAgent({ model: { generate: () => ({ role: 'user', content: 'x' }) as never }, tools, messages: [] }),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  // An assistant message without content was appended to the history as it was ('stop').
  it.each([
    ['no content', { role: 'assistant' }],
    ['content a number', { role: 'assistant', content: 5 }],
    ['{ message } without content', { message: { role: 'assistant' } }],
  ])('rejects a model turn with %s with invalid_argument', async (_name, turn) => {
    const events: string[] = [];
    await expect(
      runAgent({
        model: { generate: () => turn as never },
        tools,
        messages: prompt,
        onEvent: (event) => events.push(`${event.step} ${event.type}`),
      }),
    ).rejects.toMatchObject({
      code: 'invalid_argument',
      message:
        'model.generate() must return an assistant message, { message, usage? } or an async iterable of parse events, got object',
    });
    expect(events).toEqual(['1 step-start', '1 step-end']);
  });
});

describe('runAgent over a raw-text model: call ids stay unique across steps', () => {
  // Each output's calls are numbered from call_0 by the parser; a model-written id (Kimi K2's
  // functions.NAME:0) repeats every turn. In the history each must be a new id, paired with its result.
  const outputs = [
    '<tool_call>\n{"name": "add", "arguments": {"a": 1, "b": 2}}\n</tool_call>',
    '<tool_call>\n{"name": "add", "arguments": {"a": 3, "b": 4}}\n</tool_call>\n<tool_call>\n{"name": "add", "arguments": {"a": 5, "b": 6}}\n</tool_call>',
    '<tool_call>\n{"name": "add", "arguments": {"a": 7, "b": 8}}\n</tool_call><tool_call>\n{"name": nope}\n</tool_call>',
    '<tool_call>\n{"name": nope}\n</tool_call>',
    'Done.',
  ];
  const idsOf = (messages: readonly Message[]) =>
    messages.flatMap((message) =>
      typeof message.content === 'string'
        ? []
        : (message.content as readonly { type: string; toolCallId?: string }[])
            .filter((part) => part.type !== 'text')
            .map((part) => `${message.role}:${part.type}:${part.toolCallId}`),
    );
  const expected = [
    'assistant:tool-call:call_0',
    'tool:tool-result:call_0',
    'assistant:tool-call:call_0_2',
    'assistant:tool-call:call_1',
    'tool:tool-result:call_0_2',
    'tool:tool-result:call_1',
    'assistant:tool-call:call_0_3',
    'assistant:tool-call-invalid:call_1_2',
    'tool:tool-result:call_0_3',
    'tool:tool-result:call_1_2',
    'assistant:tool-call-invalid:call_0_4',
    'tool:tool-result:call_0_4',
  ];

  it('whole text', async () => {
    const model = fromTextModel((_messages, _tools, { step }) => outputs[step - 1] ?? '', {
      format: 'hermes',
    });
    const result = await runAgent({ model, tools, messages: prompt });
    expect(idsOf(result.responseMessages)).toEqual(expected);
  });

  it('streamed: the parse events carry the ids the history holds', async () => {
    const model = fromTextModel(
      async function* (_messages, _tools, { step }) {
        const text = outputs[step - 1] ?? '';
        for (let index = 0; index < text.length; index += 5) yield text.slice(index, index + 5);
      },
      { format: 'hermes' },
    );
    const started: string[] = [];
    const result = await runAgent({
      model,
      tools,
      messages: prompt,
      onEvent: (event) => {
        if (event.type === 'parse-event' && event.event.type === 'tool-input-start')
          started.push(event.event.id);
      },
    });
    expect(idsOf(result.responseMessages)).toEqual(expected);
    expect(started).toEqual(['call_0', 'call_0_2', 'call_1', 'call_0_3']);
  });

  it('an invalid call without an id is named invalid_N, new in the conversation', () => {
    const history: Message[] = [
      ...prompt,
      {
        role: 'assistant',
        content: [{ type: 'tool-call-invalid', toolCallId: 'invalid_0', raw: 'x', error: 'bad' }],
      },
    ];
    const invalid = { raw: '<tool_call>oops', error: 'bad', issues: [] };
    const result = {
      format: 'hermes',
      content: '',
      reasoning: '',
      toolCalls: [],
      invalidToolCalls: [invalid, invalid],
    };
    const ids = (message: AssistantMessage) =>
      (message.content as readonly { toolCallId?: string }[]).map((part) => part.toolCallId);
    expect(ids(parseResultMessage(result, new FreshCallIds(history)))).toEqual(['invalid_0_2', 'invalid_1']);
    expect(ids(parseResultMessage(result))).toEqual(['invalid_0', 'invalid_1']);
  });
});
