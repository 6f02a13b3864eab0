import type { ParseEvent } from '../types/parse-event.js';
import { createToolCallStream, type ToolCallStreamOptions } from './create-tool-call-stream.js';

/** An error part the adapter enqueues when the parser throws (API misuse; model text never throws). */
export interface StreamErrorPart {
  readonly type: 'error';
  readonly error: unknown;
}

/**
 * A web `TransformStream` from model text deltas to `ParseEvent`s (plus `{ type: 'error', error }`):
 * each written string is one `push`, closing the writable side is `finish`. Same options and guarantees
 * as `createToolCallStream`. Works wherever `TransformStream` is global (Node 18+, browsers, edge).
 *
 * ```ts
 * const events = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(toTransformStream({ format: 'hermes' }));
 * for await (const event of events) if (event.type === 'tool-call') run(event.toolName, event.input);
 * ```
 */
export function toTransformStream(
  options?: ToolCallStreamOptions,
): TransformStream<string, ParseEvent | StreamErrorPart> {
  const stream = createToolCallStream(options ?? {});
  return new TransformStream<string, ParseEvent | StreamErrorPart>({
    transform(chunk, controller) {
      try {
        for (const event of stream.push(chunk)) controller.enqueue(event);
      } catch (error) {
        controller.enqueue({ type: 'error', error });
      }
    },
    flush(controller) {
      try {
        for (const event of stream.finish()) controller.enqueue(event);
      } catch (error) {
        controller.enqueue({ type: 'error', error });
      }
    },
  });
}
