import { checkIterable } from '../../internal/check-iterable.js';
import type { ParseEvent } from '../../types/parse-event.js';
import type { ProviderStreamReader } from '../provider-converter.js';
import { isAsyncIterable, type StreamEvents } from './accumulate-events.js';

/**
 * Runs a provider stream through `reader` (from `createStreamReader()` of a converter, or
 * `new OpenAIChatStreamReader()` ...), yielding toolwire's parse events as each provider event is read:
 * `reader.push(event)` for every event of `events` (an `Iterable` or an `AsyncIterable`, such as the
 * OpenAI or Anthropic SDK's stream), then `reader.finish()`. `reader.finishReason` is complete when the
 * generator is done.
 *
 * ```ts
 * for await (const event of readProviderStream(new OpenAIChatStreamReader(), await client.chat.completions.create({ stream: true, ... })))
 *   if (event.type === 'tool-call') run(event.toolName, event.input);
 * ```
 * @throws {ToolwireError} (code `invalid_argument`) when `events` is not iterable.
 */
export async function* readProviderStream(
  reader: ProviderStreamReader,
  events: StreamEvents,
): AsyncGenerator<ParseEvent, void, undefined> {
  if (!isAsyncIterable(events)) checkIterable(events, 'readProviderStream');
  for await (const event of events) yield* reader.push(event);
  yield* reader.finish();
}
