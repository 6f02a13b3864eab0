import { StringDecoder } from 'node:string_decoder';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { UsageError } from './usage-error.js';

/** One decoded stream event and where it came from (`line 3` of JSON lines, `event 3` of SSE). */
export interface SourcedEvent {
  readonly value: unknown;
  readonly where: string;
}

/**
 * The events of a saved provider stream, read as it arrives. The container is told by the first
 * character that is not white space: `{` starts JSON lines (one event per line; blank lines skipped),
 * anything else is Server-Sent Events, read by `eventsource-parser` (so a `data:` field spread over
 * several lines is one event, its lines joined by `\n`, as the SSE specification says; comments, `id:`,
 * `retry:` and `event:` fields are not events; `data: [DONE]` ends nothing and is skipped). A last SSE
 * event not followed by a blank line is still read (a saved file often ends right after it).
 * @throws {UsageError} for a line or `data:` that is not JSON, or SSE the parser rejects.
 */
export async function* readStreamEvents(
  chunks: AsyncIterable<Buffer | string>,
): AsyncGenerator<SourcedEvent> {
  const decoder = new StringDecoder('utf8');
  let reader: ((text: string, end: boolean) => SourcedEvent[]) | undefined;
  let head = '';
  const take = (text: string, end: boolean): SourcedEvent[] => {
    if (reader === undefined) {
      head += text;
      const first = head.trimStart();
      if (first === '') return [];
      reader = first.startsWith('{') ? jsonLinesReader() : sseReader();
      text = head;
    }
    return reader(text, end);
  };
  for await (const chunk of chunks)
    yield* take(typeof chunk === 'string' ? chunk : decoder.write(chunk), false);
  yield* take(decoder.end(), true);
}

function jsonLinesReader(): (text: string, end: boolean) => SourcedEvent[] {
  let pending = '';
  let lineNumber = 0;
  const event = (line: string): SourcedEvent[] => {
    lineNumber++;
    if (line.trim() === '') return [];
    const where = `line ${lineNumber}`;
    return [{ value: parseJson(line, `${where}: not JSON`), where }];
  };
  return (text, end) => {
    const events: SourcedEvent[] = [];
    const lines = (pending + text).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) events.push(...event(line));
    if (end && pending !== '') events.push(...event(pending));
    return events;
  };
}

function sseReader(): (text: string, end: boolean) => SourcedEvent[] {
  const messages: EventSourceMessage[] = [];
  let failure: Error | undefined;
  const parser = createParser({
    onEvent: (message) => messages.push(message),
    onError: (error) => {
      failure ??= error;
    },
  });
  let count = 0;
  return (text, end) => {
    parser.feed(end ? `${text}\n\n` : text);
    if (failure) throw new UsageError(`not JSON lines, and not SSE: ${failure.message}`);
    const events: SourcedEvent[] = [];
    for (const message of messages.splice(0)) {
      count++;
      if (message.data.trim() === '[DONE]') continue;
      const where = `event ${count}`;
      events.push({ value: parseJson(message.data, `${where}: data is not JSON`), where });
    }
    return events;
  };
}

function parseJson(text: string, problem: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${problem} (${(error as Error).message})`);
  }
}
