/**
 * toolwire with the AI SDK: a model that writes its tool calls as text (here a mock replaying what
 * Qwen3-Coder writes) gets native tool calling through `toolCallMiddleware`, and `streamText` runs
 * two tools in its loop, printing each call, result and step.
 *
 * Run it: `npx vite-node examples/ai-sdk.ts` (in a clone, after `npm ci`, which builds the package that
 * `toolwire/ai-sdk` names here). In a project with toolwire and ai 6 installed the file runs as it is
 * (`npx vite-node ai-sdk.ts`, or `node ai-sdk.ts` on Node 22.18+). test/docs/examples.test.ts runs it and
 * checks every line it prints.
 */
import { jsonSchema, simulateReadableStream, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { toolCallMiddleware } from 'toolwire/ai-sdk';

/** What the model writes on each step: two calls, then an answer that uses their results. */
const outputs = [
  'Let me check both.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n' +
    '<parameter=days>\n2\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=get_time>\n' +
    '<parameter=zone>\nEurope/Paris\n</parameter>\n</function>\n</tool_call>',
  'In Paris it is 14:05 and 18 °C, sunny for the next 2 days.',
];

/** A mock model streaming `outputs[step]` in 7-character chunks, as a server would. */
function textOnlyModel(): MockLanguageModelV3 {
  let step = 0;
  return new MockLanguageModelV3({
    modelId: 'Qwen/Qwen3-Coder-30B-A3B-Instruct',
    doStream: async () => {
      const text = outputs[Math.min(step++, outputs.length - 1)] ?? '';
      const deltas = text.match(/[\s\S]{1,7}/g) ?? [];
      return {
        stream: simulateReadableStream({
          chunks: [
            { type: 'stream-start' as const, warnings: [] },
            { type: 'text-start' as const, id: '0' },
            ...deltas.map((delta) => ({ type: 'text-delta' as const, id: '0', delta })),
            { type: 'text-end' as const, id: '0' },
            {
              type: 'finish' as const,
              finishReason: { unified: 'stop' as const, raw: 'stop' },
              usage: {
                inputTokens: { total: 50, noCache: 50, cacheRead: undefined, cacheWrite: undefined },
                outputTokens: { total: 40, text: 40, reasoning: undefined },
              },
            },
          ],
        }),
      };
    },
  });
}

// The format comes from the model id (Qwen3-Coder → qwen3_coder); `format: 'qwen3_coder'` says it outright.
const model = wrapLanguageModel({ model: textOnlyModel(), middleware: toolCallMiddleware() });
const result = streamText({
  model,
  prompt: 'Weather and local time in Paris?',
  tools: {
    get_weather: tool({
      description: 'Weather forecast for a city.',
      inputSchema: jsonSchema<{ city: string; days?: number }>({
        type: 'object',
        properties: { city: { type: 'string' }, days: { type: 'integer' } },
        required: ['city'],
      }),
      execute: async ({ city, days }) => ({ city, days, celsius: 18, sky: 'sunny' }),
    }),
    get_time: tool({
      description: 'Local time in an IANA time zone.',
      inputSchema: jsonSchema<{ zone: string }>({
        type: 'object',
        properties: { zone: { type: 'string' } },
        required: ['zone'],
      }),
      execute: async ({ zone }) => ({ zone, time: '14:05' }),
    }),
  },
  stopWhen: stepCountIs(2),
});
for await (const part of result.fullStream) {
  if (part.type === 'tool-call')
    console.log(`call ${part.toolCallId} ${part.toolName} ${JSON.stringify(part.input)}`);
  if (part.type === 'tool-result') console.log(`result ${part.toolCallId} ${JSON.stringify(part.output)}`);
  if (part.type === 'finish-step') console.log(`step finished: ${part.finishReason}`);
}
console.log(`text: ${await result.text}`);
