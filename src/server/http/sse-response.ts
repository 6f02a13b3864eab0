const encoder = new TextEncoder();

/** What an SSE answer streams: its events' `data` objects, and how it ends. */
export interface SseSource {
  /** The next batch of `data` objects, or `undefined` at the end. Throws to end with an error event. */
  next(): Promise<readonly SseEvent[] | undefined>;
  /** The `data` of the event that reports a failure mid-stream (the surface's error shape). */
  errorEvent(error: unknown): SseEvent;
  /** Called once when the stream ends, however (done, failed, or the client went away). */
  close(reason: 'done' | 'error' | 'cancelled'): void;
  /** Sent after the last event (`data: [DONE]` for OpenAI Chat); none when absent. */
  readonly terminator?: string;
}

/**
 * One server-sent event: an optional `event:` name and its `data`, a value sent as its JSON text, or
 * a `JsonText` sent as it is.
 */
export interface SseEvent {
  readonly event?: string;
  readonly data: unknown;
}

/**
 * JSON already written (a hot path that builds its text from a cached prefix), sent as `data`
 * unchanged. The writer vouches that `text` is one line of valid JSON.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A `text/event-stream` body that pulls from `source` as the client reads (so a slow client slows the
 * backend instead of buffering without bound), and cancels it when the client goes away.
 */
export function sseBody(source: SseSource): ReadableStream<Uint8Array> {
  let closed = false;
  const close = (reason: 'done' | 'error' | 'cancelled') => {
    if (closed) return;
    closed = true;
    source.close(reason);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        // A pull that enqueues nothing is not called again: read until there is something to send.
        let events = await source.next();
        while (events !== undefined && events.length === 0) events = await source.next();
        if (events === undefined) {
          if (source.terminator !== undefined)
            controller.enqueue(encoder.encode(`data: ${source.terminator}\n\n`));
          controller.close();
          close('done');
          return;
        }
        controller.enqueue(encoder.encode(events.map(frame).join('')));
      } catch (error) {
        if (closed) return;
        controller.enqueue(encoder.encode(frame(source.errorEvent(error))));
        controller.close();
        close('error');
      }
    },
    cancel() {
      close('cancelled');
    },
  });
}

function frame(event: SseEvent): string {
  const name = event.event === undefined ? '' : `event: ${event.event}\n`;
  const data = event.data instanceof JsonText ? event.data.text : JSON.stringify(event.data);
  return `${name}data: ${data}\n\n`;
}
