import type { FinishReason } from '../provider-converter.js';
import { AccumulatorStreamReader } from '../shared/accumulator-stream-reader.js';
import { isRecord } from '../shared/call-accumulator.js';
import { mapOpenAIResponsesFinishReason } from './map-openai-responses-finish-reason.js';
import { OpenAIResponsesStreamAccumulator } from './openai-responses-stream-accumulator.js';

/**
 * Reads a Responses API stream (the SSE events, parsed) into toolwire's parse events, incrementally:
 * `response.output_text.delta` → `text-delta`; `response.reasoning_summary_text.delta` /
 * `response.reasoning_text.delta` → `reasoning-delta`; a `function_call` item announced by
 * `response.output_item.added` → `tool-input-start` (id = `call_id`), each
 * `response.function_call_arguments.delta` → `tool-input-delta`, and `response.output_item.done` →
 * `tool-input-end` then `tool-call` (or `tool-call-invalid`) right away; calls the stream never closed
 * end at `finish()`. Every tolerance of `OpenAIResponsesStreamAccumulator` holds (it does the routing):
 * deltas by `item_id`, else `output_index`; a `.done` text that differs from the deltas wins (the
 * `tool-call` carries it); two JSON objects in one item are two calls.
 *
 * `finishReason` comes from the `response.completed` / `response.incomplete` / `response.failed`
 * event (`status`, `incomplete_details.reason`) and whether a call was made.
 */
export class OpenAIResponsesStreamReader extends AccumulatorStreamReader<OpenAIResponsesStreamAccumulator> {
  private status: unknown;
  private incompleteReason: unknown;

  constructor() {
    super(new OpenAIResponsesStreamAccumulator());
  }

  protected override observe(event: unknown): void {
    if (!isRecord(event) || typeof event.type !== 'string') return;
    if (
      event.type !== 'response.completed' &&
      event.type !== 'response.incomplete' &&
      event.type !== 'response.failed'
    )
      return;
    const response = isRecord(event.response) ? event.response : {};
    this.status = response.status ?? event.type.slice('response.'.length);
    this.incompleteReason = isRecord(response.incomplete_details)
      ? response.incomplete_details.reason
      : undefined;
  }

  get finishReason(): FinishReason | undefined {
    if (this.status === undefined) return undefined;
    return mapOpenAIResponsesFinishReason({
      status: this.status,
      incompleteReason: this.incompleteReason,
      hasFunctionCall: this.events.callCount > 0,
    });
  }
}
