import type { ParseResult } from '../../types/tool-call.js';
import { accumulateEvents, type StreamEvents } from '../shared/accumulate-events.js';
import type { AccumulatedCall } from '../shared/accumulated-call.js';
import { CallAccumulator, isRecord, nonEmptyString } from '../shared/call-accumulator.js';

/**
 * Rebuilds text, reasoning and function calls from an OpenAI Responses API stream:
 * `response.output_item.added` (a `function_call` item with `id`, `call_id`, `name`),
 * `response.function_call_arguments.delta` (`item_id`, `output_index`, `delta`),
 * `response.function_call_arguments.done` (`arguments`, the full text), `response.output_item.done`,
 * plus `response.output_text.delta` (content) and `response.reasoning_text.delta` /
 * `response.reasoning_summary_text.delta` (reasoning). The call id is `call_id` (what a
 * `function_call_output` pairs with), else the item id.
 *
 * Deltas are routed by `item_id`, else by `output_index`; a delta for an unknown item opens a call
 * without a name (invalid, `missing_name`, its text kept). When the full `arguments` of a `.done`
 * event (or of the done item) differ from the concatenated deltas, the full text wins. `""` is `{}`;
 * text that is not a JSON object is an `InvalidToolCall`; two JSON objects in one item are two calls.
 * `response.output_item.done` closes the item's calls: a fragment that still names it afterwards is a
 * call of its own (without a name: invalid, its text kept), never glued onto a call already reported.
 */
export class OpenAIResponsesStreamAccumulator extends CallAccumulator {
  private readonly byItem = new Map<string, AccumulatedCall>();
  private readonly byOutput = new Map<number, AccumulatedCall>();
  /** The first call of each item (the one a final `arguments` text replaces). */
  private readonly first = new Map<AccumulatedCall, AccumulatedCall>();
  /** Every call of an item (more than one when the deltas held several JSON objects), by its first call. */
  private readonly family = new Map<AccumulatedCall, AccumulatedCall[]>();

  constructor() {
    super('openai-responses');
  }

  push(event: unknown): void {
    if (!isRecord(event)) return;
    const outputIndex = typeof event.output_index === 'number' ? event.output_index : undefined;
    switch (event.type) {
      case 'response.output_item.added':
      case 'response.output_item.done': {
        const item = isRecord(event.item) ? event.item : undefined;
        if (item?.type !== 'function_call') break;
        const itemId = nonEmptyString(item.id);
        let call = this.find(itemId, outputIndex);
        if (!call) {
          call = this.openCall(nonEmptyString(item.call_id) ?? itemId, nonEmptyString(item.name));
          this.adopt(call, call);
          this.route(call, itemId, outputIndex);
        }
        call.name ??= nonEmptyString(item.name);
        if (call.id === undefined || call.id === itemId) call.id = nonEmptyString(item.call_id) ?? call.id;
        this.touch(call);
        if (typeof item.arguments === 'string' && item.arguments !== '') this.complete(call, item.arguments);
        if (event.type === 'response.output_item.done') this.close(call, itemId, outputIndex);
        break;
      }
      case 'response.function_call_arguments.delta': {
        if (typeof event.delta !== 'string') break;
        const itemId = nonEmptyString(event.item_id);
        let call = this.find(itemId, outputIndex);
        if (!call) {
          call = this.openCall(itemId, undefined);
          this.adopt(call, call);
        }
        const next = this.appendArguments(call, event.delta);
        if (next !== call) this.adopt(next, this.first.get(call) ?? call);
        this.route(next, itemId, outputIndex);
        break;
      }
      case 'response.function_call_arguments.done': {
        const call = this.find(nonEmptyString(event.item_id), outputIndex);
        if (call && typeof event.arguments === 'string') this.complete(call, event.arguments);
        break;
      }
      case 'response.output_text.delta':
        this.addContent(event.delta);
        break;
      case 'response.reasoning_text.delta':
      case 'response.reasoning_summary_text.delta':
        this.addReasoning(event.delta);
        break;
      case 'response.completed':
      case 'response.incomplete': {
        const response = isRecord(event.response) ? event.response : {};
        if (typeof response.status === 'string') this.finishReason = response.status;
        break;
      }
    }
  }

  private adopt(call: AccumulatedCall, first: AccumulatedCall): void {
    this.first.set(call, first);
    const members = this.family.get(first);
    if (members) members.push(call);
    else this.family.set(first, [call]);
  }

  /** The item is done: its calls are complete, and later fragments naming it start a call of their own. */
  private close(call: AccumulatedCall, itemId: string | undefined, outputIndex: number | undefined): void {
    const first = this.first.get(call) ?? call;
    const members = this.family.get(first) ?? [call];
    for (const member of members) this.markDone(member);
    if (itemId !== undefined && members.includes(this.byItem.get(itemId) as AccumulatedCall)) {
      this.byItem.delete(itemId);
    }
    if (outputIndex !== undefined && members.includes(this.byOutput.get(outputIndex) as AccumulatedCall)) {
      this.byOutput.delete(outputIndex);
    }
  }

  private find(itemId: string | undefined, outputIndex: number | undefined): AccumulatedCall | undefined {
    return (
      (itemId !== undefined ? this.byItem.get(itemId) : undefined) ??
      (outputIndex !== undefined ? this.byOutput.get(outputIndex) : undefined)
    );
  }

  private route(call: AccumulatedCall, itemId: string | undefined, outputIndex: number | undefined): void {
    if (itemId !== undefined) this.byItem.set(itemId, call);
    if (outputIndex !== undefined) this.byOutput.set(outputIndex, call);
  }

  /** A full `arguments` text: replaces what the deltas built when it differs (single-object items only). */
  private complete(call: AccumulatedCall, text: string): void {
    const first = this.first.get(call) ?? call;
    if (first !== call) return; // split into several calls by the deltas: keep them
    if (call.argumentsText !== text) {
      call.replaceArguments(text);
      this.touch(call);
    }
  }
}

/**
 * Rebuilds calls from a whole list of Responses stream events (see `OpenAIResponsesStreamAccumulator`): an `Iterable` gives the result at once; an `AsyncIterable` (an SDK stream, an async
 * generator) gives a promise of it.
 * @throws {ToolwireError} (code `invalid_argument`) when `events` is neither (a string, say).
 */
export function accumulateOpenAIResponsesStream(events: Iterable<unknown>): ParseResult;
export function accumulateOpenAIResponsesStream(events: AsyncIterable<unknown>): Promise<ParseResult>;
export function accumulateOpenAIResponsesStream(events: StreamEvents): ParseResult | Promise<ParseResult>;
export function accumulateOpenAIResponsesStream(events: StreamEvents): ParseResult | Promise<ParseResult> {
  return accumulateEvents(events, 'accumulateOpenAIResponsesStream', new OpenAIResponsesStreamAccumulator());
}
