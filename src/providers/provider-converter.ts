import type { AssistantMessage, Message } from '../types/message.js';
import type { ParseEvent } from '../types/parse-event.js';
import type { ToolDefinition } from '../types/tool.js';
import type { Warning } from '../types/warning.js';

/** The wire formats toolwire converts to and from (the CLI's `--from` / `--to` names). */
export type ProviderId =
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic'
  | 'gemini'
  | 'bedrock'
  | 'mistral'
  | 'ollama';

/**
 * Which tools the model may call, as the AI SDK's `LanguageModelV3ToolChoice`: `auto` (text or calls),
 * `none` (no calls), `required` (at least one call), or one named tool.
 */
export type ToolChoice =
  | { readonly type: 'auto' }
  | { readonly type: 'none' }
  | { readonly type: 'required' }
  | { readonly type: 'tool'; readonly toolName: string };

/**
 * A provider-neutral chat request: what every converter reads (`toRequest`) and writes (`fromRequest`).
 * System prompts are `system` messages in `messages` (a provider with a separate `system` field gets
 * them there). `tools` keep their declaration order (H13).
 */
export interface CanonicalRequest {
  /** Model id as the caller names it; passed through, never interpreted. */
  readonly model?: string;
  readonly messages: readonly Message[];
  readonly tools?: readonly ToolDefinition[];
  readonly toolChoice?: ToolChoice;
  /** `false` asks for at most one call per turn where the provider has the switch. */
  readonly parallelToolCalls?: boolean;
  /** Output token limit (the provider's `max_tokens` / `max_output_tokens` / `maxTokens` ...). */
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
}

/**
 * Why the model stopped, as the AI SDK's unified finish reason, with the provider's own value beside it
 * (`raw`, e.g. `"end_turn"`, `"tool_calls"`, `"STOP"`).
 */
export interface FinishReason {
  readonly unified: 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';
  readonly raw?: string;
}

/** Token counts of one response, as reported (absent when the provider did not say). */
export interface Usage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
}

/** A non-streaming response in canonical form. */
export interface CanonicalResponse {
  readonly message: AssistantMessage;
  readonly finishReason: FinishReason;
  readonly usage?: Usage;
  /** The provider's response id (`chatcmpl-…`, `resp_…`, `msg_…`), when it gave one. */
  readonly id?: string;
  readonly model?: string;
}

/** A converted value and what the conversion could not carry exactly. */
export interface Converted<T> {
  readonly value: T;
  readonly warnings: readonly Warning[];
}

/**
 * An incremental reader of one provider stream (one response): `push` each decoded stream event (an
 * SSE `data:` object, a Bedrock `ConverseStream` event, an Ollama NDJSON line, parsed) and get toolwire's
 * ordered parse events; `finish` at the end of the stream. Lenient: unknown events are ignored, the
 * server quirks listed on each reader are tolerated, nothing is ever dropped (a call that cannot be
 * rebuilt becomes `tool-call-invalid` with its text).
 */
export interface ProviderStreamReader {
  push(event: unknown): ParseEvent[];
  finish(): ParseEvent[];
  /** The finish reason seen so far (complete after `finish`). */
  readonly finishReason: FinishReason | undefined;
}

/**
 * The converters of one provider, both ways. `Request` and `Response` are the provider's own wire
 * types (field names exactly as the provider spells them; type-tested against its official SDK).
 * Readers (`from*`) are lenient and throw `ToolwireError` code `invalid_request` only on a body that is
 * not the provider's shape at all; writers (`to*`) are strict and never mutate their input.
 */
export interface ProviderConverter<Request, Response> {
  readonly id: ProviderId;
  toRequest(request: CanonicalRequest): Converted<Request>;
  fromRequest(body: unknown): Converted<CanonicalRequest>;
  toResponse(response: CanonicalResponse): Converted<Response>;
  fromResponse(body: unknown): Converted<CanonicalResponse>;
  createStreamReader(): ProviderStreamReader;
}
