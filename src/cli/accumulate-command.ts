import { accumulateAnthropicStream } from '../providers/anthropic/anthropic-stream-accumulator.js';
import { accumulateOpenAIChatChunks } from '../providers/openai-chat/openai-chat-chunks.js';
import { accumulateOpenAIResponsesStream } from '../providers/openai-responses/openai-responses-stream-accumulator.js';
import type { ToolDefinition } from '../types/tool.js';
import type { ParseResult } from '../types/tool-call.js';
import { alignToolCalls } from './align-tool-calls.js';
import { toolsFrom } from './parse-command.js';
import { toParseResultJson } from './parse-result-json.js';
import { readJsonFile } from './read-input.js';
import { readStreamEvents, type SourcedEvent } from './read-stream-events.js';
import { openInputStream } from './run-jsonl.js';
import { UsageError } from './usage-error.js';

/** The streams `accumulate` reads (`--from`). */
export const streamKinds = ['openai-chat', 'openai-responses', 'anthropic'] as const;
export type StreamKind = (typeof streamKinds)[number];

/** Options of `toolwire accumulate` after argument parsing. */
export interface AccumulateCommandOptions {
  readonly file?: string;
  /** The stream's kind; detected from the first event when not given. */
  readonly from?: string;
  /** A tools file: the rebuilt calls' arguments are aligned with it. */
  readonly tools?: string;
}

const labels: Record<StreamKind, string> = {
  'openai-chat': 'an OpenAI Chat chunk',
  'openai-responses': 'an OpenAI Responses event',
  anthropic: 'an Anthropic Messages event',
};

const accumulators: Record<StreamKind, (events: AsyncIterable<unknown>) => Promise<ParseResult>> = {
  'openai-chat': accumulateOpenAIChatChunks,
  'openai-responses': accumulateOpenAIResponsesStream,
  anthropic: accumulateAnthropicStream,
};

const anthropicEventTypes = new Set([
  'message_start',
  'message_delta',
  'message_stop',
  'content_block_start',
  'content_block_delta',
  'content_block_stop',
  'ping',
]);

/**
 * `toolwire accumulate [FILE]`: rebuilds one assistant turn from a saved provider stream (OpenAI Chat
 * `chat.completion.chunk`s, OpenAI Responses events or Anthropic Messages events, as JSON lines or SSE:
 * see `readStreamEvents`) and writes it in the parse contract shape (format `openai-chat`,
 * `openai-responses` or `anthropic`). The kind is `--from`, else told by the first event. With `tools`,
 * the calls' arguments are aligned as `parse --tools` aligns them (see `alignToolCalls`).
 *
 * Resolves to the exit code: 0, or 1 when the stream itself reports an error (an `error` event, an
 * OpenAI `{"error": ...}` chunk, `response.failed`): the turn so far is still written, and the error
 * goes to stderr on one line.
 * @throws {UsageError} (exit 2) for input it cannot read: an unreadable file, a line or `data:` that is
 *   not JSON, a first event of no known kind, an event of another kind than the stream's, or no event
 *   of the stream's kind at all (never an empty success).
 */
export async function runAccumulateCommand(
  options: AccumulateCommandOptions,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): Promise<number> {
  const given = options.from === undefined ? undefined : streamKindFrom(options.from);
  const tools =
    options.tools === undefined ? undefined : toolsFrom(readJsonFile(options.tools, '--tools'), '--tools');
  const source = options.file === undefined || options.file === '-' ? 'standard input' : options.file;
  const events = readStreamEvents(openInputStream(options.file));
  try {
    return await accumulate(events, given, tools, source, io);
  } finally {
    await events.return(undefined); // closes the input when it was not read to the end
  }
}

async function accumulate(
  events: AsyncGenerator<SourcedEvent>,
  given: StreamKind | undefined,
  tools: ToolDefinition[] | undefined,
  source: string,
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
): Promise<number> {
  const first = await events.next();
  if (first.done) throw new UsageError(`${source}: no stream events`);
  const kind = given ?? kindOf(first.value.value);
  if (kind === undefined)
    throw new UsageError(
      `${first.value.where}: not an OpenAI Chat chunk, OpenAI Responses event or Anthropic Messages event (give --from)`,
    );
  let known = 0;
  let streamError: string | undefined;
  const check = (event: SourcedEvent): unknown => {
    const seen = kindOf(event.value);
    if (seen !== undefined && seen !== kind)
      throw new UsageError(`${event.where}: ${labels[seen]}, in a stream of ${plural(kind)}`);
    if (typeof event.value !== 'object' || event.value === null || Array.isArray(event.value))
      throw new UsageError(`${event.where}: not ${labels[kind]} (not a JSON object)`);
    if (seen !== undefined) known++;
    const reported = errorOf(event.value as Record<string, unknown>);
    if (reported !== undefined) streamError ??= `${event.where}: the stream reports an error: ${reported}`;
    return event.value;
  };
  async function* checked(): AsyncGenerator<unknown> {
    yield check(first.value as SourcedEvent);
    for (let next = await events.next(); !next.done; next = await events.next()) yield check(next.value);
  }
  let result = await accumulators[kind](checked());
  if (known === 0) throw new UsageError(`${source}: no ${plural(kind)}`);
  if (tools) result = alignToolCalls(result, tools);
  io.stdout(`${JSON.stringify(toParseResultJson(result), null, 2)}\n`);
  if (streamError === undefined) return 0;
  io.stderr(`toolwire: ${streamError}\n`);
  return 1;
}

function streamKindFrom(value: string): StreamKind {
  const kind = streamKinds.find((candidate) => candidate === value);
  if (kind === undefined)
    throw new UsageError(`--from must be ${streamKinds.join(', ')} (accumulate), got ${value}`);
  return kind;
}

const plural = (kind: StreamKind): string =>
  ({
    'openai-chat': 'OpenAI Chat chunks',
    'openai-responses': 'OpenAI Responses events',
    anthropic: 'Anthropic Messages events',
  })[kind];

/** The kind of stream an event belongs to, by the fields only that kind has; `undefined` when none. */
function kindOf(value: unknown): StreamKind | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const event = value as Record<string, unknown>;
  if (Array.isArray(event.choices) || event.object === 'chat.completion.chunk') return 'openai-chat';
  if (typeof event.type === 'string') {
    if (event.type.startsWith('response.')) return 'openai-responses';
    if (anthropicEventTypes.has(event.type)) return 'anthropic';
    // Anthropic's error event nests { type, message } in `error`; the Responses one has them at the top.
    if (event.type === 'error') return isObject(event.error) ? 'anthropic' : 'openai-responses';
    return undefined;
  }
  return isObject(event.error) ? 'openai-chat' : undefined;
}

/** The message of an error the stream reports in `event`, if it is one. */
function errorOf(event: Record<string, unknown>): string | undefined {
  if (event.type === 'response.failed') {
    const response = isObject(event.response) ? event.response : {};
    return messageOf(response.error) ?? 'response.failed';
  }
  if (event.type === 'error') return messageOf(event.error) ?? messageOf(event) ?? 'error';
  if (event.type === undefined && isObject(event.error)) return messageOf(event.error) ?? 'error';
  return undefined;
}

function messageOf(value: unknown): string | undefined {
  return isObject(value) && typeof value.message === 'string' ? value.message : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
