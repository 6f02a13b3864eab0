import type { ToolCallIssue } from './tool-call.js';

/** A JSON value (what `JSON.parse` returns). */
export type JSONValue = null | string | number | boolean | JSONValue[] | { [key: string]: JSONValue };

/**
 * Provider metadata kept beside the part (or message) it belongs to, keyed by provider, exactly as the AI
 * SDK's `providerOptions` (so an AI SDK `ModelMessage` carries its metadata through unchanged). The keys
 * toolwire reads and writes, as the AI SDK's own providers name them:
 *
 * - `anthropic.signature` on a `reasoning` part: the thinking block's signature;
 *   `anthropic.redactedData` on a `reasoning` part: a `redacted_thinking` block's opaque `data`.
 * - `openai.itemId` on a part: the Responses API item id (`rs_…` reasoning, `fc_…` function call, `msg_…`);
 *   `openai.reasoningEncryptedContent` on a `reasoning` part: the item's `encrypted_content`.
 * - `google.thoughtSignature` on a part: Gemini's `thoughtSignature`, replayed on the same part.
 * - `google.syntheticId` / `ollama.syntheticId` (`true`) on a call or result part: the reader made the id up
 *   (the body had none), so the writer sends none and the body goes back byte for byte.
 * - `bedrock.signature` / `bedrock.redactedData` on a `reasoning` part: Converse `reasoningContent`.
 *
 * Metadata of one provider is never sent to another (providers.md H11).
 */
export type ProviderOptions = Record<string, Record<string, unknown>>;

/** Text. `text` may be empty on input; converters never write an empty text block (H12). */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly providerOptions?: ProviderOptions;
}

/** Model reasoning (thinking). Signatures and encrypted content live in `providerOptions`. */
export interface ReasoningPart {
  readonly type: 'reasoning';
  readonly text: string;
  readonly providerOptions?: ProviderOptions;
}

/**
 * Binary or remote data: base64 text, bytes, or a URL. `mediaType` is an IANA media type
 * (`image/png`, `application/pdf`).
 */
export interface FilePart {
  readonly type: 'file';
  readonly data: string | Uint8Array | URL;
  readonly mediaType: string;
  readonly filename?: string;
  readonly providerOptions?: ProviderOptions;
}

/** An image, as the AI SDK's `ImagePart` (`mediaType` optional, read from the data when absent). */
export interface ImagePart {
  readonly type: 'image';
  readonly image: string | Uint8Array | URL;
  readonly mediaType?: string;
  readonly providerOptions?: ProviderOptions;
}

/**
 * A tool call the assistant made. `input` is the arguments object (the AI SDK types it `unknown`; a
 * history read from a provider may hold a non-object here, which `repairHistory` replaces: H9).
 */
export interface ToolCallPart {
  readonly type: 'tool-call';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  readonly providerExecuted?: boolean;
  readonly providerOptions?: ProviderOptions;
}

/**
 * A tool call the model wrote that could not be recovered (toolwire's `InvalidToolCall`), which the AI
 * SDK's messages have no place for. `repairHistory` replays it as a `tool-call` with `{}` input (or its
 * repaired arguments) plus an error result, or skips it (and its result) when it has no id or no name (H10).
 */
export interface InvalidToolCallPart {
  readonly type: 'tool-call-invalid';
  readonly toolCallId?: string;
  readonly toolName?: string;
  /** The exact model text of the call. */
  readonly raw: string;
  /** Why it could not be read (the parser's message). */
  readonly error: string;
  readonly issues?: readonly ToolCallIssue[];
  readonly providerOptions?: ProviderOptions;
}

/** One item of a `content` tool result, as the AI SDK's `ToolResultOutput` `content` items. */
export type ToolResultContentPart =
  | { readonly type: 'text'; readonly text: string; readonly providerOptions?: ProviderOptions }
  | { readonly type: 'media'; readonly data: string; readonly mediaType: string }
  | {
      readonly type: 'file-data';
      readonly data: string;
      readonly mediaType: string;
      readonly filename?: string;
      readonly providerOptions?: ProviderOptions;
    }
  | { readonly type: 'file-url'; readonly url: string; readonly providerOptions?: ProviderOptions }
  | {
      readonly type: 'image-data';
      readonly data: string;
      readonly mediaType: string;
      readonly providerOptions?: ProviderOptions;
    }
  | { readonly type: 'image-url'; readonly url: string; readonly providerOptions?: ProviderOptions };

/**
 * What a tool returned, typed as the AI SDK's `ToolResultOutput`: `text`, `json`, `error-text`,
 * `error-json`, `content` (text and media items) or `execution-denied`. The `error-*` kinds map to each
 * provider's error flag (Anthropic `is_error`, Bedrock `status: "error"`) or to plain text where there is none.
 */
export type ToolResultOutput =
  | { readonly type: 'text'; readonly value: string; readonly providerOptions?: ProviderOptions }
  | { readonly type: 'json'; readonly value: JSONValue; readonly providerOptions?: ProviderOptions }
  | { readonly type: 'error-text'; readonly value: string; readonly providerOptions?: ProviderOptions }
  | { readonly type: 'error-json'; readonly value: JSONValue; readonly providerOptions?: ProviderOptions }
  | {
      readonly type: 'execution-denied';
      readonly reason?: string;
      readonly providerOptions?: ProviderOptions;
    }
  | { readonly type: 'content'; readonly value: readonly ToolResultContentPart[] };

/** The result of one tool call, paired with it by `toolCallId`. */
export interface ToolResultPart {
  readonly type: 'tool-result';
  readonly toolCallId: string;
  readonly toolName: string;
  readonly output: ToolResultOutput;
  readonly providerOptions?: ProviderOptions;
}

/** A system prompt. */
export interface SystemMessage {
  readonly role: 'system';
  readonly content: string;
  readonly providerOptions?: ProviderOptions;
}

/** A user turn: a string, or text, image and file parts. */
export interface UserMessage {
  readonly role: 'user';
  readonly content: string | readonly (TextPart | ImagePart | FilePart)[];
  readonly providerOptions?: ProviderOptions;
}

/** One part of an assistant turn. */
export type AssistantPart =
  | TextPart
  | ReasoningPart
  | FilePart
  | ToolCallPart
  | InvalidToolCallPart
  | ToolResultPart;

/** An assistant turn: a string, or parts in the order the model produced them. */
export interface AssistantMessage {
  readonly role: 'assistant';
  readonly content: string | readonly AssistantPart[];
  readonly providerOptions?: ProviderOptions;
}

/** The results of tool calls, as the AI SDK's `ToolModelMessage`. */
export interface ToolMessage {
  readonly role: 'tool';
  readonly content: readonly ToolResultPart[];
  readonly providerOptions?: ProviderOptions;
}

/**
 * toolwire's canonical message: structurally the AI SDK's `ModelMessage` (an AI SDK prompt passes in
 * unchanged), plus `tool-call-invalid` parts. Every provider converter reads and writes this shape.
 */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;
