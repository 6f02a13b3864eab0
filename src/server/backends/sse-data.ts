import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { BackendError } from './backend.js';

/** Largest SSE event buffered before the stream is refused (a line without end). */
const maxEventBytes = 16 * 1024 * 1024;

/**
 * The `data` field of each server-sent event in `text` (the HTML Living Standard's
 * `text/event-stream`, read by `eventsource-parser`): comments and `retry` lines are skipped. Yields
 * the events one piece of `text` completed together (never an empty batch), so a reader pays its
 * per-step costs once per network read, not once per event.
 *
 * @throws BackendError `backend_protocol` when one event grows past 16 MiB.
 */
export async function* sseData(text: AsyncIterable<string>): AsyncGenerator<string[], void, undefined> {
  let events: string[] = [];
  let failure: Error | undefined;
  const parser = createParser({
    maxBufferSize: maxEventBytes,
    onEvent: (event: EventSourceMessage) => events.push(event.data),
    onError: (error) => {
      // Unknown fields (`foo: bar`) are legal SSE and ignored; only an overflow stops the stream.
      if (error.type === 'max-buffer-size-exceeded') failure ??= error;
    },
  });
  for await (const piece of text) {
    parser.feed(piece);
    if (failure !== undefined) {
      throw new BackendError('backend_protocol', 'the backend sent a server-sent event larger than 16 MiB');
    }
    if (events.length > 0) {
      const batch = events;
      events = [];
      yield batch;
    }
  }
  // A final event without its blank line is dispatched only by a consuming reset.
  parser.reset({ consume: true });
  if (events.length > 0) yield events;
}
