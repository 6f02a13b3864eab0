import { UniqueIds } from '../../internal/unique-ids.js';
import type { ParseEvent } from '../../types/parse-event.js';
import { type AccumulatedCall, callEndEvent, invalidMark, isInvalidCall } from './accumulated-call.js';
import type { CallAccumulator } from './call-accumulator.js';

/** What was sent for one announced call. */
interface Announced {
  readonly id: string;
  /** Fragments of the call already streamed (`AccumulatedCall.pieceCount` then). */
  pieces: number;
  /** `AccumulatedCall.revision` then: a different one means the text was replaced. */
  revision: number;
  /** The argument text streamed so far (deltas concatenated). */
  sent: string;
  /** The text went somewhere the deltas cannot follow (replaced by other text, or marked invalid). */
  frozen: boolean;
}

/**
 * Turns what a provider-stream accumulator took in into toolwire's ordered parse events, incrementally,
 * so every reader keeps exactly the accumulator's tolerances (routing by id / index / item, names never
 * glued, two JSON objects on one slot being two calls, ...). After each `push` to the accumulator,
 * `collect()` returns: `reasoning-delta` and `text-delta` for the new text, then, per call touched, in
 * stream order, `tool-input-start` (once its name is known; id = the provider's, else `call_N`, made
 * unique within the turn) and `tool-input-delta` with the argument text that arrived. A call the
 * provider closed (`takeDone`) ends at once; `finish()` ends every other call in stream order:
 * `tool-input-end` then `tool-call` (`input` the arguments object, `raw` its text) or
 * `tool-call-invalid` (its text, error and issues; a call that never got a name is never announced and
 * gets only `tool-call-invalid`). Nothing is dropped.
 *
 * When a provider's final `arguments` text replaces what was streamed and does not continue it, the
 * deltas stop there (streamed text cannot be taken back) and the `tool-call` carries the final text as
 * `raw` and its object as `input`: the provider's final word wins, as in the accumulators.
 */
export class CallEventStream {
  private readonly announced = new Map<AccumulatedCall, Announced>();
  private readonly ended = new Set<AccumulatedCall>();
  private readonly ids = new UniqueIds();
  private completedCalls = 0;

  constructor(private readonly accumulator: CallAccumulator) {}

  /** How many calls ended as `tool-call` so far. */
  get callCount(): number {
    return this.completedCalls;
  }

  /** The events for what the accumulator received since the last `collect` (see the class). */
  collect(): ParseEvent[] {
    const events: ParseEvent[] = [];
    const { reasoning, content } = this.accumulator.takeText();
    if (reasoning !== '') events.push({ type: 'reasoning-delta', delta: reasoning });
    if (content !== '') events.push({ type: 'text-delta', delta: content });
    for (const call of this.accumulator.takeTouched()) this.advance(call, events);
    for (const call of this.accumulator.takeDone()) this.end(call, events);
    return events;
  }

  /** `collect()`, then the end of every call not ended yet, in stream order. */
  finish(): ParseEvent[] {
    const events = this.collect();
    for (const call of this.accumulator.allCalls) this.end(call, events);
    return events;
  }

  private advance(call: AccumulatedCall, events: ParseEvent[]): void {
    if (this.ended.has(call)) return;
    let state = this.announced.get(call);
    if (state === undefined) {
      if (call.name === undefined || call.name === '') return;
      state = {
        id: this.ids.claim(call.id ?? `call_${call.position}`),
        pieces: 0,
        revision: call.revision,
        sent: '',
        frozen: false,
      };
      this.announced.set(call, state);
      events.push({ type: 'tool-input-start', id: state.id, toolName: call.name });
    }
    if (state.frozen) return;
    let fresh: string;
    if (state.revision !== call.revision) {
      state.revision = call.revision;
      const text = call.argumentsText;
      if (!text.startsWith(state.sent)) {
        state.frozen = true;
        return;
      }
      fresh = text.slice(state.sent.length);
    } else {
      fresh = call.textFrom(state.pieces);
    }
    state.pieces = call.pieceCount;
    // An encoder's invalid mark is not argument text: stream up to it, then nothing more.
    const mark = fresh.indexOf(invalidMark);
    if (mark >= 0) {
      fresh = fresh.slice(0, mark);
      state.frozen = true;
    }
    if (fresh === '') return;
    state.sent += fresh;
    events.push({ type: 'tool-input-delta', id: state.id, delta: fresh });
  }

  private end(call: AccumulatedCall, events: ParseEvent[]): void {
    if (this.ended.has(call)) return;
    this.advance(call, events);
    this.ended.add(call);
    const state = this.announced.get(call);
    const id = state?.id ?? this.ids.claim(call.id ?? `call_${call.position}`);
    const built = call.toCall(id);
    if (state !== undefined) events.push({ type: 'tool-input-end', id });
    events.push(callEndEvent(id, built));
    if (!isInvalidCall(built)) this.completedCalls++;
  }
}
