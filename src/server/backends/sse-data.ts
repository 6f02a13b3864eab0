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
 * `sources[i].slice(starts[i], ends[i])`. A reader that recognizes a payload without its own string
 * (a token event, see `EventTemplate`) is spared making one. The object is reused from one read to
 * the next: what it holds is good until the generator is resumed.
 */
export interface Payloads {
  count: number;
  readonly sources: string[];
  readonly starts: number[];
  readonly ends: number[];
}

/** An empty `Payloads`. */
export function payloads(): Payloads {
  return { count: 0, sources: [], starts: [], ends: [] };
}

/** Adds the payload `source.slice(start, end)` to `out`. */
export function addPayload(out: Payloads, source: string, start: number, end: number): void {
  out.sources[out.count] = source;
  out.starts[out.count] = start;
  out.ends[out.count] = end;
  out.count++;
}

/**
 * The `data` field of each server-sent event in `text` (the HTML Living Standard's
 * `text/event-stream`), and llama.cpp's `error` field as `{"error": VALUE}`: comments and other
 * fields are skipped. Yields the events one read of `text`
 * (one or more slices, see `postStream`) completed together (never an empty batch), so a reader pays
 * its per-step costs once per network read, not once per event.
 *
 * A stream whose lines end in `\n` (every OpenAI-protocol server's) is scanned in place, each event
 * a slice of a read's slice; one that holds a `\r`, or an event longer than 64 Ki characters, is left
 * from that event on to `eventsource-parser`, which reads every line ending the standard allows. Both
 * read the same events: `eventsource-parser`'s, as this reader used it before (a `data` line is one
 * that starts with `data:` or is `data`; the stream's first piece loses a byte order mark read as
 * Latin-1; an event without its blank line at the end is not dispatched). A `\r` that ends the
 * stream ends a line: the parser holds a piece's last `\r` back until it knows whether a `\n`
 * follows (one `\r\n` line end), so a stream of `\r` line ends would otherwise lose its last event.
 *
 * @throws BackendError `backend_protocol` when one event grows past 16 MiB.
 */
export async function* sseData(
  text: AsyncIterable<readonly string[]>,
): AsyncGenerator<Payloads, void, undefined> {
  const reader = new SseReader();
  for await (const slices of text) {
    reader.out.count = 0;
    for (const slice of slices) reader.feed(slice);
    if (reader.out.count > 0) yield reader.out;
  }
  reader.out.count = 0;
  reader.end();
  if (reader.out.count > 0) yield reader.out;
}

class SseReader {
  readonly out = payloads();
  /** The text of the event being read, from its start: what the pieces so far left unfinished. */
  private rest = '';
  private first = true;
  /** The parser the stream was left to, once it was (see `sseData`). */
  private parser: EventSourceParser | undefined;
  private failure: Error | undefined;
  /** Whether the last piece ended in `\r`, which the parser holds back (see `end`). */
  private endsInCr = false;

  /** Reads the next piece of the stream, adding the events it completes to `out`. */
  feed(piece: string): void {
    let text = piece;
    if (this.first) {
      this.first = false;
      // What eventsource-parser drops at the start of its first piece: a BOM decoded as Latin-1.
      if (text.charCodeAt(0) === 0xef && text.charCodeAt(1) === 0xbb && text.charCodeAt(2) === 0xbf) {
        text = text.slice(3);
      }
    }
    if (text !== '') this.endsInCr = text.charCodeAt(text.length - 1) === 0x0d;
    if (this.parser !== undefined) {
      this.parse(text);
      return;
    }
    if (text.indexOf('\r') !== -1) {
      this.leave(this.rest + text);
      return;
    }
    let from = 0;
    if (this.rest !== '') {
      // The event the pieces before left unfinished ends at the first blank line: `rest` holds none
      // and does not start with one, so it is the first `\n\n` of the two together. Only that
      // event is joined from both; the rest of `text` is read in place.
      const rest = this.rest;
      const straddles = rest.charCodeAt(rest.length - 1) === 0x0a && text.charCodeAt(0) === 0x0a;
      const blank = straddles ? -1 : text.indexOf('\n\n');
      if (!straddles && blank === -1) {
        this.keep(rest + text);
        return;
      }
      from = straddles ? 1 : blank + 2;
      this.rest = '';
      this.scan(rest + text.slice(0, from), 0);
    }
    this.keep(this.scan(text, from));
  }

  /**
   * Ends the stream, adding the event a last `\r` completes to `out`: no `\n` can follow it now, so
   * it is a line end of its own (fed as the `\r\n` the parser then reads as one).
   */
  end(): void {
    if (this.endsInCr) this.parse('\n');
  }

  /** Keeps `rest` for the next piece, or leaves the stream to the parser when it grew too long. */
  private keep(rest: string): void {
    this.rest = rest;
    if (rest.length > scannedEventChars) this.leave(rest);
  }

  /**
   * Adds the events `text` completes from `from` (where an event starts) to `out`; returns what is
   * left of it from the start of the event it ends inside (`''` when it ends at an event's end).
   * `text` has no `\r`.
   */
  private scan(text: string, from: number): string {
    const out = this.out;
    let event = from;
    let line = from;
    let dataLines = 0;
    let dataStart = 0;
    let dataEnd = 0;
    let data = '';
    for (let lf = text.indexOf('\n', line); lf !== -1; lf = text.indexOf('\n', line)) {
      if (lf === line) {
        // A blank line: the event ends.
        if (dataLines === 1) addPayload(out, text, dataStart, dataEnd);
        else if (dataLines > 1) addPayload(out, data, 0, data.length);
        dataLines = 0;
        event = line = lf + 1;
        continue;
      }
      const value = dataValueStart(text, line, lf);
      if (value === -1 && isErrorLine(text, line)) {
        // llama.cpp's server reports a failure mid-stream in a field of its own, `error: {…}`.
        const report = errorPayload(text.slice(line + 6, lf));
        addPayload(out, report, 0, report.length);
      }
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
      onEvent: (event) => addPayload(out, event.data, 0, event.data.length),
      onError: (error) => {
        // Unknown fields (`foo: bar`) are legal SSE and ignored, except llama.cpp's `error` field (see
        // `scan`); only an overflow stops the stream.
        if (error.type === 'unknown-field' && error.field === 'error') {
          const report = errorPayload(error.value ?? '');
          addPayload(out, report, 0, report.length);
        }
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

/** Whether the line at `line` of `text` is an `error:` field (llama.cpp's report of a failure). */
function isErrorLine(text: string, line: number): boolean {
  return text.startsWith('error:', line);
}

/**
 * An `error` field's value as the payload every decoder reads as a backend's error report,
 * `{"error": VALUE}` (its JSON, else its text as a string).
 */
function errorPayload(field: string): string {
  const value = field.startsWith(' ') ? field.slice(1) : field;
  try {
    return JSON.stringify({ error: JSON.parse(value) });
  } catch {
    return JSON.stringify({ error: value });
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
