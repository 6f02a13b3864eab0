// The recorded answer of bench/gateway.bench.js: a Qwen2.5-style hermes answer (content, then five
// `<tool_call>` blocks, one with a file of a few KB as its argument; 5,812 characters) cut into CHUNKS
// pieces of about three characters (a token's worth), each sent as one OpenAI Completions SSE event as
// vLLM writes them; the requests the client sends; and the check that the gateway's answer carries it
// whole.
import { isDeepStrictEqual } from 'node:util';

/** Backend chunks per answer: the numerator of every path's chunks/s. */
export const CHUNKS = 2000;

export const tools = [
  {
    name: 'get_forecast',
    description: 'Daily weather forecast for a place',
    parameters: {
      type: 'object',
      properties: { place: { type: 'string' }, days: { type: 'integer', minimum: 1, maximum: 14 } },
      required: ['place', 'days'],
    },
  },
  {
    name: 'search_web',
    description: 'Search the web',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, max_results: { type: 'integer' } },
      required: ['query'],
    },
  },
  {
    name: 'write_file',
    description: 'Write a text file',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    },
  },
  {
    name: 'run_command',
    description: 'Run a shell command',
    parameters: {
      type: 'object',
      properties: { command: { type: 'string' }, timeout_seconds: { type: 'integer' } },
      required: ['command'],
    },
  },
];

const cities = ['Lisbon', 'Porto', 'Seville', 'Granada', 'Valencia', 'Marseille', 'Lyon', 'Geneva'];

function prose() {
  const sentences = [];
  for (let index = 0; sentences.join(' ').length < 1500; index++) {
    const city = cities[index % cities.length];
    sentences.push(
      `Day ${index + 1} goes to ${city}, where the walk from the station to the old town takes about ${12 + (index % 7) * 3} minutes and the café by the river opens at ${7 + (index % 3)}:30.`,
    );
  }
  return `I'll plan the trip step by step. ${sentences.join(' ')} Let me check the weather, look up the trains, and write the plan down.`;
}

function itinerary() {
  const lines = ['# Trip plan', ''];
  for (let index = 0; lines.join('\n').length < 3400; index++) {
    const city = cities[index % cities.length];
    lines.push(
      `## Day ${index + 1}: ${city}`,
      `- Train: "${city} Express", leaves 08:${String(10 + (index % 50)).padStart(2, '0')}, platform ${1 + (index % 9)}`,
      `- Stay: Hotel ${city} Centro (check-in after 15:00, \\ keep the booking code handy)`,
      '',
    );
  }
  return lines.join('\n');
}

/** The calls of the answer, in order, as the gateway must return them. */
export const calls = [
  { name: 'get_forecast', arguments: { place: 'Lisbon', days: 3 } },
  { name: 'get_forecast', arguments: { place: 'Geneva', days: 8 } },
  { name: 'search_web', arguments: { query: 'night train Lisbon to Seville timetable', max_results: 5 } },
  { name: 'write_file', arguments: { path: 'notes/trip-plan.md', content: itinerary() } },
  { name: 'run_command', arguments: { command: 'wc -l notes/trip-plan.md', timeout_seconds: 30 } },
];

/** The content the gateway must return (the answer's text before the calls, trimmed). */
export const content = prose();

/** The whole model output, hermes as Qwen2.5 writes it. */
export const output = `${content}\n${calls
  .map(
    (call) => `<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.arguments })}\n</tool_call>`,
  )
  .join('\n')}`;

/** The output cut into CHUNKS pieces of nearly equal length (it is BMP-only: no surrogate pair is cut). */
export function chunks() {
  const pieces = [];
  for (let index = 0; index < CHUNKS; index++) {
    pieces.push(
      output.slice(
        Math.floor((index * output.length) / CHUNKS),
        Math.floor(((index + 1) * output.length) / CHUNKS),
      ),
    );
  }
  return pieces;
}

/** The backend's SSE events, encoded: one per chunk, the finish, the usage, `[DONE]` (vLLM's shape). */
export function answerEvents() {
  const head = { id: 'cmpl-bench', object: 'text_completion', created: 1767225600, model: 'bench' };
  const choice = (text, finish) => ({
    index: 0,
    text,
    logprobs: null,
    finish_reason: finish,
    stop_reason: null,
  });
  const events = chunks().map((text) => ({ ...head, choices: [choice(text, null)], usage: null }));
  events.push({ ...head, choices: [choice('', 'stop')], usage: null });
  events.push({
    ...head,
    choices: [],
    usage: { prompt_tokens: 900, completion_tokens: CHUNKS, total_tokens: 900 + CHUNKS },
  });
  return [...events.map((event) => `data: ${JSON.stringify(event)}\n\n`), 'data: [DONE]\n\n'].map((text) =>
    Buffer.from(text),
  );
}

const messages = [
  { role: 'system', content: 'You are a travel assistant. Use the tools to check facts before you answer.' },
  {
    role: 'user',
    content: 'Plan an eight-day rail trip from Lisbon to Geneva, check the weather, and save the plan.',
  },
];

/** The body the client sends to the gateway: OpenAI Chat Completions, streamed. */
export const chatBody = JSON.stringify({
  model: 'bench',
  messages,
  tools: tools.map((tool) => ({ type: 'function', function: tool })),
  stream: true,
});

/**
 * The body sent to the backend directly and through the pass-through: OpenAI Completions with a prompt
 * of about the rendered template's size (the backend does not read it).
 */
export const completionBody = JSON.stringify({
  model: 'bench',
  prompt: JSON.stringify({ messages, tools }),
  stream: true,
  stream_options: { include_usage: true },
});

/** The `data` payloads of an SSE text (the streams here put each event's data on one line). */
function dataOf(text) {
  return text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => event.slice('data: '.length));
}

/** Throws unless `text` is the backend's answer, every event of it, in order. */
export function checkCompletionStream(text) {
  const expected = answerEvents().map((event) => event.toString());
  if (text !== expected.join('')) throw new Error('the completions stream is not the recorded answer');
}

/**
 * Throws unless `text` is a Chat Completions stream with the answer's content and its five calls;
 * `trim` compares the content trimmed (the parse floor keeps the line breaks around the calls).
 */
export function checkChatStream(text, trim = false) {
  const data = dataOf(text);
  if (data.at(-1) !== '[DONE]') throw new Error('the chat stream does not end with [DONE]');
  let text_ = '';
  const got = [];
  let finish;
  for (const payload of data.slice(0, -1)) {
    const choice = JSON.parse(payload).choices[0];
    text_ += choice.delta.content ?? '';
    for (const call of choice.delta.tool_calls ?? []) {
      if (call.id !== undefined) got[call.index] = { name: call.function.name, arguments: '' };
      got[call.index].arguments += call.function.arguments;
    }
    finish = choice.finish_reason ?? finish;
  }
  const parsed = got.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) }));
  if ((trim ? text_.trim() : text_) !== content)
    throw new Error('the chat stream content differs from the answer');
  if (!isDeepStrictEqual(parsed, calls)) throw new Error('the chat stream calls differ from the answer');
  if (finish !== 'tool_calls') throw new Error(`the chat stream finished with ${finish}`);
}
