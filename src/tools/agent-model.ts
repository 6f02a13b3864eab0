import { ToolwireError } from '../errors/toolwire-error.js';
import type { FormatDefinition, FormatOptions } from '../formats/format-definition.js';
import { parseToolCalls } from '../formats/parse-tool-calls.js';
import { describe } from '../internal/describe-value.js';
import type { ToolChoice, Usage } from '../providers/provider-converter.js';
import { createToolCallStream } from '../stream/create-tool-call-stream.js';
import type { AssistantMessage, Message } from '../types/message.js';
import type { ParseEvent } from '../types/parse-event.js';
import type { ToolDefinition } from '../types/tool.js';
import { FreshCallIds } from './fresh-call-ids.js';
import { parseResultMessage } from './parse-result-message.js';

/** What `runAgent` passes a model besides the messages and tools. */
export interface AgentModelOptions {
  /** The run's signal: stop generating when it aborts. */
  readonly abortSignal?: AbortSignal;
  /** The step being generated, from 1. */
  readonly step: number;
  /** `runAgent`'s `toolChoice`, when given: which tools the model may call (the model applies it). */
  readonly toolChoice?: ToolChoice;
}

/** One reply with its token counts. */
export interface AgentModelResponse {
  readonly message: AssistantMessage;
  readonly usage?: Usage;
}

/** A part of a streamed reply: a toolwire parse event, or the reply's token counts. */
export type AgentStreamPart = ParseEvent | { readonly type: 'usage'; readonly usage: Usage };

/** What `generate` returns: the assistant message, the message with usage, or a stream of parse events. */
export type AgentModelOutput = AssistantMessage | AgentModelResponse | AsyncIterable<AgentStreamPart>;

/**
 * The minimal model `runAgent` drives: given the history and the tools (in declaration order), one
 * assistant turn, whole or as a stream of parse events (`createToolCallStream`'s events, plus `usage`).
 */
export interface AgentModel {
  generate(
    messages: readonly Message[],
    tools: readonly ToolDefinition[],
    options: AgentModelOptions,
  ): AgentModelOutput | Promise<AgentModelOutput>;
}

/** What a raw-text model returns: the whole text, or its chunks (sync or async). */
export type TextModelOutput = string | Iterable<string> | AsyncIterable<string>;

/** A raw-text model: renders its own prompt from the messages and tools, returns the completion text. */
export type TextModel = (
  messages: readonly Message[],
  tools: readonly ToolDefinition[],
  options: AgentModelOptions,
) => TextModelOutput | Promise<TextModelOutput>;

/** Options of `fromTextModel`: the toolwire format the model writes calls in, and parser options. */
export interface TextModelOptions extends Omit<FormatOptions, 'tools' | 'inputEvents'> {
  /** Format id or alias (`"hermes"`, `"qwen3_coder"`, ...), `"auto"`, or a definition. */
  readonly format: string | FormatDefinition;
  /** Model name, for `format: "auto"`. */
  readonly model?: string;
}

/**
 * Wraps a raw-text model (open-weights models behind a completion endpoint, a local runtime) as an
 * `AgentModel`: its text is parsed with the given toolwire format and the step's tools (so arguments are
 * aligned as they are parsed). Whole text goes through `parseToolCalls`; chunks (an iterable or async
 * iterable of strings) through `createToolCallStream`, so `runAgent` delivers each parse event as it
 * arrives. The reply becomes an assistant message: reasoning, text, then the calls and invalid calls.
 * A call whose id an earlier message already holds (parsers number each output's calls from `call_0`)
 * gets a fresh one, `ID_2` or the next free `ID_N`, on its events and in the message (`FreshCallIds`).
 *
 * @throws {ToolwireError} code `invalid_argument` when `generate` is not a function; `unknown_format`
 *   when the format is not registered (at the first step); `invalid_argument` (from `generate`'s
 *   promise) when the model returns something other than a string or strings.
 */
export function fromTextModel(generate: TextModel, options: TextModelOptions): AgentModel {
  if (typeof generate !== 'function')
    throw new ToolwireError(
      'invalid_argument',
      `fromTextModel() takes a function, got ${describe(generate)}`,
    );
  return {
    async generate(messages, tools, modelOptions) {
      const output = await generate(messages, tools, modelOptions);
      const ids = new FreshCallIds(messages);
      if (typeof output === 'string')
        return parseResultMessage(ids.result(parseToolCalls(output, { ...options, tools })), ids);
      if (isIterable(output) || isAsyncIterable(output)) return streamParts(output, tools, options, ids);
      throw new ToolwireError(
        'invalid_argument',
        `a text model must return a string or string chunks, got ${describe(output)}`,
      );
    },
  };
}

async function* streamParts(
  chunks: Iterable<string> | AsyncIterable<string>,
  tools: readonly ToolDefinition[],
  options: TextModelOptions,
  ids: FreshCallIds,
): AsyncGenerator<AgentStreamPart> {
  const stream = createToolCallStream({ ...options, tools });
  for await (const chunk of chunks) for (const event of stream.push(chunk)) yield ids.event(event);
  for (const event of stream.finish()) yield ids.event(event);
}

export function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function'
  );
}

function isIterable(value: unknown): value is Iterable<string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Iterable<string>>)[Symbol.iterator] === 'function'
  );
}
