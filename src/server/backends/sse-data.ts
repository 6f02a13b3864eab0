import { createParser, type EventSourceParser } from 'eventsource-parser';
import { BackendError } from './backend.js';

/** Largest SSE event buffered before the stream is refused (a line without end). */
const maxEventBytes = 16 * 1024 * 1024;

/**
 * The longest unfinished event the scan below carries from one read to the next before it leaves the
 * stream to `eventsource-parser`: it scans such an event again from its start with each read, which
 * is nothing for token events (a few hundred bytes) but would grow with the square of a long one.
 */
const scannedEventChars = 64 * 1024;

/**
 * The event payloads of one read (or one line batch), read in place: payload `i` is
 * `source.slice(starts[i], ends[i])` when `starts[i]` is at least 0, else `texts[i]`. A reader that
 * recognizes a payload without its own string (a token event, see `EventTemplate`) is spared
 * making one. The object is reused from one read to the next: what it holds is good until the
 * generator is resumed.
 */
export interface Payloads {
  count: number;
  source: string;
  readonly starts: number[];
  readonly ends: number[];
  readonly texts: string[];
}

/** An empty `Payloads`. */
export function payloads(): Payloads {
  return { count: 0, source: '', starts: [], ends: [], texts: [] };
}

/** Adds a payload to `out`: the slice `start`..`end` of `out.source` when `start` >= 0, else `text`. */
export function addPayload(out: Payloads, start: number, end: number, text: string): void {
  // Every array written at every index, so they stay packed.
  out.starts[out.count] = start;
  out.ends[out.count] = end;
  out.texts[out.count] = text;
  out.count++;
}

/**
 * The `data` field of each server-sent event in `text` (the HTML Living Standard's
 * `text/event-stream`): comments and other fields are skipped. Yields the events one piece of `text`
 * completed together (never an empty batch), so a reader pays its per-step costs once per network
 * read, not once per event.
 *
 * A stream whose lines end in `\n` (every OpenAI-protocol server's) is scanned in place, each event
 * a slice of the read; one that holds a `\r`, or an event longer than 64 Ki characters, is left from
 * that event on to `eventsource-parser`, which reads every line ending the standard allows. Both
 * read the same events: `eventsource-parser`'s, as this reader used it before (a `data` line is one
 * that starts with `data:` or is `data`; the stream's first piece loses a byte order mark read as
 * Latin-1; an event without its blank line at the end is not dispatched).
 *
 * @throws BackendError `backend_protocol` when one event grows past 16 MiB.
 */
export async function* sseData(text: AsyncIterable<string>): AsyncGenerator<Payloads, void, undefined> {
  const reader = new SseReader();
  for await (const piece of text) {
    reader.feed(piece);
    if (reader.out.count > 0) yield reader.out;
  }
}

class SseReader {
  readonly out = payloads();
  /** The text of the event being read, from its start: what the reads so far left unfinished. */
  private rest = '';
  private first = true;
  /** The parser the stream was left to, once it was (see `sseData`). */
  private parser: EventSourceParser | undefined;
  private failure: Error | undefined;

  feed(piece: string): void {
    this.out.count = 0;
    let text = piece;
    if (this.first) {
      this.first = false;
      // What eventsource-parser drops at the start of its first piece: a BOM decoded as Latin-1.
      if (text.charCodeAt(0) === 0xef && text.charCodeAt(1) === 0xbb && text.charCodeAt(2) === 0xbf) {
        text = text.slice(3);
      }
    }
    if (this.parser !== undefined) {
      this.parse(text);
      return;
    }
    if (this.rest !== '') text = this.rest + text;
    if (text.indexOf('\r') !== -1) {
      this.leave(text);
      return;
    }
    this.rest = this.scan(text);
    if (this.rest.length > scannedEventChars) this.leave(this.rest);
  }

  /**
   * Adds the events `text` completes to `out`; returns what is left of it from the start of the
   * event it ends inside (`''` when it ends at an event's end). `text` has no `\r`.
   */
  private scan(text: string): string {
    const out = this.out;
    out.source = text;
    let event = 0;
    let line = 0;
    let dataLines = 0;
    let dataStart = 0;
    let dataEnd = 0;
    let data = '';
    for (let lf = text.indexOf('\n'); lf !== -1; lf = text.indexOf('\n', line)) {
      if (lf === line) {
        // A blank line: the event ends.
        if (dataLines === 1) addPayload(out, dataStart, dataEnd, '');
        else if (dataLines > 1) addPayload(out, -1, 0, data);
        dataLines = 0;
        event = line = lf + 1;
        continue;
      }
      const value = dataValueStart(text, line, lf);
      if (value !== -1) {
        if (dataLines === 0) {
          dataStart = value;
          dataEnd = lf;
        } else {
          data = `${dataLines === 1 ? text.slice(dataStart, dataEnd) : data}\n${text.slice(value, lf)}`;
        }
        dataLines++;
      }
      line = lf + 1;
    }
    return event === 0 ? text : text.slice(event);
  }

  /** Leaves the stream, from `text` (which starts where an event starts) on, to `eventsource-parser`. */
  private leave(text: string): void {
    this.rest = '';
    const out = this.out;
    this.parser = createParser({
      maxBufferSize: maxEventBytes,
      onEvent: (event) => addPayload(out, -1, 0, event.data),
      onError: (error) => {
        // Unknown fields (`foo: bar`) are legal SSE and ignored; only an overflow stops the stream.
        if (error.type === 'max-buffer-size-exceeded') this.failure ??= error;
      },
    });
    // A blank line first, which dispatches nothing here: the parser's first piece is where it looks
    // for a byte order mark, and this one's first piece is not the stream's.
    this.parser.feed('\n');
    this.parse(text);
  }

  private parse(text: string): void {
    this.parser?.feed(text);
    if (this.failure !== undefined) {
      throw new BackendError('backend_protocol', 'the backend sent a server-sent event larger than 16 MiB');
    }
  }
}

/**
 * Where the value of the line `line`..`lf` of `text` starts when it is a `data` line (`data:`, one
 * space after the colon skipped, or the bare field name `data`); else -1.
 */
function dataValueStart(text: string, line: number, lf: number): number {
  if (
    text.charCodeAt(line) !== 0x64 ||
    text.charCodeAt(line + 1) !== 0x61 ||
    text.charCodeAt(line + 2) !== 0x74 ||
    text.charCodeAt(line + 3) !== 0x61
  ) {
    return -1;
  }
  if (text.charCodeAt(line + 4) === 0x3a) return text.charCodeAt(line + 5) === 0x20 ? line + 6 : line + 5;
  return lf === line + 4 ? lf : -1;
}
