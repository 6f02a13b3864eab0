import type { ParseResult } from '../../types/tool-call.js';
import { accumulateEvents, type StreamEvents } from '../shared/accumulate-events.js';
import { BlockStreamReader } from '../shared/block-stream-reader.js';
import { integerIndex, isRecord, nonEmptyString } from '../shared/call-accumulator.js';

/**
 * Feeds one Anthropic Messages stream event to `blocks`: `content_block_start` (`tool_use` /
 * `server_tool_use` with `id`, `name` and maybe a whole `input`; `text` and `thinking` with their first
 * text), `content_block_delta` (`text_delta`, `thinking_delta`, `input_json_delta` with `partial_json`),
 * `content_block_stop`, `message_delta` (its `stop_reason`; the content is over) and `message_stop`.
 * Other events and deltas (`ping`, `signature_delta`, `citations_delta`) are ignored. An `index` of digits
 * in a string (`"0"`) is that number.
 * @see https://docs.anthropic.com/en/docs/build-with-claude/streaming
 */
export function readAnthropicStreamEvent(blocks: BlockStreamReader, event: unknown): void {
  if (!isRecord(event)) return;
  const index = integerIndex(event.index) ?? -1;
  switch (event.type) {
    case 'content_block_start': {
      const block = isRecord(event.content_block) ? event.content_block : {};
      if (block.type === 'tool_use' || block.type === 'server_tool_use') {
        blocks.startTool(index, nonEmptyString(block.id), nonEmptyString(block.name), block.input);
      } else {
        blocks.startBlock(index);
        if (block.type === 'thinking') blocks.reasoningDelta(block.thinking);
        else blocks.textDelta(block.text);
      }
      break;
    }
    case 'content_block_delta': {
      const delta = isRecord(event.delta) ? event.delta : {};
      if (delta.type === 'text_delta') blocks.textDelta(delta.text);
      else if (delta.type === 'thinking_delta') blocks.reasoningDelta(delta.thinking);
      else if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string') {
        blocks.inputDelta(index, delta.partial_json);
      }
      break;
    }
    case 'content_block_stop':
      blocks.stop(index);
      break;
    case 'message_delta': {
      const delta = isRecord(event.delta) ? event.delta : {};
      if (typeof delta.stop_reason === 'string') blocks.finishReason = delta.stop_reason;
      blocks.messageEnd();
      break;
    }
    case 'message_stop':
      blocks.messageEnd();
      break;
  }
}

/**
 * Rebuilds text, thinking and `tool_use` calls from an Anthropic Messages stream (the events
 * `readAnthropicStreamEvent` reads). Blocks are keyed by `index`; an index reused after its
 * `content_block_stop` is a new block.
 *
 * Tolerant of: `partial_json` for an index that never started (a call without a name: invalid,
 * `missing_name`, its text kept), a missing `content_block_stop` (the call ends at `result()`), an
 * empty input (`""` → `{}`; an `input` object given whole in `content_block_start` is used when no
 * `partial_json` follows), two JSON objects in one block (two calls of that name). Input that is not a
 * JSON object is an `InvalidToolCall` with the text as `raw`. An `index` of digits in a string (`"0"`) is
 * that number; a delta after its block's `content_block_stop` (and before a new start at that index)
 * still belongs to that block while the block's input is incomplete or empty (after a complete input it
 * starts another call of that name; see `BlockStreamReader`).
 */
export class AnthropicStreamAccumulator {
  private readonly blocks = new BlockStreamReader('anthropic', false);

  push(event: unknown): void {
    readAnthropicStreamEvent(this.blocks, event);
  }

  /** The last `stop_reason` seen, if any. */
  get finishReason(): string | undefined {
    return this.blocks.finishReason;
  }

  /** Text (`content`), thinking (`reasoning`) and the rebuilt calls (format `"anthropic"`). */
  result(): ParseResult {
    this.blocks.end();
    return this.blocks.result();
  }
}

/**
 * Rebuilds calls from a whole list of Anthropic stream events (see `AnthropicStreamAccumulator`): an `Iterable` gives the result at once; an `AsyncIterable` (an SDK stream, an async
 * generator) gives a promise of it.
 * @throws {ToolwireError} (code `invalid_argument`) when `events` is neither (a string, say).
 */
export function accumulateAnthropicStream(events: Iterable<unknown>): ParseResult;
export function accumulateAnthropicStream(events: AsyncIterable<unknown>): Promise<ParseResult>;
export function accumulateAnthropicStream(events: StreamEvents): ParseResult | Promise<ParseResult>;
export function accumulateAnthropicStream(events: StreamEvents): ParseResult | Promise<ParseResult> {
  return accumulateEvents(events, 'accumulateAnthropicStream', new AnthropicStreamAccumulator());
}
