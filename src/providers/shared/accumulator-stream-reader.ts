import { ToolwireError } from '../../errors/toolwire-error.js';
import type { ParseEvent } from '../../types/parse-event.js';
import type { FinishReason, ProviderStreamReader } from '../provider-converter.js';
import type { CallAccumulator } from './call-accumulator.js';
import { CallEventStream } from './call-event-stream.js';

/**
 * A `ProviderStreamReader` over one provider's stream accumulator: each event goes to the accumulator
 * (which keeps its documented tolerances), and `CallEventStream` turns what changed into parse events.
 * Subclasses say how the finish reason is read.
 */
export abstract class AccumulatorStreamReader<A extends CallAccumulator & { push(event: unknown): void }>
  implements ProviderStreamReader
{
  protected readonly events: CallEventStream;
  private finished = false;

  constructor(protected readonly accumulator: A) {
    this.events = new CallEventStream(accumulator);
  }

  /**
   * Feeds one decoded stream event; never throws on event data (junk is ignored).
   * @throws {ToolwireError} code `parser_finished` after `finish()`.
   */
  push(event: unknown): ParseEvent[] {
    this.checkOpen('push');
    this.observe(event);
    this.accumulator.push(event);
    return this.events.collect();
  }

  /**
   * Ends the stream: the calls still open end (`tool-input-end`, then `tool-call` or `tool-call-invalid`).
   * @throws {ToolwireError} code `parser_finished` when called twice.
   */
  finish(): ParseEvent[] {
    this.checkOpen('finish');
    this.finished = true;
    return this.events.finish();
  }

  abstract get finishReason(): FinishReason | undefined;

  /** Looks at an event before the accumulator does (for what only the reader needs). */
  protected observe(_event: unknown): void {}

  private checkOpen(method: string): void {
    if (this.finished) {
      throw new ToolwireError(
        'parser_finished',
        `${method}() after finish(): create a new stream reader per response`,
      );
    }
  }
}
