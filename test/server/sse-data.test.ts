import { createParser } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import { type Payloads, sseData } from '../../src/server/backends/sse-data.js';
import { mulberry32, splitText } from './replay-backend.js';

// `sseData` scans an LF-only stream in place and leaves anything else to eventsource-parser; read
// either way, it must give the events eventsource-parser gives for the same pieces, batch by batch.

/** The `data` of each payload of a batch. */
function texts(batch: Payloads): string[] {
  const out: string[] = [];
  for (let i = 0; i < batch.count; i++) {
    out.push((batch.sources[i] as string).slice(batch.starts[i], batch.ends[i]));
  }
  return out;
}

/** Each piece as one read, in slices cut after every `cut`-th line end (as `postStream` cuts them). */
async function* iterate(pieces: readonly string[], cut: number): AsyncGenerator<string[]> {
  for (const piece of pieces) {
    const slices: string[] = [];
    let start = 0;
    let lines = 0;
    for (let at = piece.indexOf('\n'); at !== -1; at = piece.indexOf('\n', at + 1)) {
      if (++lines % cut !== 0) continue;
      slices.push(piece.slice(start, at + 1));
      start = at + 1;
    }
    if (start < piece.length) slices.push(piece.slice(start));
    yield slices;
  }
}

async function scanned(pieces: readonly string[], cut = Number.POSITIVE_INFINITY): Promise<string[][]> {
  const batches: string[][] = [];
  for await (const batch of sseData(iterate(pieces, cut))) batches.push(texts(batch));
  return batches;
}

/**
 * What the reader gave before: eventsource-parser's events, batched by the piece that completed them;
 * at the end, a last `\r` (which the parser holds back, waiting for a possible `\n`) is a line end.
 */
function parsed(pieces: readonly string[]): string[][] {
  let events: string[] = [];
  const parser = createParser({ onEvent: (event) => events.push(event.data) });
  const batches: string[][] = [];
  for (const piece of pieces) {
    parser.feed(piece);
    if (events.length > 0) batches.push(events);
    events = [];
  }
  if (pieces.at(-1)?.endsWith('\r')) parser.feed('\n');
  parser.reset({ consume: true });
  if (events.length > 0) batches.push(events);
  return batches;
}

const streams: Record<string, string> = {
  'token events': `${['{"t":"a"}', '{"t":"b\\n"}', '{"t":"é🌧"}', '[DONE]'].map((d) => `data: ${d}\n\n`).join('')}`,
  'comments, other fields and empty data lines':
    ': keep-alive\n\nid: 7\nevent: x\ndata: one\n\nretry: 10\ndata:two\n\ndata\n\ndata:\n\ndata: \n\nfoo: bar\ndatum: no\ndata :no\n\n',
  'multi-line data': 'data: a\ndata: b\ndata:c\n\ndata: d\n: c\ndata\n\n',
  'blank lines between and an event without its end': '\n\n\ndata: x\n\n\n\ndata: y\ndata: z',
  'CRLF line ends after LF ones': 'data: a\n\ndata: b\r\n\r\ndata: c\rdata: d\r\r',
  'a CR only in the last event': 'data: a\n\ndata: b\n\ndata: c\r\n\r\n',
  'a byte order mark read as Latin-1 at the start': '\u00ef\u00bb\u00bfdata: a\n\ndata: b\n\n',
  'a byte order mark as a character': '\ufeffdata: a\n\ndata: b\n\n',
};

describe('sseData', () => {
  for (const [name, text] of Object.entries(streams)) {
    it(`reads ${name} as eventsource-parser does, however the text is cut`, async () => {
      for (const cut of [Number.POSITIVE_INFINITY, 1, 2, 3]) {
        expect(await scanned([text], cut)).toEqual(parsed([text]));
        for (let seed = 1; seed <= 40; seed++) {
          const pieces = splitText(text, mulberry32(seed), 1 + (seed % 9));
          expect(await scanned(pieces, cut)).toEqual(parsed(pieces));
        }
      }
    });
  }

  it('reads the exact events of a stream, batched by the piece that completed them', async () => {
    expect(await scanned(['data: a\n\ndata: b', '\n', '\ndata: c\ndata: d\n\n: x\n\n'])).toEqual([
      ['a'],
      ['b', 'c\nd'],
    ]);
    expect(
      await scanned(['\u00ef\u00bb\u00bfdata: a\r\n\r\n', '\u00ef\u00bb\u00bfdata: b\n\ndata: c\n\n']),
    ).toEqual([['a'], ['c']]);
  });

  it('reads the last event of a stream whose lines end in a lone CR', async () => {
    expect(await scanned(['data: a\r\rdata: [DONE]\r\r'])).toEqual([['a'], ['[DONE]']]);
    expect(await scanned(['data: a\r\rdata: [DONE]\r', '\r'])).toEqual([['a'], ['[DONE]']]);
    expect(await scanned(['data: a\n\ndata: b\r\rdata: c\r'])).toEqual([['a', 'b']]);
  });

  it('reads an event longer than the scan carries across reads, whole', async () => {
    const long = 'x'.repeat(200_000);
    const text = `data: a\n\ndata: ${long}\n\ndata: b\n\n`;
    const pieces = splitText(text, mulberry32(3), 30_000);
    expect(await scanned(pieces)).toEqual(parsed(pieces));
    expect(await scanned(pieces, 1)).toEqual(parsed(pieces));
    expect((await scanned(pieces)).flat()).toEqual(['a', long, 'b']);
  });

  it('refuses an event past 16 MiB', async () => {
    const pieces = ['data: a\n\ndata: ', ...Array.from({ length: 17 }, () => 'x'.repeat(1024 * 1024))];
    await expect(scanned(pieces)).rejects.toMatchObject({ code: 'backend_protocol' });
  });
});
