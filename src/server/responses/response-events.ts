import { newCallId } from '../core/call-id.js';
import type { TurnEvent } from '../core/turn-event.js';
import type { SseEvent } from '../http/sse-response.js';
import { customToolInput } from './custom-tool.js';
import {
  type ResponseEnd,
  type ResponseMeta,
  type ResponseStatus,
  responseObject,
} from './response-object.js';

/** The item being written: a message or a reasoning item, whose text grows by deltas. */
interface OpenItem {
  readonly kind: 'message' | 'reasoning';
  readonly id: string;
  readonly index: number;
  text: string;
}

type Item = Record<string, unknown>;

/**
 * Writes a turn's events as a Responses event stream, exactly as OpenAI sends it (API reference,
 * "Streaming events"), and builds the response's `output` on the way, so the whole answer and the
 * stream share one source: the item ids of the stream are those of the final response.
 *
 * - `start`: `response.created`, `response.in_progress` (status `in_progress`, empty output);
 * - text: a `message` item (`msg_…`): `response.output_item.added`, `response.content_part.added`
 *   (an empty `output_text`), a `response.output_text.delta` per piece, then at its end
 *   `response.output_text.done`, `response.content_part.done`, `response.output_item.done`;
 * - reasoning: a `reasoning` item (`rs_…`, empty `summary`, the text as `reasoning_text` content) with
 *   `response.reasoning_text.delta` / `.done` in the same frame of events;
 * - a call (complete, checked): a `function_call` item (`fc_…`, `call_id` `call_…`) with one
 *   `response.function_call_arguments.delta` and `.done`, or for a custom tool a `custom_tool_call`
 *   item (`ctc_…`, the raw `input`) with `response.custom_tool_call_input.delta` / `.done`;
 * - the end: `response.completed`, or `response.incomplete` with `incomplete_details.reason`
 *   `max_output_tokens` when the backend stopped at the token limit (the open item is then
 *   `incomplete`); `fail`: an `error` event, then `response.failed`.
 * Every event carries `type` and `sequence_number` (from 0, one up each event).
 */
export class ResponseEventWriter {
  /** The output items so far (final once `end` was written). */
  readonly output: Item[] = [];
  private sequence = 0;
  private open: OpenItem | undefined;
  private last: Record<string, unknown> | undefined;

  constructor(
    private readonly meta: ResponseMeta,
    private readonly customTools: ReadonlySet<string>,
  ) {}

  /** The final response object, once the end or a failure was written. */
  get response(): Record<string, unknown> | undefined {
    return this.last;
  }

  /** `response.created` and `response.in_progress`. */
  start(): SseEvent[] {
    const response = responseObject(this.meta, 'in_progress', []);
    return [this.event('response.created', { response }), this.event('response.in_progress', { response })];
  }

  /** The events of one turn event (none for an empty text). */
  write(event: TurnEvent): SseEvent[] {
    switch (event.type) {
      case 'text':
      case 'reasoning':
        return event.text === ''
          ? []
          : this.delta(event.type === 'text' ? 'message' : 'reasoning', event.text);
      case 'call':
        return [...this.close('completed'), ...this.call(event)];
      case 'end': {
        const incomplete = event.finishReason === 'length';
        const events = this.close(incomplete ? 'incomplete' : 'completed');
        const status: ResponseStatus = incomplete ? 'incomplete' : 'completed';
        const end: ResponseEnd = incomplete
          ? { usage: event.usage, incompleteReason: 'max_output_tokens' }
          : { usage: event.usage };
        this.last = responseObject(this.meta, status, this.output, end);
        events.push(this.event(`response.${status}`, { response: this.last }));
        return events;
      }
    }
  }

  /** An `error` event and `response.failed` (with the items so far), for a failure mid-stream. */
  fail(error: { code: string; message: string; param: string | null }): SseEvent[] {
    if (this.open !== undefined) {
      this.output[this.open.index] = this.finished(this.open, 'incomplete');
      this.open = undefined;
    }
    this.last = responseObject(this.meta, 'failed', this.output, {
      error: { code: error.code, message: error.message },
    });
    return [
      this.event('error', { code: error.code, message: error.message, param: error.param }),
      this.event('response.failed', { response: this.last }),
    ];
  }

  private delta(kind: OpenItem['kind'], text: string): SseEvent[] {
    const events: SseEvent[] = [];
    let open = this.open;
    if (open?.kind !== kind) {
      events.push(...this.close('completed'));
      open = {
        kind,
        id: newCallId(kind === 'message' ? 'msg_' : 'rs_'),
        index: this.output.length,
        text: '',
      };
      this.open = open;
      const item =
        kind === 'message' ? message(open.id, 'in_progress', undefined) : reasoning(open.id, undefined);
      this.output.push(item);
      events.push(
        this.event('response.output_item.added', { output_index: open.index, item }),
        this.event('response.content_part.added', { ...this.place(open), part: part(kind, '') }),
      );
    }
    open.text += text;
    const name = kind === 'message' ? 'response.output_text.delta' : 'response.reasoning_text.delta';
    events.push(this.event(name, { ...this.place(open), delta: text, ...logprobs(kind) }));
    return events;
  }

  private close(status: 'completed' | 'incomplete'): SseEvent[] {
    const open = this.open;
    if (open === undefined) return [];
    this.open = undefined;
    const item = this.finished(open, status);
    this.output[open.index] = item;
    const name = open.kind === 'message' ? 'response.output_text.done' : 'response.reasoning_text.done';
    return [
      this.event(name, { ...this.place(open), text: open.text, ...logprobs(open.kind) }),
      this.event('response.content_part.done', { ...this.place(open), part: part(open.kind, open.text) }),
      this.event('response.output_item.done', { output_index: open.index, item }),
    ];
  }

  private finished(open: OpenItem, status: 'completed' | 'incomplete'): Item {
    return open.kind === 'message' ? message(open.id, status, open.text) : reasoning(open.id, open.text);
  }

  private call(event: Extract<TurnEvent, { type: 'call' }>): SseEvent[] {
    const index = this.output.length;
    const custom = this.customTools.has(event.name);
    const id = newCallId(custom ? 'ctc_' : 'fc_');
    const value = custom ? customToolInput(event.arguments) : event.arguments;
    const field = custom ? 'input' : 'arguments';
    const item = (status: string, text: string): Item => ({
      id,
      type: custom ? 'custom_tool_call' : 'function_call',
      status,
      [field]: text,
      call_id: event.id,
      name: event.name,
    });
    const done = item('completed', value);
    this.output.push(done);
    const place = { item_id: id, output_index: index };
    return [
      this.event('response.output_item.added', { output_index: index, item: item('in_progress', '') }),
      custom
        ? this.event('response.custom_tool_call_input.delta', { ...place, delta: value })
        : this.event('response.function_call_arguments.delta', { ...place, delta: value }),
      custom
        ? this.event('response.custom_tool_call_input.done', { ...place, input: value })
        : this.event('response.function_call_arguments.done', {
            ...place,
            name: event.name,
            arguments: value,
          }),
      this.event('response.output_item.done', { output_index: index, item: done }),
    ];
  }

  private place(open: OpenItem): Record<string, unknown> {
    return { item_id: open.id, output_index: open.index, content_index: 0 };
  }

  private event(type: string, fields: Record<string, unknown>): SseEvent {
    return { event: type, data: { type, sequence_number: this.sequence++, ...fields } };
  }
}

function message(id: string, status: string, text: string | undefined): Item {
  return {
    id,
    type: 'message',
    status,
    content: text === undefined ? [] : [part('message', text)],
    role: 'assistant',
  };
}

function reasoning(id: string, text: string | undefined): Item {
  return { id, type: 'reasoning', summary: [], content: text === undefined ? [] : [part('reasoning', text)] };
}

function part(kind: OpenItem['kind'], text: string): Item {
  return kind === 'message'
    ? { type: 'output_text', annotations: [], logprobs: [], text }
    : { type: 'reasoning_text', text };
}

/** Text deltas carry `logprobs` (always empty here); reasoning deltas do not. */
function logprobs(kind: OpenItem['kind']): Record<string, unknown> {
  return kind === 'message' ? { logprobs: [] } : {};
}
