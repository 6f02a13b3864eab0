/**
 * The OpenAI Agents SDK (`@openai/agents`, pinned as a dev dependency) against the gateway, over
 * Responses (`OpenAIResponsesModel`) and over Chat Completions (`OpenAIChatCompletionsModel`), whole
 * and streamed, once per model family: an agent with two function tools, the model (replayed) calls
 * both in one turn, the SDK runs them and sends both outputs back, the backend's next prompt holds the
 * outputs exactly as the model's template renders them, and the model's answer is the run's final
 * output. Tracing is off, so the SDK sends nothing but the model requests.
 */
import {
  Agent,
  OpenAIChatCompletionsModel,
  OpenAIProvider,
  OpenAIResponsesModel,
  run,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { e2eFormats } from './e2e-formats.js';
import { type ClientRequest, type E2eGateway, startE2eGateway } from './e2e-gateway.js';

setTracingDisabled(true);

const question = 'Weather and time in Paris?';
const weather = 'Sunny, 18 °C in Paris';
const time = '14:05 in Europe/Paris';
const answer = 'It is sunny and 18 °C in Paris, and 14:05 there.';

let gateway: E2eGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  gateway = undefined;
});

/** What the tools were called with, in order. */
function agentWithTools(calls: unknown[]): Agent {
  return new Agent({
    name: 'Paris helper',
    instructions: 'Answer with the tools.',
    tools: [
      tool({
        name: 'get_weather',
        description: 'Current weather for a city',
        parameters: z.object({ city: z.string() }),
        execute: async (input) => {
          calls.push({ get_weather: input });
          return weather;
        },
      }),
      tool({
        name: 'get_time',
        description: 'Current time in a timezone',
        parameters: z.object({ zone: z.string() }),
        execute: async (input) => {
          calls.push({ get_time: input });
          return time;
        },
      }),
    ],
  });
}

/** The outputs of tool calls the SDK sent back, by surface, in order (each later request repeats them). */
function toolOutputs(requests: readonly ClientRequest[], api: 'responses' | 'chat'): string[] {
  const last = requests.at(-1)?.body as
    | { input?: Record<string, unknown>[]; messages?: Record<string, unknown>[] }
    | undefined;
  if (api === 'responses')
    return (last?.input ?? [])
      .filter((item) => item.type === 'function_call_output')
      .map((item) => String(item.output));
  return (last?.messages ?? [])
    .filter((message) => message.role === 'tool')
    .map((message) => String(message.content));
}

const apis = [
  { api: 'responses', path: '/v1/responses', modelClass: OpenAIResponsesModel },
  { api: 'chat', path: '/v1/chat/completions', modelClass: OpenAIChatCompletionsModel },
] as const;

for (const { api, path, modelClass } of apis) {
  describe(`OpenAI Agents SDK over ${path} (${modelClass.name})`, () => {
    for (const format of e2eFormats) {
      for (const stream of [false, true]) {
        it(`${format.format}${stream ? ', streamed' : ''}: both tools run, their outputs reach the prompt, the answer is the final output`, async () => {
          const started = await startE2eGateway({ format });
          gateway = started;
          const rendered = format.renderedResults([
            { name: 'get_weather', output: weather },
            { name: 'get_time', output: time },
          ]);
          started.setScript({
            task: question,
            tool: 'get_weather',
            call: format.calls([
              { name: 'get_weather', args: { city: 'Paris' } },
              { name: 'get_time', args: { zone: 'Europe/Paris' } },
            ]),
            resultMarker: weather,
            renderedResult: () => rendered,
            answer: format.answer(answer),
          });
          const provider = new OpenAIProvider({
            baseURL: `${started.url}/v1`,
            apiKey: 'sk-e2e-unused',
            useResponses: api === 'responses',
          });
          const model = await provider.getModel('m');
          expect(model).toBeInstanceOf(modelClass);
          const calls: unknown[] = [];
          const agent = agentWithTools(calls).clone({ model });
          let finalOutput: unknown;
          if (stream) {
            const result = await run(agent, question, { stream: true });
            for await (const _event of result) {
              // Reading every event is what a streaming user does; the answer is checked below.
            }
            await result.completed;
            finalOutput = result.finalOutput;
          } else {
            finalOutput = (await run(agent, question)).finalOutput;
          }

          expect(finalOutput).toBe(answer);
          expect(calls).toEqual([{ get_weather: { city: 'Paris' } }, { get_time: { zone: 'Europe/Paris' } }]);
          expect(started.steps).toEqual(['call', 'answer']);
          const requests = started.clientRequests.filter((request) => request.path === path);
          expect(requests).toHaveLength(2);
          expect(requests.map((request) => (request.body as { stream?: unknown }).stream === true)).toEqual([
            stream,
            stream,
          ]);
          expect(toolOutputs(requests, api)).toEqual([weather, time]);
          const answered = started.replay.requests[1];
          expect(String(answered?.body.prompt)).toContain(rendered);
        });
      }
    }
  });
}
