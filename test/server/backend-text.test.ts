import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackendChunk } from '../../src/server/backends/backend.js';
import { createBackend } from '../../src/server/backends/create-backend.js';

// A backend's body is UTF-8 in pieces as the network cuts it: a character may be split between
// two reads, a byte order mark opens the stream at most, and U+FEFF later is text.

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

const event = (text: string) =>
  `data: {"choices":[{"index":0,"text":${JSON.stringify(text)},"finish_reason":null}]}\n\n`;

/** A model server on 127.0.0.1 writing `pieces` (bytes) one by one, 20 ms apart, then ending. */
async function serveBytes(pieces: readonly Buffer[]): Promise<string> {
  server = createServer((request, response) => {
    request.resume();
    request.on('end', async () => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of pieces) {
        response.write(piece);
        await sleep(20);
      }
      response.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** `text` as UTF-8 cut at the byte offsets `cuts`. */
function cut(text: string | Buffer, cuts: readonly number[]): Buffer[] {
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  return [0, ...cuts].map((start, i) => bytes.subarray(start, cuts[i] ?? bytes.length));
}

async function texts(pieces: readonly Buffer[]): Promise<BackendChunk[]> {
  const url = await serveBytes(pieces);
  const backend = createBackend({ type: 'openai-completions', url });
  const chunks: BackendChunk[] = [];
  for await (const chunk of backend.generate({
    model: 'm',
    prompt: 'p',
    params: {},
    signal: new AbortController().signal,
  })) {
    chunks.push(chunk);
  }
  return chunks;
}

describe('the UTF-8 of a backend stream', () => {
  it('joins a character split between reads, after reads that ended on a line end', async () => {
    const body = `${event('a')}${event('🌧é')}${event('b')}data: [DONE]\n\n`;
    const rain = Buffer.from(body).indexOf(Buffer.from('🌧'));
    // The first two reads end at line ends; the third ends inside the emoji, the fourth inside é.
    const pieces = cut(body, [event('a').length, event('a').length + 6, rain + 2, rain + 5]);
    expect(await texts(pieces)).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: '🌧é' },
      { type: 'text', text: 'b' },
      { type: 'done', finishReason: 'stop' },
    ]);
  });

  it('drops a byte order mark at the start only, also when it comes in two reads', async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    const body = Buffer.concat([bom, Buffer.from(`${event('a')}${event('\ufeffb')}data: [DONE]\n\n`)]);
    // The second read starts with the U+FEFF of the text (after a read that ended on a boundary).
    const feff = body.indexOf(bom, 3);
    for (const first of [2, 3 + event('a').length]) {
      expect(await texts(cut(body, [first, feff]))).toEqual([
        { type: 'text', text: 'a' },
        { type: 'text', text: '\ufeffb' },
        { type: 'done', finishReason: 'stop' },
      ]);
      server?.closeAllConnections();
      server?.close();
    }
  });

  it('reads a long read with scattered non-ASCII, invalid bytes and U+FEFF as one decode of it would', async () => {
    // Over 4 KB after a first read that ends on a line end: the read is decoded in slices cut after
    // line ends. An invalid byte (0xFF) in a text is U+FFFD, as one decode of the whole read gives.
    const texts_ = Array.from({ length: 300 }, (_, i) =>
      i % 37 === 0 ? 'Zürich 🌧' : i % 53 === 0 ? '\ufeffz' : i % 61 === 0 ? 'INVALID' : `token ${i} `,
    );
    const parts = [Buffer.from(event('a'))];
    for (const text of texts_) {
      const bytes = Buffer.from(event(text));
      parts.push(
        text === 'INVALID'
          ? Buffer.from(bytes.toString('latin1').replace('INVALID', 'in\xffvalid'), 'latin1')
          : bytes,
      );
    }
    parts.push(Buffer.from('data: [DONE]\n\n'));
    const rest = Buffer.concat(parts.slice(1));
    expect(rest.length).toBeGreaterThan(8192);
    const expected = [
      { type: 'text', text: 'a' },
      ...texts_.map((text) => ({ type: 'text', text: text === 'INVALID' ? 'in\ufffdvalid' : text })),
      { type: 'done', finishReason: 'stop' },
    ];
    expect(await texts([parts[0] as Buffer, rest])).toEqual(expected);
    // The same bytes, decoded at once by one TextDecoder, say the same.
    const decoded = new TextDecoder().decode(Buffer.concat(parts));
    const onceTexts = decoded
      .split('\n\n')
      .filter((frame) => frame.includes('"text"'))
      .map((frame) => ({
        type: 'text',
        text: (JSON.parse(frame.slice('data: '.length)) as { choices: [{ text: string }] }).choices[0].text,
      }));
    expect(onceTexts).toEqual(expected.slice(0, -1));
  });
});
