/**
 * The gateway driven by the official client libraries' own tool loops (the `openai` SDK tool runner and
 * stream helper, the AI SDK with `@ai-sdk/openai-compatible`), each against a replay backend that
 * streams Hermes-format model text. The two-step tests check the second prompt exactly from the last
 * user question on: the call as the model's template writes it, then the tool result the client sent.
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs, streamText, tool } from 'ai';
import type { JSONSchema } from 'openai/lib/jsonschema';
import type { RunnableToolFunctionWithParse } from 'openai/lib/RunnableFunction';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  finalText,
  gatewayPerTest,
  question,
  renderedTime,
  renderedWeather,
  timeArgs,
  timeCall,
  turnsAfterCalls,
  twoSteps,
  weatherArgs,
  weatherCall,
  weatherResult,
} from './client-turns.js';
import { hermesCall, weatherTools } from './gateway-harness.js';

const start = gatewayPerTest('sk-clients');

/** A tool of `weatherTools` as the SDK's tool runner takes it: JSON-parsed arguments go to `run`. */
function runnable(index: 0 | 1, run: (args: object) => unknown): RunnableToolFunctionWithParse<object> {
  const entry = weatherTools[index];
  if (entry === undefined) throw new Error(`no tool at ${index}`);
  const { name, description } = entry.function;
  const parameters: Record<string, unknown> = entry.function.parameters;
  return {
    type: 'function',
    function: { name, description, parameters: parameters as JSONSchema, parse: JSON.parse, function: run },
  };
}

const bothCalls = `${weatherCall}\n${timeCall}`;

describe('openai SDK tool runner and stream helper', () => {
  it('runTools: runs the local function on the call, sends its result back, returns the final answer', async () => {
    const { client, replay } = await start({
      replay: {
        recordings: twoSteps(
          `Let me check.\n${weatherCall}`,
          turnsAfterCalls('Let me check.\n', [renderedWeather], [JSON.stringify(weatherResult)]),
        ),
      },
    });
    const received: unknown[] = [];
    const runner = client.chat.completions.runTools({
      model: 'm',
      messages: [{ role: 'user', content: question }],
      tools: [
        runnable(0, (args) => {
          received.push(args);
          return weatherResult;
        }),
      ],
    });
    expect(await runner.finalContent()).toBe(finalText);
    expect(received).toEqual([weatherArgs]);
    expect(replay.requests).toHaveLength(2);
    const [, assistant, toolMessage] = runner.messages;
    expect(assistant).toMatchObject({ role: 'assistant', content: 'Let me check.' });
    const callId = (assistant as { tool_calls: { id: string }[] }).tool_calls[0]?.id;
    expect(callId).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(toolMessage).toEqual({
      role: 'tool',
      tool_call_id: callId,
      content: JSON.stringify(weatherResult),
    });
  });

  it('stream helper: one turn with two calls, each with its exact arguments and a distinct id', async () => {
    const { client } = await start({ replay: { recordings: [{ output: bothCalls }], maxChunkLength: 3 } });
    const stream = client.chat.completions.stream({
      model: 'm',
      messages: [{ role: 'user', content: question }],
      tools: weatherTools,
    });
    const done: unknown[] = [];
    stream.on('tool_calls.function.arguments.done', ({ name, index, arguments: args }) =>
      done.push({ name, index, args }),
    );
    const final = await stream.finalChatCompletion();
    expect(done).toEqual([
      { name: 'get_weather', index: 0, args: '{"city":"São Paulo","unit":"celsius"}' },
      { name: 'get_time', index: 1, args: '{"zone":"America/Sao_Paulo"}' },
    ]);
    const choice = final.choices[0];
    expect(choice?.finish_reason).toBe('tool_calls');
    expect(choice?.message.content).toBeNull();
    const ids = (choice?.message.tool_calls ?? []).map((call) => call.id);
    expect(ids).toHaveLength(2);
    expect(ids.every((id) => /^call_[A-Za-z0-9]{24}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(2);
  });

  it('streaming runTools with two calls in one turn: both results go back in one tool turn', async () => {
    const { client, replay } = await start({
      replay: {
        recordings: twoSteps(
          bothCalls,
          turnsAfterCalls('', [renderedWeather, renderedTime], [JSON.stringify(weatherResult), '09:30']),
        ),
      },
    });
    const received: unknown[] = [];
    const runner = client.chat.completions.runTools({
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: question }],
      tools: [
        runnable(0, (args) => {
          received.push(args);
          return weatherResult;
        }),
        runnable(1, (args) => {
          received.push(args);
          return '09:30';
        }),
      ],
    });
    expect(await runner.finalContent()).toBe(finalText);
    expect(received).toEqual([weatherArgs, timeArgs]);
    expect(replay.requests).toHaveLength(2);
    const toolMessages = runner.messages.filter((message) => message.role === 'tool');
    const ids = toolMessages.map((message) => (message as { tool_call_id: string }).tool_call_id);
    expect(new Set(ids).size).toBe(2);
  });
});

describe('AI SDK (openai-compatible provider)', () => {
  function provider(url: string) {
    return createOpenAICompatible({
      baseURL: `${url}/v1`,
      name: 'toolwire',
      apiKey: 'sk-clients',
      includeUsage: true,
    });
  }
  function aiTools(received: unknown[]) {
    return {
      get_weather: tool({
        description: 'Current weather for a city',
        inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).optional() }),
        execute: async (input) => {
          received.push(input);
          return weatherResult;
        },
      }),
      get_time: tool({
        description: 'Current time in a timezone',
        inputSchema: z.object({ zone: z.string() }),
        execute: async (input) => {
          received.push(input);
          return '09:30';
        },
      }),
    };
  }
  /** The settings every case shares: the gateway's model, the question, the tools, no retries. */
  function settings(url: string, received: unknown[]) {
    return { model: provider(url)('m'), prompt: question, maxRetries: 0, tools: aiTools(received) };
  }
  /** Every part of a two-step `streamText` run, in order. */
  async function streamParts(url: string, received: unknown[]) {
    const result = streamText({ ...settings(url, received), stopWhen: stepCountIs(2) });
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    return { result, parts };
  }
  /** The AI SDK's record of `get_weather` run on `weatherArgs`. */
  function weatherToolResult(toolCallId: string | undefined) {
    const fields = { toolName: 'get_weather', input: weatherArgs, output: weatherResult, dynamic: false };
    return { type: 'tool-result', toolCallId, ...fields };
  }
  const weatherStep = turnsAfterCalls('', [renderedWeather], [JSON.stringify(weatherResult)]);

  it('generateText: a tool call, its execution, then the final text', async () => {
    const { url, replay } = await start({ replay: { recordings: twoSteps(weatherCall, weatherStep) } });
    const received: unknown[] = [];
    const result = await generateText({
      ...settings(url, received),
      stopWhen: stepCountIs(2),
    });
    expect(result.text).toBe(finalText);
    expect(received).toEqual([weatherArgs]);
    expect(replay.requests).toHaveLength(2);
    const [first, second] = result.steps;
    expect(first?.finishReason).toBe('tool-calls');
    const callId = first?.toolCalls[0]?.toolCallId;
    expect(callId).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(first?.toolCalls).toEqual([
      { type: 'tool-call', toolCallId: callId, toolName: 'get_weather', input: weatherArgs },
    ]);
    expect(first?.toolResults).toEqual([weatherToolResult(callId)]);
    expect(second?.finishReason).toBe('stop');
    expect(second?.toolCalls).toEqual([]);
  });

  it('streamText: the stream parts carry the text, the call with its exact input, the final text, usage', async () => {
    const recordings = twoSteps(
      `Let me check.\n${weatherCall}`,
      turnsAfterCalls('Let me check.\n', [renderedWeather], [JSON.stringify(weatherResult)]),
    ).map((recording) => ({ ...recording, usage: { promptTokens: 100, completionTokens: 10 } }));
    const { url, replay } = await start({ replay: { recordings, seed: 7 } });
    const received: unknown[] = [];
    const { result, parts } = await streamParts(url, received);
    const calls = parts.filter((part) => part.type === 'tool-call');
    expect(calls).toHaveLength(1);
    const callId = calls[0]?.toolCallId;
    expect(callId).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(calls).toEqual([
      { type: 'tool-call', toolCallId: callId, toolName: 'get_weather', input: weatherArgs },
    ]);
    const inputText = parts.flatMap((part) =>
      part.type === 'tool-input-delta' && part.id === callId ? [part.delta] : [],
    );
    expect(inputText.join('')).toBe(JSON.stringify(weatherArgs));
    expect(parts.filter((part) => part.type === 'tool-result')).toEqual([weatherToolResult(callId)]);
    const text = parts.flatMap((part) => (part.type === 'text-delta' ? [part.text] : []));
    expect(text.join('')).toBe(`Let me check.${finalText}`);
    expect(await result.totalUsage).toMatchObject({ inputTokens: 200, outputTokens: 20, totalTokens: 220 });
    expect(await result.text).toBe(finalText);
    expect(received).toEqual([weatherArgs]);
    expect(replay.requests).toHaveLength(2);
  });

  it('streamText with two calls in one turn: distinct ids, both executed, both results sent back', async () => {
    const secondPrompt = turnsAfterCalls(
      '',
      [renderedWeather, renderedTime],
      [JSON.stringify(weatherResult), '09:30'],
    );
    const { url, replay } = await start({ replay: { recordings: twoSteps(bothCalls, secondPrompt) } });
    const received: unknown[] = [];
    const { result, parts } = await streamParts(url, received);
    const calls = parts.flatMap((part) =>
      part.type === 'tool-call' ? [{ id: part.toolCallId, name: part.toolName, input: part.input }] : [],
    );
    expect(calls.map(({ name, input }) => ({ name, input }))).toEqual([
      { name: 'get_weather', input: weatherArgs },
      { name: 'get_time', input: timeArgs },
    ]);
    // Both ids are the gateway's (the provider would make up its own for a repeated one), and distinct.
    const gatewayId = expect.stringMatching(/^call_[A-Za-z0-9]{24}$/);
    expect(calls.map((call) => call.id)).toEqual([gatewayId, gatewayId]);
    expect(new Set(calls.map((call) => call.id)).size).toBe(2);
    expect(await result.text).toBe(finalText);
    expect(received).toEqual([weatherArgs, timeArgs]);
    expect(replay.requests).toHaveLength(2);
  });

  it("toolChoice 'required' on a grammar backend: the backend gets the format's grammar, the call comes back", async () => {
    const { url, replay } = await start({
      backend: { type: 'openai-completions', grammarField: 'grammar' },
      replay: { recordings: [{ output: hermesCall('get_time', { zone: 'UTC' }) }] },
    });
    const received: unknown[] = [];
    const result = await generateText({
      ...settings(url, received),
      toolChoice: 'required',
    });
    expect(result.toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'get_time', input: { zone: 'UTC' } },
    ]);
    expect(received).toEqual([{ zone: 'UTC' }]);
    const grammar = String(replay.requests[0]?.body.grammar);
    expect(grammar).toContain('root ::=');
    expect(grammar).toContain('<tool_call>');
    expect(grammar).toContain('get_weather');
    expect(grammar).toContain('get_time');
  });

  it('a named tool on llama.cpp: the GBNF grammar names only that tool', async () => {
    const { url, replay } = await start({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: weatherCall }] },
    });
    const received: unknown[] = [];
    const result = await generateText({
      ...settings(url, received),
      toolChoice: { type: 'tool', toolName: 'get_weather' },
    });
    expect(result.toolCalls.map(({ toolName, input }) => ({ toolName, input }))).toEqual([
      { toolName: 'get_weather', input: weatherArgs },
    ]);
    expect(received).toEqual([weatherArgs]);
    expect(replay.requests[0]?.path).toBe('/completion');
    const grammar = String(replay.requests[0]?.body.grammar);
    expect(grammar).toContain('get_weather');
    expect(grammar).not.toContain('get_time');
  });
});
