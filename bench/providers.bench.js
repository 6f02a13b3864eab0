// repairHistory + toRequest for every provider on a 10-message and a 10,000-message history, side by side
// with the AI SDK's own prompt conversion (`@ai-sdk/openai` chat and `@ai-sdk/anthropic` messages models'
// request building, which is what they run before every call). Reports the cost per message and the
// 10,000 ÷ 10 ratio of that cost (1 = linear). Run with `npm run bench providers` (builds dist first) or
// `node bench/run.js providers` after `npm run build`.

import v8 from 'node:v8';
import vm from 'node:vm';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { getProvider, providerIds, repairHistory } from '../dist/providers/index.js';
import { measure, printTable } from './measure.js';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');

const tools = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
      required: ['city'],
    },
  },
  {
    name: 'search_docs',
    description: 'Full-text search.',
    parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } } },
  },
];

/**
 * A history of `size` messages: a system prompt, then turns of user text, an assistant turn with text
 * and one call, and the call's result. Content is always an array of parts, so the same messages are a
 * valid AI SDK `LanguageModelV3Prompt` too.
 */
function history(size) {
  const messages = [{ role: 'system', content: 'You are a helpful assistant.' }];
  for (let turn = 0; messages.length < size; turn++) {
    const id = `call_${turn.toString(36)}_${(turn * 7919).toString(36)}`;
    messages.push({
      role: 'user',
      content: [{ type: 'text', text: `What is the weather in city ${turn}?` }],
    });
    if (messages.length >= size) break;
    messages.push({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me check.' },
        { type: 'tool-call', toolCallId: id, toolName: 'get_weather', input: { city: `city ${turn}` } },
      ],
    });
    if (messages.length >= size) break;
    messages.push({
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: id,
          toolName: 'get_weather',
          output: { type: 'json', value: { temperature: turn % 40, unit: 'celsius' } },
        },
      ],
    });
  }
  return messages;
}

const sizes = [10, 10_000];
const inputs = sizes.map((size) => history(size));

function toolwireRun(target, messages, repair) {
  const ready = repair ? repairHistory(messages, { target }).messages : messages;
  return getProvider(target).toRequest({ model: 'm', messages: ready, tools }).value;
}

const aiSdkTools = tools.map((tool) => ({
  type: 'function',
  name: tool.name,
  description: tool.description,
  inputSchema: tool.parameters,
}));
// getArgs is what each model's doGenerate/doStream runs to build its request body; the extra
// arguments are the ones doGenerate passes besides the call options.
const aiSdkModels = {
  'openai-chat': {
    model: createOpenAI({ apiKey: 'bench' }).chat('gpt-4o'),
    extra: {},
  },
  anthropic: {
    model: createAnthropic({ apiKey: 'bench' })('claude-sonnet-4-5'),
    extra: { stream: false, userSuppliedBetas: new Set() },
  },
};

/** Times an async request builder: the AI SDK's getArgs is async, so rounds await it. */
async function measureAsync(run, rounds) {
  for (let index = 0; index < 3; index++) await run();
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    await run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const rows = [
  [
    'target',
    'repair+convert µs/msg 10',
    '10k',
    '10k ÷ 10',
    'convert only µs/msg 10k',
    'AI SDK µs/msg 10k',
    'AI SDK ÷ convert only',
  ],
];
for (const target of providerIds) {
  const timeOf = (messages, repair) => {
    gc();
    const ms = measure(() => toolwireRun(target, messages, repair), messages.length > 100 ? 1500 : 300);
    return (ms * 1000) / messages.length;
  };
  const perMessage = inputs.map((messages) => timeOf(messages, true));
  const convertOnly = timeOf(inputs[1], false);
  let aiSdk = '—';
  let ratio = '—';
  const peer = aiSdkModels[target];
  if (peer !== undefined) {
    const messages = inputs[1];
    gc();
    const ms = await measureAsync(
      () => peer.model.getArgs({ prompt: messages, tools: aiSdkTools, ...peer.extra }),
      10,
    );
    const micros = (ms * 1000) / messages.length;
    aiSdk = micros.toFixed(2);
    ratio = (micros / convertOnly).toFixed(2);
  }
  rows.push([
    target,
    perMessage[0].toFixed(2),
    perMessage[1].toFixed(2),
    (perMessage[1] / perMessage[0]).toFixed(2),
    convertOnly.toFixed(2),
    aiSdk,
    ratio,
  ]);
}
printTable(rows);
console.log(
  '\nµs/msg: best-of-rounds time divided by the number of messages; repair+convert = repairHistory then' +
    ' toRequest, convert only = toRequest; the AI SDK column is its request building (getArgs: prompt,' +
    ' tools), which repairs nothing.',
);
