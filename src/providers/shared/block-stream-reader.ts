import { UniqueIds } from '../../internal/unique-ids.js';
import type { ParseEvent } from '../../types/parse-event.js';
import type { FinishReason, ProviderStreamReader } from '../provider-converter.js';
import { type AccumulatedCall, callEndEvent } from './accumulated-call.js';
import { CallAccumulator } from './call-accumulator.js';

/** A `tool_use` / `toolUse` block and the call it currently feeds. */
interface ToolBlock {
  call: AccumulatedCall;
  /** Input given whole in the block's start event, as JSON text (`''` when none or `{}`). */
  readonly initial: string;
  /** Whether any input delta arrived (then `initial` is not used). */
  streamed: boolean;
  /** Whether the current call's `tool-call` / `tool-call-invalid` was emitted. */
  ended: boolean;
}

/**
 * The block model shared by the Anthropic Messages and Bedrock ConverseStream readers: content blocks
 * keyed by an index, tool blocks opened with id and name, input JSON arriving as string fragments, a
 * stop per block, and message-level events that end the content. It rebuilds text, reasoning and calls
 * (as `CallAccumulator`, so `result()` gives the whole `ParseResult`) and, with `emit: true`, the
 * ordered `ParseEvent`s as they become known (`take()` hands them over).
 *
 * Events per call: `tool-input-start` when the block starts with a name, `tool-input-delta` for each
 * fragment as it arrives (whole input given in the start event goes out as one delta at the stop),
 * then `tool-input-end` and `tool-call` (or `tool-call-invalid`, with the fragments' text as `raw`).
 * A call whose input is still incomplete (or empty) at its block's stop stays open for late fragments
 * at that index; it ends when its JSON completes, a new block starts at the index, the message ends
 * (`messageEnd`) or at `end()`. A fragment after a call has ended at that index starts a new call of
 * the same name (a second JSON object in one block does the same); a whitespace-only one is ignored.
 * Fragments for an index that never started are a call without a name: no `tool-input-start`, and a
 * `tool-call-invalid` (code `missing_name`) at the end, its text kept. Ids are the block's id, or
 * `call_N` (N the call's position among all calls); a repeated id gets `_2`, `_3`.
 */
export class BlockStreamReader extends CallAccumulator {
  private readonly open = new Map<number, ToolBlock>();
  /** Tool blocks after their stop, by index, until a new block starts there. */
  private readonly stopped = new Map<number, ToolBlock>();
  private readonly eventIds = new Map<AccumulatedCall, string>();
  private readonly ids = new UniqueIds();
  private events: ParseEvent[] = [];

  /** `format` names the `ParseResult`; `emit: false` keeps no events (for whole-stream accumulators). */
  constructor(
    format: string,
    private readonly emit: boolean,
  ) {
    super(format);
  }

  /** The events produced since the last `take()`, in order. */
  take(): ParseEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  textDelta(text: unknown): void {
    if (typeof text !== 'string' || text === '') return;
    this.addContent(text);
    this.send({ type: 'text-delta', delta: text });
  }

  reasoningDelta(text: unknown): void {
    if (typeof text !== 'string' || text === '') return;
    this.addReasoning(text);
    this.send({ type: 'reasoning-delta', delta: text });
  }

  /** A text, thinking or other non-tool block starts at `index` (ending what was there). */
  startBlock(index: number): void {
    this.release(index);
  }

  /** A tool block starts at `index`: `input` is an object given whole (Anthropic's `input: {}`), if any. */
  startTool(index: number, id: string | undefined, name: string | undefined, input: unknown): void {
    this.release(index);
    const call = this.openCall(id, name);
    const initial =
      typeof input === 'object' && input !== null && !Array.isArray(input) && Object.keys(input).length > 0
        ? JSON.stringify(input)
        : '';
    this.open.set(index, { call, initial, streamed: false, ended: false });
    this.announce(call);
  }

  /** An input JSON fragment for the tool block at `index`. */
  inputDelta(index: number, text: string): void {
    let block = this.open.get(index) ?? this.stopped.get(index);
    if (block?.ended === true) {
      if (text.trim() === '') return;
      block.call = this.openCall(undefined, block.call.name);
      block.ended = false;
      this.announce(block.call);
    }
    if (block === undefined) {
      block = { call: this.openCall(undefined, undefined), initial: '', streamed: false, ended: false };
      this.open.set(index, block);
    }
    block.streamed = true;
    const target = block;
    target.call = this.appendArguments(target.call, text, (call, piece) => {
      if (call !== target.call) {
        this.endCall(target);
        target.call = call;
        target.ended = false;
        this.announce(call);
      }
      if (piece !== '' && call.name !== undefined && call.name !== '') {
        this.send({ type: 'tool-input-delta', id: this.idOf(call), delta: piece });
      }
    });
    if (this.stopped.get(index) === target && target.call.complete) this.endCall(target);
  }

  /** The block at `index` stopped. */
  stop(index: number): void {
    const block = this.open.get(index);
    if (block === undefined) return;
    this.open.delete(index);
    this.stopped.set(index, block);
    if (block.call.complete || (!block.streamed && block.initial !== '')) this.endCall(block);
  }

  /** The message's content is over (`message_delta`, `messageStop`): every call still open ends. */
  messageEnd(): void {
    const blocks = [...this.open.values(), ...this.stopped.values()].filter((block) => !block.ended);
    // In the order the calls opened, so events do not depend on Map order of indexes.
    const position = new Map(this.calls.map((call, index) => [call, index]));
    blocks.sort((a, b) => (position.get(a.call) ?? 0) - (position.get(b.call) ?? 0));
    for (const block of blocks) this.endCall(block);
  }

  /** End of stream: as `messageEnd`. */
  end(): void {
    this.messageEnd();
  }

  protected override openCall(id: string | undefined, name: string | undefined): AccumulatedCall {
    const call = super.openCall(id, name);
    // Claimed in opening order, as `CallAccumulator.result()` does, so events and result agree.
    this.eventIds.set(call, this.ids.claim(id ?? `call_${this.calls.length - 1}`));
    return call;
  }

  private idOf(call: AccumulatedCall): string {
    return this.eventIds.get(call) as string;
  }

  private announce(call: AccumulatedCall): void {
    if (call.name !== undefined && call.name !== '') {
      this.send({ type: 'tool-input-start', id: this.idOf(call), toolName: call.name });
    }
  }

  /** A new block at `index`: the calls there end, and the index is free. */
  private release(index: number): void {
    for (const block of [this.open.get(index), this.stopped.get(index)]) {
      if (block !== undefined && !block.ended) this.endCall(block);
    }
    this.open.delete(index);
    this.stopped.delete(index);
  }

  private endCall(block: ToolBlock): void {
    if (block.ended) return;
    block.ended = true;
    const call = block.call;
    const named = call.name !== undefined && call.name !== '';
    const id = this.idOf(call);
    if (!block.streamed && block.initial !== '' && !call.hasArguments) {
      call.append(block.initial);
      if (named) this.send({ type: 'tool-input-delta', id, delta: block.initial });
    }
    if (named) this.send({ type: 'tool-input-end', id });
    this.send(callEndEvent(id, call.toCall(id)));
  }

  private send(event: ParseEvent): void {
    if (this.emit) this.events.push(event);
  }
}

/**
 * A `ProviderStreamReader` over `BlockStreamReader`: `read` feeds one provider event to the blocks (as
 * `readAnthropicStreamEvent` / `readBedrockStreamEvent` do), `mapFinishReason` reads the provider's stop
 * reason. Each `push` returns the events that event produced; `finish` ends every open call.
 */
export function createBlockStreamReader(
  format: string,
  read: (blocks: BlockStreamReader, event: unknown) => void,
  mapFinishReason: (raw: string) => FinishReason,
): ProviderStreamReader {
  const blocks = new BlockStreamReader(format, true);
  return {
    push(event: unknown) {
      read(blocks, event);
      return blocks.take();
    },
    finish() {
      blocks.end();
      return blocks.take();
    },
    get finishReason() {
      return blocks.finishReason === undefined ? undefined : mapFinishReason(blocks.finishReason);
    },
  };
}
