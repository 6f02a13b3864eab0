/**
 * Mistral chat completions wire types (`POST /v1/chat/completions`), field names as the HTTP API spells
 * them (snake_case; the TS SDK's camelCase is mapped to these by its outbound schemas), only the fields
 * toolwire reads or writes. Type-tested against `@mistralai/mistralai`'s `ChatCompletionRequest$Outbound`
 * (the SDK's wire shape) in test/providers/mistral.
 *
 * @see https://docs.mistral.ai/api/#tag/chat
 * @see https://docs.mistral.ai/capabilities/function_calling/
 */

export interface MistralTextChunk {
  type: 'text';
  text: string;
}

export interface MistralImageUrlChunk {
  type: 'image_url';
  /** A URL or a `data:<type>;base64,…` URL (the API also takes `{url}`, read but never written). */
  image_url: string;
}

/** Reasoning of Magistral models, as a content chunk. */
export interface MistralThinkingChunk {
  type: 'thinking';
  thinking: MistralTextChunk[];
}

export type MistralContentChunk = MistralTextChunk | MistralImageUrlChunk | MistralThinkingChunk;

export interface MistralToolCall {
  /** Exactly 9 characters of `[a-zA-Z0-9]`, or the API refuses the history (providers.md §6e). */
  id: string;
  type: 'function';
  /** `arguments` is written as JSON text; the API also sends (and the reader takes) an object. */
  function: { name: string; arguments: string };
  /** Position of the call in its message. */
  index: number;
}

export interface MistralSystemMessage {
  role: 'system';
  content: string;
}

export interface MistralUserMessage {
  role: 'user';
  content: string | MistralContentChunk[];
}

export interface MistralAssistantMessage {
  role: 'assistant';
  content: string | MistralContentChunk[];
  tool_calls?: MistralToolCall[];
  /** `true` on a last assistant message the model continues (prefill). */
  prefix: boolean;
}

export interface MistralToolMessage {
  role: 'tool';
  content: string;
  tool_call_id: string;
  name: string;
}

export type MistralMessage =
  | MistralSystemMessage
  | MistralUserMessage
  | MistralAssistantMessage
  | MistralToolMessage;

export interface MistralTool {
  type: 'function';
  function: { name: string; description?: string; parameters: { [keyword: string]: unknown } };
}

export type MistralToolChoice =
  | 'auto'
  | 'none'
  | 'any'
  | 'required'
  | { type: 'function'; function: { name: string } };

export interface MistralChatRequest {
  model: string;
  messages: MistralMessage[];
  tools?: MistralTool[];
  tool_choice?: MistralToolChoice;
  parallel_tool_calls?: boolean;
  max_tokens?: number;
  temperature?: number;
  /** Written `false`; set it `true` for a stream (`text/event-stream` of `chat.completion.chunk`s). */
  stream: boolean;
}

export interface MistralUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface MistralChatResponse {
  id: string;
  object: 'chat.completion';
  model: string;
  created: number;
  choices: Array<{
    index: number;
    message: {
      role: 'assistant';
      content: string | MistralContentChunk[];
      tool_calls?: MistralToolCall[];
    };
    finish_reason: string;
  }>;
  usage: MistralUsage;
}
