/**
 * The gateway driven by LangChain's `ChatOpenAI` (Chat Completions, not the Responses API) with bound
 * tools: whole and streamed answers parsed into `tool_calls`, and a second turn carrying a
 * `ToolMessage`, against a replay backend that streams Hermes-format model text.
 */
import type { AIMessageChunk } from '@langchain/core/messages';
import { HumanMessage, ToolMessage } from '@langchain/core/messages';
import { tool } from '@langchain/core/tools';
import { ChatOpenAI } from '@langchain/openai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  finalText,
  gatewayPerTest,
  question,
  renderedWeather,
  turnsAfterCalls,
  twoSteps,
  weatherArgs,
  weatherCall,
  weatherResult,
} from './client-turns.js';
import { hermesCall } from './gateway-harness.js';

const start = gatewayPerTest('sk-langchain');

function chatModel(url: string): ChatOpenAI {
  return new ChatOpenAI({
    model: 'm',
    apiKey: 'sk-langchain',
    maxRetries: 0,
    configuration: { baseURL: `${url}/v1` },
  });
}

// @langchain/core 0.3 infers a tool's input type from zod 3 schemas only: with zod 4 the input is
// `unknown`, so each tool parses it with its own schema.
const weatherInput = z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']).optional() });
const timeInput = z.object({ zone: z.string() });
const received: unknown[] = [];
const getWeather = tool(
  async (input) => {
    const { city } = weatherInput.parse(input);
    received.push(input);
    return JSON.stringify({ ...weatherResult, city });
  },
  { name: 'get_weather', description: 'Current weather for a city', schema: weatherInput },
);
const getTime = tool(async (input) => `09:30 in ${timeInput.parse(input).zone}`, {
  name: 'get_time',
  description: 'Current time in a timezone',
  schema: timeInput,
});

const callText = `Let me check.\n${weatherCall}`;

function expectCall(calls: unknown): string {
  expect(calls).toEqual([
    { name: 'get_weather', args: weatherArgs, id: expect.stringMatching(/^call_/), type: 'tool_call' },
  ]);
  const [call] = calls as { id: string }[];
  expect(call?.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
  return call?.id ?? '';
}

describe('LangChain ChatOpenAI with bound tools', () => {
  it('invoke: tool_calls with name, parsed args and a call_ id; the text before the call is content', async () => {
    const { url, replay } = await start({ replay: { recordings: [{ output: callText }] } });
    const answer = await chatModel(url).bindTools([getWeather, getTime]).invoke(question);
    expectCall(answer.tool_calls);
    expect(answer.content).toBe('Let me check.');
    expect(answer.invalid_tool_calls).toEqual([]);
    expect(answer.response_metadata.finish_reason).toBe('tool_calls');
    const prompt = String(replay.requests[0]?.body.prompt);
    expect(prompt).toContain('"name": "get_weather"');
    expect(prompt).toContain('"name": "get_time"');
  });

  it('stream: the chunks concatenate to the same tool_calls and content, with usage', async () => {
    const usage = { promptTokens: 100, completionTokens: 10 };
    const { url } = await start({ replay: { recordings: [{ output: callText, usage }], maxChunkLength: 2 } });
    const stream = await chatModel(url).bindTools([getWeather, getTime]).stream(question);
    let whole: AIMessageChunk | undefined;
    let chunks = 0;
    for await (const chunk of stream) {
      whole = whole === undefined ? chunk : whole.concat(chunk);
      chunks++;
    }
    expect(chunks).toBeGreaterThan(2);
    const id = expectCall(whole?.tool_calls);
    expect(whole?.content).toBe('Let me check.');
    expect(whole?.tool_call_chunks).toEqual([
      { name: 'get_weather', args: JSON.stringify(weatherArgs), id, index: 0, type: 'tool_call_chunk' },
    ]);
    expect(whole?.usage_metadata).toMatchObject({ input_tokens: 100, output_tokens: 10, total_tokens: 110 });
  });

  it('two steps: the ToolMessage goes back and the final text comes out', async () => {
    // LangChain sends an AI message that has tool_calls with `content: ""`, so the text the model wrote
    // before the call ("Let me check.") is not in the second prompt.
    const secondTurns = turnsAfterCalls('', [renderedWeather], [JSON.stringify(weatherResult)]);
    const { url, replay } = await start({ replay: { recordings: twoSteps(callText, secondTurns) } });
    const model = chatModel(url).bindTools([getWeather, getTime]);
    received.length = 0;
    const history = [new HumanMessage(question)];
    const first = await model.invoke(history);
    const id = expectCall(first.tool_calls);
    const [call] = first.tool_calls ?? [];
    if (call === undefined) throw new Error('no tool call');
    // Invoked with the whole call (not its args), a LangChain tool answers with a ToolMessage.
    const toolMessage: unknown = await getWeather.invoke({ ...call, type: 'tool_call' });
    expect(received).toEqual([weatherArgs]);
    if (!(toolMessage instanceof ToolMessage)) throw new Error('the tool did not answer with a ToolMessage');
    expect(toolMessage.tool_call_id).toBe(id);
    const final = await model.invoke([...history, first, toolMessage]);
    expect(final.content).toBe(finalText);
    expect(final.tool_calls).toEqual([]);
    expect(replay.requests).toHaveLength(2);
  });

  it('tool_choice naming a tool on llama.cpp: the grammar names only that tool', async () => {
    const { url, replay } = await start({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('get_time', { zone: 'UTC' }) }] },
    });
    const answer = await chatModel(url)
      .bindTools([getWeather, getTime], { tool_choice: 'get_time' })
      .invoke(question);
    expect(answer.tool_calls).toEqual([
      { name: 'get_time', args: { zone: 'UTC' }, id: expect.stringMatching(/^call_/), type: 'tool_call' },
    ]);
    const grammar = String(replay.requests[0]?.body.grammar);
    expect(grammar).toContain('get_time');
    expect(grammar).not.toContain('get_weather');
  });
});
