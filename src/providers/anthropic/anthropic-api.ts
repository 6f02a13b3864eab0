/**
 * Anthropic Messages wire types (`POST /v1/messages`), the part toolwire writes and reads. Field names
 * exactly as the API spells them; type-tested against `@anthropic-ai/sdk` (`MessageCreateParams`,
 * `Message`) in `test/providers/anthropic/anthropic-sdk-types.test.ts`.
 * @see https://docs.anthropic.com/en/api/messages
 */

export interface AnthropicTextBlock {
  type: 'text';
  text: string;
}

export type AnthropicImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export interface AnthropicImageBlock {
  type: 'image';
  source:
    | { type: 'base64'; media_type: AnthropicImageMediaType; data: string }
    | { type: 'url'; url: string };
}

export interface AnthropicDocumentBlock {
  type: 'document';
  source:
    | { type: 'base64'; media_type: 'application/pdf'; data: string }
    | { type: 'text'; media_type: 'text/plain'; data: string }
    | { type: 'url'; url: string };
  title?: string;
}

export interface AnthropicThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface AnthropicRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  /** Always a JSON object (the API rejects anything else). */
  input: Record<string, unknown>;
}

export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string | Array<AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock>;
  is_error?: boolean;
}

export type AnthropicUserBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicDocumentBlock
  | AnthropicToolResultBlock;

export type AnthropicAssistantBlock =
  | AnthropicTextBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock
  | AnthropicToolUseBlock;

export type AnthropicMessageParam =
  | { role: 'user'; content: string | AnthropicUserBlock[] }
  | { role: 'assistant'; content: string | AnthropicAssistantBlock[] };

export interface AnthropicTool {
  name: string;
  description?: string;
  /** A JSON Schema with `type: "object"` at its root. */
  input_schema: { type: 'object'; [keyword: string]: unknown };
}

export type AnthropicToolChoice =
  | { type: 'auto'; disable_parallel_tool_use?: boolean }
  | { type: 'any'; disable_parallel_tool_use?: boolean }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: boolean }
  | { type: 'none' };

/** The request body toolwire writes (non-streaming; add `stream: true` to stream). */
export interface AnthropicRequest {
  model: string;
  max_tokens: number;
  system?: string | AnthropicTextBlock[];
  messages: AnthropicMessageParam[];
  tools?: AnthropicTool[];
  tool_choice?: AnthropicToolChoice;
  temperature?: number;
}

export type AnthropicStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal'
  | 'model_context_window_exceeded';

/**
 * A non-streaming response (`Message`). What toolwire writes: the SDK's `Message` also demands
 * `container`, `diagnostics`, `stop_details`, per-block `citations` / `caller` and the usage breakdown
 * (`cache_*`, `server_tool_use`, `service_tier`, ...), which a canonical response does not know.
 */
export interface AnthropicResponse {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: AnthropicAssistantBlock[];
  stop_reason: AnthropicStopReason | null;
  stop_sequence: string | null;
  usage: { input_tokens: number; output_tokens: number };
}
