import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { generateText, stepCountIs, streamText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { promptRenderers, toolCallMiddleware } from '../../src/ai-sdk/index.js';
import { ToolwireError } from '../../src/errors/toolwire-error.js';
import type { ToolDefinition } from '../../src/types/tool.js';
import { aiTools, collectWarnings, cutOffCallPart, replayModel } from './harness.js';

const tools: ToolDefinition[] = [
  {
    name: 'get_weather',
    description: 'Get the weather.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  { name: 'get_time', parameters: { type: 'object', properties: {} } },
];
const hermesSection = promptRenderers.hermes?.[0]?.renderer.section(tools) ?? '';
const callText = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

/** What the wrapped model was asked: prompt, tools and toolChoice of each call. */
function asked(calls: readonly LanguageModelV3CallOptions[]) {
  return calls.map((call) => ({ prompt: call.prompt, tools: call.tools, toolChoice: call.toolChoice }));
}

describe('toolCallMiddleware', () => {
  it('format "auto" with a model id no format lists: the warnings say so, whole and streamed; a known id: none', async () => {
    const expected = {
      type: 'other',
      message:
        'toolCallMiddleware: format "auto" with model "my-model", which no format lists, wrote a generic tool section into the prompt and reads the output\'s format from its markers: pass `format` or `model` (the Hugging Face id) to write and read the model\'s own',
    };
    const unknown = wrapLanguageModel({
      model: replayModel([callText], undefined, 'my-model'),
      middleware: toolCallMiddleware(),
    });
    const whole = await collectWarnings(() =>
      generateText({ model: unknown, prompt: 'Weather in Paris?', tools: aiTools(tools, () => ({})) }),
    );
    expect(whole.value.toolCalls.map((call) => call.input)).toEqual([{ city: 'Paris' }]);
    expect(whole.value.warnings).toEqual([expected]);
    const streamed = await collectWarnings(async () => {
      const result = streamText({
        model: unknown,
        prompt: 'Weather in Paris?',
        tools: aiTools(tools, () => ({})),
      });
      await result.consumeStream();
      return result.warnings;
    });
    expect(await streamed.value).toEqual([expected]);
    const known = wrapLanguageModel({
      model: replayModel([callText], undefined, 'Qwen/Qwen2.5-7B-Instruct'),
      middleware: toolCallMiddleware(),
    });
    const quiet = await generateText({
      model: known,
      prompt: 'Weather in Paris?',
      tools: aiTools(tools, () => ({})),
    });
    expect(quiet.warnings).toEqual([]);
  });

  it('runs a two-step conversation through the AI SDK loop (stopWhen: stepCountIs(2)), history rendered as the format writes it', async () => {
    const inner = replayModel([callText, 'It is 18 degrees in Paris.']);
    const model = wrapLanguageModel({ model: inner, middleware: toolCallMiddleware({ format: 'hermes' }) });
    const { value, warnings } = await collectWarnings(() =>
      generateText({
        model,
        system: 'You are terse.',
        prompt: 'Weather in Paris?',
        tools: aiTools(tools, (_name, input) => ({ temperature: 18, input })),
        stopWhen: stepCountIs(2),
      }),
    );
    expect(warnings).toEqual([]);
    expect(value.steps.map((step) => [step.finishReason, step.toolCalls.map((call) => call.input)])).toEqual([
      ['tool-calls', [{ city: 'Paris' }]],
      ['stop', []],
    ]);
    expect(value.text).toBe('It is 18 degrees in Paris.');
    const system = { role: 'system', content: `You are terse.\n\n${hermesSection}` };
    const user = { role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] };
    expect(asked(inner.doGenerateCalls)).toEqual([
      { prompt: [system, user], tools: undefined, toolChoice: undefined },
      {
        prompt: [
          system,
          user,
          { role: 'assistant', content: [{ type: 'text', text: callText }] },
          {
            role: 'user',
            content: [
              {
                type: 'text',
                text: '<tool_response>\n{"temperature":18,"input":{"city":"Paris"}}\n</tool_response>',
              },
            ],
          },
        ],
        tools: undefined,
        toolChoice: undefined,
      },
    ]);
  });

  it('streams the same two steps with streamText', async () => {
    const inner = replayModel([callText, 'It is 18 degrees in Paris.'], 4);
    const model = wrapLanguageModel({ model: inner, middleware: toolCallMiddleware({ format: 'hermes' }) });
    const result = streamText({
      model,
      prompt: 'Weather in Paris?',
      tools: aiTools(tools, () => 'sunny'),
      stopWhen: stepCountIs(2),
    });
    expect(await result.text).toBe('It is 18 degrees in Paris.');
    expect((await result.steps).map((step) => step.toolResults.map((r) => [r.toolCallId, r.output]))).toEqual(
      [[['call_0', 'sunny']], []],
    );
    expect(inner.doStreamCalls[1]?.prompt.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: '<tool_response>\nsunny\n</tool_response>' }],
    });
  });

  it('emulates toolChoice: required, a named tool (only it listed and accepted), none', async () => {
    const run = async (
      toolChoice: 'required' | 'none' | { type: 'tool'; toolName: 'get_time' },
      output: string,
    ) => {
      const inner = replayModel([output]);
      const model = wrapLanguageModel({ model: inner, middleware: toolCallMiddleware({ format: 'hermes' }) });
      const result = await generateText({ model, prompt: 'Hi', tools: aiTools(tools), toolChoice });
      return {
        prompt: inner.doGenerateCalls[0]?.prompt[0],
        calls: result.toolCalls.map((c) => [c.toolName, c.invalid === true]),
        text: result.text,
      };
    };
    expect(await run('required', callText)).toEqual({
      prompt: {
        role: 'system',
        content: `${hermesSection}\n\nYou must call at least one of these functions now.`,
      },
      calls: [['get_weather', false]],
      text: '',
    });
    const named = promptRenderers.hermes?.[0]?.renderer.section([tools[1] as ToolDefinition]);
    const timeCall = '<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>';
    expect(await run({ type: 'tool', toolName: 'get_time' }, timeCall)).toEqual({
      prompt: { role: 'system', content: `${named}\n\nYou must call the function "get_time" now.` },
      calls: [['get_time', false]],
      text: '',
    });
    // A call to another tool is not accepted (invalid), so the AI SDK's own check rejects the step.
    await expect(run({ type: 'tool', toolName: 'get_time' }, callText)).rejects.toThrow(
      "Model response did not contain a call to the required tool 'get_time'.",
    );
    expect(await run('none', callText)).toEqual({
      prompt: { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      calls: [],
      text: callText,
    });
  });

  it('picks the format and renderer by model name (the option, else the wrapped model id)', async () => {
    const inner = replayModel(
      ['<tool_call>\n<function=get_time>\n</function>\n</tool_call>'],
      undefined,
      'Qwen/Qwen3-Coder-30B-A3B-Instruct',
    );
    const model = wrapLanguageModel({ model: inner, middleware: toolCallMiddleware() });
    const result = await generateText({ model, prompt: 'Time?', tools: aiTools(tools) });
    expect(result.toolCalls.map((call) => [call.toolCallId, call.toolName, call.input])).toEqual([
      ['call_0', 'get_time', {}],
    ]);
    expect(inner.doGenerateCalls[0]?.prompt[0]).toEqual({
      role: 'system',
      content: promptRenderers.qwen3_coder?.at(-1)?.renderer.section(tools),
    });
  });

  it('changes nothing without function tools', async () => {
    const inner = replayModel([callText]);
    const model = wrapLanguageModel({ model: inner, middleware: toolCallMiddleware({ format: 'hermes' }) });
    const result = await generateText({ model, prompt: 'Hi' });
    expect([result.text, result.toolCalls]).toEqual([callText, []]);
  });

  it('throws ToolwireError for an unknown format', () => {
    expect(() => toolCallMiddleware({ format: 'nope' })).toThrow(ToolwireError);
  });
});

describe('toolCallMiddleware wrapStream', () => {
  it('flushes held-back text and an open call when the stream ends without a finish part', async () => {
    const middleware = toolCallMiddleware({ format: 'hermes' });
    const inner = replayModel(['']);
    const params = await middleware.transformParams?.({
      type: 'stream',
      params: {
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        tools: [{ type: 'function', name: 'get_time', inputSchema: { type: 'object' } }],
      },
      model: inner,
    });
    const deltas = ['Sure <tool_', 'call>\n{"name": "get_time", "argu'];
    const doStream = async () => ({
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const delta of deltas) controller.enqueue({ type: 'text-delta', id: '0', delta });
          controller.close();
        },
      }),
    });
    const result = await middleware.wrapStream?.({
      doStream,
      doGenerate: async () => {
        throw new Error('not called');
      },
      params: params as LanguageModelV3CallOptions,
      model: inner,
    });
    const parts: LanguageModelV3StreamPart[] = [];
    for await (const part of result?.stream as unknown as AsyncIterable<LanguageModelV3StreamPart>)
      parts.push(part);
    const raw = '<tool_call>\n{"name": "get_time", "argu';
    expect(parts).toEqual([
      { type: 'text-start', id: 'tw-text-0' },
      { type: 'text-delta', id: 'tw-text-0', delta: 'Sure ' },
      { type: 'text-end', id: 'tw-text-0' },
      { type: 'tool-input-start', id: 'call_0', toolName: 'get_time' },
      { type: 'tool-input-end', id: 'call_0' },
      cutOffCallPart('call_0', 'get_time', raw),
    ]);
  });

  /** The middleware's stream over upstream `parts` (hermes, the weather tool offered). */
  async function streamThrough(
    parts: readonly LanguageModelV3StreamPart[],
  ): Promise<LanguageModelV3StreamPart[]> {
    const middleware = toolCallMiddleware({ format: 'hermes' });
    const inner = replayModel(['']);
    const params = await middleware.transformParams?.({
      type: 'stream',
      params: {
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        tools: [{ type: 'function', name: 'get_weather', inputSchema: { type: 'object' } }],
      },
      model: inner,
    });
    const result = await middleware.wrapStream?.({
      doStream: async () => ({
        stream: new ReadableStream<LanguageModelV3StreamPart>({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      }),
      doGenerate: async () => {
        throw new Error('not called');
      },
      params: params as LanguageModelV3CallOptions,
      model: inner,
    });
    const out: LanguageModelV3StreamPart[] = [];
    for await (const part of result?.stream as unknown as AsyncIterable<LanguageModelV3StreamPart>)
      out.push(part);
    return out;
  }

  const finish: LanguageModelV3StreamPart = {
    type: 'finish',
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 1, text: 1, reasoning: undefined },
    },
  };

  /** The middleware's generate result over upstream `content` (hermes, the weather tool offered). */
  async function generateThrough(content: readonly unknown[]): Promise<readonly unknown[]> {
    const middleware = toolCallMiddleware({ format: 'hermes' });
    const inner = replayModel(['']);
    const params = (await middleware.transformParams?.({
      type: 'generate',
      params: {
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        tools: [{ type: 'function', name: 'get_weather', inputSchema: { type: 'object' } }],
      },
      model: inner,
    })) as LanguageModelV3CallOptions;
    const result = await middleware.wrapGenerate?.({
      doGenerate: async () => ({
        content: content as never,
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: finish.type === 'finish' ? finish.usage : (undefined as never),
        warnings: [],
      }),
      doStream: async () => {
        throw new Error('not called');
      },
      params,
      model: inner,
    });
    return result?.content ?? [];
  }

  it('passes on what comes after the first finish (text kept, a second finish dropped) instead of erroring', async () => {
    const parts = await streamThrough([
      { type: 'text-delta', id: '0', delta: 'Hello' },
      finish,
      { type: 'text-start', id: 'late' },
      { type: 'text-delta', id: 'late', delta: ' again' },
      { type: 'text-end', id: 'late' },
      finish,
    ]);
    expect(parts).toEqual([
      { type: 'text-start', id: 'tw-text-0' },
      { type: 'text-delta', id: 'tw-text-0', delta: 'Hello' },
      { type: 'text-end', id: 'tw-text-0' },
      finish,
      { type: 'text-start', id: 'late' },
      { type: 'text-delta', id: 'late', delta: ' again' },
      { type: 'text-end', id: 'late' },
    ]);
  });

  it('keeps call ids unique when a native call passed through has the id the parser gives (call_0)', async () => {
    const native: LanguageModelV3StreamPart = {
      type: 'tool-call',
      toolCallId: 'call_0',
      toolName: 'web_search',
      input: '{}',
      providerExecuted: true,
    };
    const nativeResult: LanguageModelV3StreamPart = {
      type: 'tool-result',
      toolCallId: 'call_0',
      toolName: 'web_search',
      result: { hits: 0 },
    };
    const parts = await streamThrough([
      native,
      nativeResult,
      { type: 'text-delta', id: '0', delta: callText },
      finish,
    ]);
    const ids = parts.flatMap((part) =>
      part.type === 'tool-call' || part.type === 'tool-result' ? [[part.type, part.toolCallId]] : [],
    );
    expect(ids).toEqual([
      ['tool-call', 'call_0'],
      ['tool-result', 'call_0'],
      ['tool-call', 'call_0-1'],
    ]);
    expect(parts.filter((part) => part.type === 'tool-input-start').map((part) => part.id)).toEqual([
      'call_0-1',
    ]);

    const whole = (await generateThrough([
      { type: 'text', text: callText },
      {
        type: 'tool-call',
        toolCallId: 'call_0',
        toolName: 'web_search',
        input: '{}',
        providerExecuted: true,
      },
    ])) as LanguageModelV3Content[];
    expect(
      whole.flatMap((part) => (part.type === 'tool-call' ? [[part.toolName, part.toolCallId]] : [])),
    ).toEqual([
      ['get_weather', 'call_0'],
      ['web_search', 'call_0-1'],
    ]);
  });

  // Found by the middleware property (test/fuzz/middleware-parts.test.ts): a part that is not one
  // threw a TypeError (null) or a ToolwireError (a delta that is not a string) and ended the stream,
  // and the text after it was lost.
  it('passes on garbage parts as they came and parses the text around them', async () => {
    const garbage = [
      null,
      42,
      { type: 'text-delta', id: '1', delta: 42 },
      { type: 'text-delta', id: '1' },
      // Parts without an id keep none (one was made up: "undefined-1").
      { type: 'tool-call', toolName: 'web_search', input: '{}' },
      { type: 'tool-input-start' },
    ];
    const parts = await streamThrough([
      { type: 'text-delta', id: '0', delta: 'Hello ' },
      ...(garbage as LanguageModelV3StreamPart[]),
      { type: 'text-delta', id: '0', delta: 'world' },
      finish,
    ]);
    expect(parts).toEqual([
      { type: 'text-start', id: 'tw-text-0' },
      { type: 'text-delta', id: 'tw-text-0', delta: 'Hello ' },
      ...garbage,
      { type: 'text-delta', id: 'tw-text-0', delta: 'world' },
      { type: 'text-end', id: 'tw-text-0' },
      finish,
    ]);
    expect(
      await generateThrough([{ type: 'text', text: 'Hello ' }, null, { type: 'text', text: 42 }]),
    ).toEqual([{ type: 'text', text: 'Hello ' }, null, { type: 'text', text: 42 }]);
  });

  it('passes on a finish part without a finish reason after a parsed call (was a TypeError)', async () => {
    const parts = await streamThrough([
      { type: 'text-delta', id: '0', delta: callText },
      { type: 'finish' } as LanguageModelV3StreamPart,
    ]);
    expect(parts.at(-1)).toEqual({ type: 'finish', finishReason: undefined });
    expect(parts.filter((part) => part.type === 'tool-call').map((part) => part.input)).toEqual([
      '{"city":"Paris"}',
    ]);
  });

  it("never appends parsed text to the upstream's own parts: its signed reasoning stays as it came", async () => {
    const signed = {
      type: 'reasoning',
      text: 'mine',
      providerMetadata: { anthropic: { signature: 'sig' } },
    };
    expect(await generateThrough([signed, { type: 'text', text: '<think>parsed</think>Hi' }])).toEqual([
      signed,
      { type: 'reasoning', text: 'parsed' },
      { type: 'text', text: 'Hi' },
    ]);
    expect(
      await generateThrough([
        { type: 'text', text: 42 },
        { type: 'text', text: 'Hello' },
      ]),
    ).toEqual([
      { type: 'text', text: 42 },
      { type: 'text', text: 'Hello' },
    ]);
  });
});
