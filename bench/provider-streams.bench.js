// The two provider stream cores side by side: one tool call whose arguments arrive in N fragments, read
// with `createStreamReader()` from an OpenAI Chat chunk stream (delta-keyed: `CallAccumulator` routing,
// then `CallEventStream` diffing what changed) and from an Anthropic Messages event stream
// (block-indexed: `BlockStreamReader` emitting in place). Prints µs per stream event for each, the
// Anthropic ÷ OpenAI ratio, and the N = 10,000 ÷ N = 100 ratio of the per-event cost (1 = linear).
// Run with `npm run bench provider-streams` or `node bench/run.js provider-streams` after a build.

import { getProvider } from '../dist/providers/index.js';
import { measure, printTable } from './measure.js';

/** The argument text in `n` fragments: `{"items":[0,1,2,…]}` cut after each number. */
function fragments(n) {
  const pieces = ['{"items":['];
  for (let i = 0; i < n; i++) pieces.push(`${i === 0 ? '' : ','}${i}`);
  pieces.push(']}');
  return pieces;
}

function openaiChunks(n) {
  const delta = (value) => ({
    id: 'c',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta: value }],
  });
  return [
    delta({ role: 'assistant', content: 'Checking.' }),
    delta({
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '' } }],
    }),
    ...fragments(n).map((piece) => delta({ tool_calls: [{ index: 0, function: { arguments: piece } }] })),
    {
      id: 'c',
      object: 'chat.completion.chunk',
      choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }],
    },
  ];
}

function anthropicEvents(n) {
  return [
    { type: 'message_start', message: { id: 'm', role: 'assistant', content: [] } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Checking.' } },
    { type: 'content_block_stop', index: 0 },
    {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'f', input: {} },
    },
    ...fragments(n).map((piece) => ({
      type: 'content_block_delta',
      index: 1,
      delta: { type: 'input_json_delta', partial_json: piece },
    })),
    { type: 'content_block_stop', index: 1 },
    { type: 'message_delta', delta: { stop_reason: 'tool_use' } },
    { type: 'message_stop' },
  ];
}

function read(provider, events) {
  const reader = getProvider(provider).createStreamReader();
  let count = 0;
  for (const event of events) count += reader.push(event).length;
  count += reader.finish().length;
  return count;
}

const rows = [['core', 'provider', 'fragments', 'events out', 'µs/event']];
const perEvent = {};
for (const n of [100, 10_000]) {
  const streams = { 'openai-chat': openaiChunks(n), anthropic: anthropicEvents(n) };
  for (const [provider, events] of Object.entries(streams)) {
    const out = read(provider, events);
    const ms = measure(() => read(provider, events));
    const us = (ms * 1000) / events.length;
    perEvent[`${provider} ${n}`] = us;
    const core = provider === 'anthropic' ? 'block-indexed' : 'delta-keyed';
    rows.push([core, provider, n, out, us.toFixed(3)]);
  }
}
printTable(rows);
for (const n of [100, 10_000]) {
  const ratio = perEvent[`anthropic ${n}`] / perEvent[`openai-chat ${n}`];
  console.log(`N=${n}: block-indexed ÷ delta-keyed per event = ${ratio.toFixed(2)}`);
}
for (const provider of ['openai-chat', 'anthropic']) {
  const growth = perEvent[`${provider} 10000`] / perEvent[`${provider} 100`];
  console.log(`${provider}: per-event cost at N=10,000 ÷ N=100 = ${growth.toFixed(2)} (1 = linear)`);
}
