import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendChunk, BackendKind } from '../../src/server/backends/backend.js';
import { createBackend } from '../../src/server/backends/create-backend.js';
import { chunkBatches } from '../../src/server/backends/generation-stream.js';

// OpenAI-protocol backends read a token event that repeats the one before but for its text without
// parsing it again. Each case is a stream of exact `data:` payloads chosen so that reading the wrong
// string, or trusting a repeat that is not one, gives other chunks than parsing every event does.

interface StreamCase {
  readonly name: string;
  readonly kind: BackendKind;
  readonly events: readonly string[];
  readonly chunks: readonly BackendChunk[];
}

const completion = (fields: string) => `{"id":"cmpl-1","object":"text_completion","created":7,${fields}}`;
const choice = (text: string, rest = '"logprobs":null,"finish_reason":null') =>
  completion(`"model":"m","choices":[{"index":0,"text":${text},${rest}}],"usage":null`);
const delta = (fields: string, finish = 'null') =>
  `{"id":"c-1","object":"chat.completion.chunk","created":7,"model":"m","choices":[{"index":0,"delta":{${fields}},"logprobs":null,"finish_reason":${finish}}]}`;
const done = { type: 'done', finishReason: 'stop' } as const;
const text = (value: string) => ({ type: 'text', text: value }) as const;
const reasoning = (value: string) => ({ type: 'reasoning', text: value }) as const;

const cases: readonly StreamCase[] = [
  {
    name: 'texts with escapes, unicode escapes and non-ASCII between plain repeats',
    kind: 'openai-completions',
    events: [
      choice('"He"'),
      choice('"llo"'),
      choice('"\\"q\\""'),
      choice('" \\n"'),
      choice('"\\u0061\\u00e9"'),
      choice('"Zürich 🌧"'),
      choice('"\\\\"'),
      choice('"end"'),
      choice('""', '"logprobs":null,"finish_reason":"stop"'),
    ],
    chunks: [
      text('He'),
      text('llo'),
      text('"q"'),
      text(' \n'),
      text('aé'),
      text('Zürich 🌧'),
      text('\\'),
      text('end'),
      done,
    ],
  },
  {
    name: 'a token equal to another string of the event, which then changes',
    kind: 'openai-completions',
    events: [
      completion('"model":"ab","choices":[{"index":0,"text":"ab","finish_reason":null}]'),
      completion('"model":"zz","choices":[{"index":0,"text":"ab","finish_reason":null}]'),
      completion('"model":"zz","choices":[{"index":0,"text":"cd","finish_reason":null}]'),
      completion('"model":"ab","choices":[{"index":0,"text":"cd","finish_reason":null}]'),
    ],
    chunks: [text('ab'), text('ab'), text('cd'), text('cd'), done],
  },
  {
    name: 'a key written twice (the last one counts), then a repeat that changes the first one',
    kind: 'openai-completions',
    events: [
      completion('"choices":[{"index":0,"text":"zz","text":"zz"}]'),
      completion('"choices":[{"index":0,"text":"ww","text":"zz"}]'),
      completion('"choices":[{"index":0,"text":"zz","text":"yy"}]'),
      completion('"choices":[{"index":0,"text":"aa","text":"yy"}]'),
    ],
    chunks: [text('zz'), text('zz'), text('yy'), text('yy'), done],
  },
  {
    name: 'a repeat whose string is not one JSON string (a quote in it ends the string early)',
    kind: 'openai-completions',
    events: [
      completion('"choices":[{"index":0,"text":"a","finish_reason":null}]'),
      completion('"choices":[{"index":0,"text":"b","finish_reason":null}]'),
      completion('"choices":[{"index":0,"text":"c","text":"d","finish_reason":null}]'),
      completion('"choices":[{"index":0,"text":"e\\\\","finish_reason":null}]'),
      completion('"choices":[{"index":0,"text":"f","finish_reason":null}]'),
    ],
    chunks: [text('a'), text('b'), text('d'), text('e\\'), text('f'), done],
  },
  {
    name: 'the finish, the stop string and the usage in events shaped like the token events',
    kind: 'openai-completions',
    events: [
      choice('"a"', '"logprobs":null,"finish_reason":null,"stop_reason":null'),
      choice('"b"', '"logprobs":null,"finish_reason":null,"stop_reason":null'),
      choice('"c"', '"logprobs":null,"finish_reason":"stop","stop_reason":"</s>"'),
      completion('"model":"m","choices":[],"usage":{"prompt_tokens":4,"completion_tokens":3}'),
    ],
    chunks: [
      text('a'),
      text('b'),
      text('c'),
      {
        type: 'done',
        finishReason: 'stop',
        usage: { promptTokens: 4, completionTokens: 3 },
        stopSequence: '</s>',
      },
    ],
  },
  {
    name: 'a choice of another index with the same text is not ours',
    kind: 'openai-completions',
    events: [
      completion('"choices":[{"index":0,"text":"p","finish_reason":null}]'),
      completion('"choices":[{"index":0,"text":"q","finish_reason":null}]'),
      completion('"choices":[{"index":1,"text":"q","finish_reason":null}]'),
      completion('"choices":[{"index":0,"text":"r","finish_reason":null}]'),
    ],
    chunks: [text('p'), text('q'), text('r'), done],
  },
  {
    name: 'chat deltas switching from reasoning to content, with the role first',
    kind: 'openai-chat-passthrough',
    events: [
      delta('"role":"assistant","content":""'),
      delta('"reasoning_content":"Th"'),
      delta('"reasoning_content":"ink"'),
      delta('"content":"An"'),
      delta('"content":"swer"'),
      delta('"reasoning_content":"swer","reasoning":"x"'),
      delta('"content":"."'),
      delta('', '"stop"'),
    ],
    chunks: [reasoning('Th'), reasoning('ink'), text('An'), text('swer'), reasoning('swer'), text('.'), done],
  },
];

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

/** A model server on 127.0.0.1 that answers every request with `events` as SSE, then `[DONE]`, in one write. */
async function serveEvents(events: readonly string[]): Promise<string> {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end([...events, '[DONE]'].map((data) => `data: ${data}\n\n`).join(''));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('OpenAI-protocol streams whose token events repeat', () => {
  it.each(cases)('$name', async ({ kind, events, chunks }) => {
    const url = await serveEvents(events);
    const backend = createBackend({ type: kind, url });
    const read: BackendChunk[] = [];
    for await (const chunk of backend.generate({
      model: 'm',
      prompt: 'p',
      chat: { messages: [{ role: 'user', content: 'p' }] },
      params: {},
      signal: new AbortController().signal,
    })) {
      read.push(chunk);
    }
    expect(read).toEqual(chunks);
  });
});

// The gateway reads a backend's chunks in batches, one network read's at a time; there the texts of
// adjacent token events (those read in place, see EventTemplate) come as one chunk, while `generate`
// iterated chunk by chunk still gives one chunk a token.

function generate(kind: BackendKind, url: string): AsyncIterable<BackendChunk> {
  return createBackend({ type: kind, url }).generate({
    model: 'm',
    prompt: 'p',
    chat: { messages: [{ role: 'user', content: 'p' }] },
    params: {},
    signal: new AbortController().signal,
  });
}

async function batchesOf(kind: BackendKind, url: string): Promise<(readonly BackendChunk[])[]> {
  const batches: (readonly BackendChunk[])[] = [];
  for await (const batch of chunkBatches(generate(kind, url))) batches.push(batch);
  return batches;
}

describe('chunk batches of a generation (one read)', () => {
  it('join the texts of adjacent token events; generate gives them one by one', async () => {
    const url = await serveEvents([
      choice('"He"'),
      choice('"llo"'),
      choice('" \\"w\\"\\n"'),
      choice('"é🌧"'),
      choice('"!"', '"logprobs":null,"finish_reason":"stop"'),
    ]);
    expect(await batchesOf('openai-completions', url)).toEqual([
      [text('He'), text('llo "w"\né🌧'), text('!'), done],
    ]);
    const chunks: BackendChunk[] = [];
    for await (const chunk of generate('openai-completions', url)) chunks.push(chunk);
    expect(chunks).toEqual([text('He'), text('llo'), text(' "w"\n'), text('é🌧'), text('!'), done]);
  });

  it('keep reasoning and content apart, and cut a read into batches of 64 token events', async () => {
    const url = await serveEvents([
      delta('"reasoning_content":"a"'),
      ...Array.from({ length: 70 }, () => delta('"reasoning_content":"r"')),
      delta('"content":"x"'),
      delta('"content":"y"'),
    ]);
    expect(await batchesOf('openai-chat-passthrough', url)).toEqual([
      [reasoning('a'), reasoning('r'.repeat(63))],
      [reasoning('r'.repeat(7)), text('x'), text('y'), done],
    ]);
  });
});
