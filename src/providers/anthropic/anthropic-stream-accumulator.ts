import { checkIterable } from '../../internal/check-iterable.js';
import type { ParseResult } from '../../types/tool-call.js';
import type { AccumulatedCall } from '../shared/accumulated-call.js';
import { CallAccumulator, integerIndex, isRecord, nonEmptyString } from '../shared/call-accumulator.js';

/**
 * Rebuilds text, thinking and `tool_use` calls from an Anthropic Messages stream: `content_block_start`
 * (`tool_use` / `server_tool_use` with `id` and `name`), `content_block_delta` (`text_delta`,
 * `thinking_delta`, `input_json_delta` with `partial_json`), `content_block_stop`; other events are
 * ignored. Blocks are keyed by `index`; an index reused after its `content_block_stop` is a new block.
 *
 * Tolerant of: `partial_json` for an index that never started (a call without a name: invalid,
 * `missing_name`, its text kept), a missing `content_block_stop` (the call ends at `result()`), an
 * empty input (`""` → `{}`; an `input` object given whole in `content_block_start` is used when no
 * `partial_json` follows), two JSON objects in one block (two calls of that name). Input that is not a
 * JSON object is an `InvalidToolCall` with the text as `raw`. An `index` of digits in a string (`"0"`) is
 * that number; a delta after its block's `content_block_stop` (and before a new start at that index)
 * still belongs to that block.
 */
export class AnthropicStreamAccumulator extends CallAccumulator {
  private readonly blocks = new Map<
    number,
    | { kind: 'text' | 'thinking' }
    | { kind: 'tool'; call: AccumulatedCall; initial: string; streamed: boolean }
  >();

  constructor() {
    super('anthropic');
  }

  push(event: unknown): void {
    if (!isRecord(event)) return;
    const index = integerIndex(event.index) ?? -1;
    switch (event.type) {
      case 'content_block_start': {
        const block = isRecord(event.content_block) ? event.content_block : {};
        this.stopped.delete(index);
        if (block.type === 'tool_use' || block.type === 'server_tool_use') {
          const call = this.openCall(nonEmptyString(block.id), nonEmptyString(block.name));
          const input = block.input;
          const initial = isRecord(input) && Object.keys(input).length > 0 ? JSON.stringify(input) : '';
          this.blocks.set(index, { kind: 'tool', call, initial, streamed: false });
        } else if (block.type === 'thinking') {
          this.addReasoning(block.thinking);
          this.blocks.set(index, { kind: 'thinking' });
        } else {
          this.addContent(block.text);
          this.blocks.set(index, { kind: 'text' });
        }
        break;
      }
      case 'content_block_delta': {
        const delta = isRecord(event.delta) ? event.delta : {};
        if (delta.type === 'text_delta') this.addContent(delta.text);
        else if (delta.type === 'thinking_delta') this.addReasoning(delta.thinking);
        else if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
          // A late delta after its block's stop still belongs to that block (a start would open a new one).
          let block = this.blocks.get(index) ?? this.stopped.get(index);
          if (block?.kind !== 'tool') {
            block = { kind: 'tool', call: this.openCall(undefined, undefined), initial: '', streamed: false };
            this.blocks.set(index, block);
          }
          block.streamed = true;
          block.call = this.appendArguments(block.call, delta.partial_json);
        }
        break;
      }
      case 'content_block_stop':
        this.close(index);
        break;
      case 'message_delta': {
        const delta = isRecord(event.delta) ? event.delta : {};
        if (typeof delta.stop_reason === 'string') this.finishReason = delta.stop_reason;
        break;
      }
    }
  }

  /** Tool blocks after their `content_block_stop`, by index, until a new block starts there. */
  private readonly stopped = new Map<
    number,
    { kind: 'tool'; call: AccumulatedCall; initial: string; streamed: boolean }
  >();

  private close(index: number): void {
    const block = this.blocks.get(index);
    this.blocks.delete(index);
    if (block?.kind === 'tool') this.stopped.set(index, block);
    if (block?.kind === 'tool' && !block.streamed && block.initial !== '') block.call.append(block.initial);
  }

  /** Text (`content`), thinking (`reasoning`) and the rebuilt calls (format `"anthropic"`). */
  override result(): ParseResult {
    for (const index of [...this.blocks.keys()]) this.close(index);
    return super.result();
  }
}

/** Rebuilds calls from a whole list of Anthropic stream events (see `AnthropicStreamAccumulator`). */
export function accumulateAnthropicStream(events: Iterable<unknown>): ParseResult {
  checkIterable(events, 'accumulateAnthropicStream');
  const accumulator = new AnthropicStreamAccumulator();
  for (const event of events) accumulator.push(event);
  return accumulator.result();
}
