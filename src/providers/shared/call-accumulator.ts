import { UniqueIds } from '../../internal/unique-ids.js';
import type { InvalidToolCall, ParseResult, ToolCall } from '../../types/tool-call.js';
import { AccumulatedCall, isInvalidCall } from './accumulated-call.js';

/**
 * Shared state of the provider-stream accumulators: content and reasoning text, and the calls in the
 * order they were opened. `result()` rebuilds every call (see `AccumulatedCall.toCall`); a call without
 * an id gets `call_N`, N its position among all calls.
 */
export abstract class CallAccumulator {
  protected readonly calls: AccumulatedCall[] = [];
  private readonly content: string[] = [];
  private readonly reasoning: string[] = [];
  private contentTaken = 0;
  private reasoningTaken = 0;
  /** Calls opened or changed since the last `takeTouched`, in the order they were first touched. */
  private readonly touched = new Set<AccumulatedCall>();
  /** Calls the provider said are complete (a Responses `output_item.done`) since the last `takeDone`. */
  private done: AccumulatedCall[] = [];
  /** The last `finish_reason` / `stop_reason` / status seen, if any. */
  finishReason: string | undefined;

  constructor(private readonly format: string) {}

  protected addContent(text: unknown): void {
    if (typeof text === 'string' && text !== '') this.content.push(text);
  }

  protected addReasoning(text: unknown): void {
    if (typeof text === 'string' && text !== '') this.reasoning.push(text);
  }

  protected openCall(id: string | undefined, name: string | undefined): AccumulatedCall {
    const call = new AccumulatedCall(id, name);
    call.position = this.calls.length;
    this.calls.push(call);
    this.touched.add(call);
    return call;
  }

  /** Records that `call` changed (name, id or arguments), for `takeTouched`. */
  protected touch(call: AccumulatedCall): void {
    this.touched.add(call);
  }

  /** Records that the provider closed `call`, for `takeDone`. */
  protected markDone(call: AccumulatedCall): void {
    this.done.push(call);
  }

  /** Every call opened so far, in stream order. */
  get allCalls(): readonly AccumulatedCall[] {
    return this.calls;
  }

  /** The reasoning and content text that arrived since the last call (for incremental readers). */
  takeText(): { readonly reasoning: string; readonly content: string } {
    const reasoning = this.reasoning.slice(this.reasoningTaken).join('');
    const content = this.content.slice(this.contentTaken).join('');
    this.reasoningTaken = this.reasoning.length;
    this.contentTaken = this.content.length;
    return { reasoning, content };
  }

  /** The calls opened or changed since the last call, in the order they were first touched. */
  takeTouched(): AccumulatedCall[] {
    const calls = [...this.touched];
    this.touched.clear();
    return calls;
  }

  /** The calls the provider closed since the last call. */
  takeDone(): AccumulatedCall[] {
    const calls = this.done;
    this.done = [];
    return calls;
  }

  /**
   * Appends argument text to `call`; a second JSON object after its complete one opens a new call with
   * the same name (and no id), which is returned so the caller can route later fragments to it.
   * `onPiece(call, piece)` is told which part of `text` went to which call, in order.
   */
  protected appendArguments(
    call: AccumulatedCall,
    text: string,
    onPiece?: (call: AccumulatedCall, piece: string) => void,
  ): AccumulatedCall {
    let current = call;
    this.touched.add(current);
    let rest = text;
    for (;;) {
      const next = current.append(rest);
      // `onPiece` sees each call's share of `text` in order, after the call that takes it is open.
      onPiece?.(current, rest.slice(0, rest.length - next.length));
      if (next === '') return current;
      current = this.openCall(undefined, current.name);
      rest = next;
    }
  }

  /** Content, reasoning, the rebuilt calls and the calls that could not be rebuilt, in stream order. */
  result(): ParseResult {
    const toolCalls: ToolCall[] = [];
    const invalidToolCalls: InvalidToolCall[] = [];
    const ids = new UniqueIds();
    this.calls.forEach((call, index) => {
      const built = call.toCall(`call_${index}`);
      // No two calls share an id (a server that repeats one, or one equal to a generated `call_N`).
      const rebuilt = built.id === undefined ? built : { ...built, id: ids.claim(built.id) };
      if (isInvalidCall(rebuilt)) invalidToolCalls.push(rebuilt);
      else toolCalls.push(rebuilt);
    });
    return {
      format: this.format,
      content: this.content.join(''),
      reasoning: this.reasoning.join(''),
      toolCalls,
      invalidToolCalls,
    };
  }
}

export const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A stream's block or call index: a non-negative integer, or a string of digits (`"1"`, which some
 * servers send) as that number; anything else (`null`, `NaN`, `-1`, `0.5`) is `undefined`.
 */
export function integerIndex(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && /^[0-9]{1,15}$/.test(value)) return Number(value);
  return undefined;
}
