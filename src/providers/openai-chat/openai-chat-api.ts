/**
 * OpenAI Chat Completions wire types (`POST /v1/chat/completions`), only the fields toolwire reads or
 * writes, field names exactly as OpenAI spells them. Type-tested against the `openai` SDK's
 * `ChatCompletionCreateParams` and `ChatCompletion` (test/providers/openai-chat/openai-chat-sdk-types.test.ts).
 *
 * @see https://platform.openai.com/docs/api-reference/chat/create
 */

/** A function tool: `{ type: "function", function: { name, description?, parameters?, strict? } }`. */
export interface OpenAIChatFunctionTool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
    strict?: boolean;
  };
}

/** `tool_choice`: a mode, or one named function. */
export type OpenAIChatToolChoice =
  | 'auto'
  | 'none'
  | 'required'
  | { type: 'function'; function: { name: string } };

/** One call in an assistant message; `arguments` is JSON text of the arguments object. */
export interface OpenAIChatMessageToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /**
   * Gemini's OpenAI compatibility layer: the call's thought signature, which Gemini 3 requires back
   * on replayed calls (ai.google.dev, "OpenAI compatibility", thought signatures).
   */
  extra_content?: { google?: { thought_signature?: string } };
}

export interface OpenAIChatTextPart {
  type: 'text';
  text: string;
}

export interface OpenAIChatImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' };
}

export interface OpenAIChatAudioPart {
  type: 'input_audio';
  input_audio: { data: string; format: 'wav' | 'mp3' };
}

export interface OpenAIChatFilePart {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string };
}

export type OpenAIChatUserContentPart =
  | OpenAIChatTextPart
  | OpenAIChatImagePart
  | OpenAIChatAudioPart
  | OpenAIChatFilePart;

export interface OpenAIChatSystemMessage {
  role: 'system';
  content: string;
}

/** Read as a system message (the `developer` role of reasoning models); toolwire writes `system`. */
export interface OpenAIChatDeveloperMessage {
  role: 'developer';
  content: string | OpenAIChatTextPart[];
}

export interface OpenAIChatUserMessage {
  role: 'user';
  content: string | OpenAIChatUserContentPart[];
}

/** `content` is `null` when the message holds only tool calls. */
export interface OpenAIChatAssistantMessage {
  role: 'assistant';
  content: string | null;
  tool_calls?: OpenAIChatMessageToolCall[];
}

export interface OpenAIChatToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string | OpenAIChatTextPart[];
}

export type OpenAIChatMessage =
  | OpenAIChatSystemMessage
  | OpenAIChatDeveloperMessage
  | OpenAIChatUserMessage
  | OpenAIChatAssistantMessage
  | OpenAIChatToolMessage;

/** A Chat Completions request body. */
export interface OpenAIChatRequest {
  model: string;
  messages: OpenAIChatMessage[];
  tools?: OpenAIChatFunctionTool[];
  tool_choice?: OpenAIChatToolChoice;
  parallel_tool_calls?: boolean;
  max_completion_tokens?: number;
  temperature?: number;
}

/** `finish_reason` values of a choice. */
export type OpenAIChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'function_call';

/** The assistant message of a response choice. `reasoning_content` is what vLLM and DeepSeek add. */
export interface OpenAIChatResponseMessage {
  role: 'assistant';
  content: string | null;
  refusal: string | null;
  tool_calls?: OpenAIChatMessageToolCall[];
  reasoning_content?: string;
}

export interface OpenAIChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** A non-streaming Chat Completions response (`object: "chat.completion"`). */
export interface OpenAIChatResponse {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: Array<{
    index: number;
    message: OpenAIChatResponseMessage;
    finish_reason: OpenAIChatFinishReason;
    logprobs: null;
  }>;
  usage?: OpenAIChatUsage;
}
