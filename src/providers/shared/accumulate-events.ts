import { checkIterable } from '../../internal/check-iterable.js';
import type { ParseResult } from '../../types/tool-call.js';

/** What the `accumulate*` functions read: a list of events, synchronous or not. */
export type StreamEvents = Iterable<unknown> | AsyncIterable<unknown>;

/**
 * Feeds every event of `events` to `accumulator` and returns its result: at once for an `Iterable`
 * (an array, a generator), as a promise for an `AsyncIterable` (an SDK's stream, an async generator,
 * a Node readable in object mode), so one function serves both without making synchronous callers wait.
 * @throws {ToolwireError} (code `invalid_argument`) when `events` is neither, naming `caller`.
 */
export function accumulateEvents(
  events: StreamEvents,
  caller: string,
  accumulator: { push(event: unknown): void; result(): ParseResult },
): ParseResult | Promise<ParseResult> {
  if (isAsyncIterable(events)) return accumulateAsync(events, accumulator);
  checkIterable(events, caller);
  for (const event of events) accumulator.push(event);
  return accumulator.result();
}

async function accumulateAsync(
  events: AsyncIterable<unknown>,
  accumulator: { push(event: unknown): void; result(): ParseResult },
): Promise<ParseResult> {
  for await (const event of events) accumulator.push(event);
  return accumulator.result();
}

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  );
}
