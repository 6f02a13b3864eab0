/**
 * AWS Bedrock Converse wire types (`Converse` / `ConverseStream`), the part toolwire writes and reads.
 * Field names exactly as the API spells them (camelCase); binary data as `Uint8Array`, as
 * `@aws-sdk/client-bedrock-runtime` takes it (the SDK sends it base64-encoded; readers accept both).
 * Type-tested against the SDK's `ConverseCommandInput` / `ConverseCommandOutput` in
 * `test/providers/bedrock/bedrock-sdk-types.test.ts`.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
 */

/** A JSON value as the SDK's `DocumentType` (tool input, `json` results, schemas). */
export type BedrockDocument =
  | null
  | boolean
  | number
  | string
  | BedrockDocument[]
  | { [key: string]: BedrockDocument };

export type BedrockImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export type BedrockDocumentFormat = 'pdf' | 'csv' | 'doc' | 'docx' | 'xls' | 'xlsx' | 'html' | 'txt' | 'md';

/** Inline bytes or an Amazon S3 object (Bedrock does not fetch http(s) URLs). */
export type BedrockSource = { bytes: Uint8Array } | { s3Location: { uri: string } };

export interface BedrockImageBlock {
  format: BedrockImageFormat;
  source: BedrockSource;
}

export interface BedrockDocumentBlock {
  format: BedrockDocumentFormat;
  name: string;
  source: BedrockSource;
}

export interface BedrockToolUseBlock {
  toolUseId: string;
  name: string;
  /** Always a JSON object (the API rejects anything else). */
  input: { [key: string]: BedrockDocument };
}

export type BedrockToolResultContent =
  | { text: string }
  | { json: { [key: string]: BedrockDocument } }
  | { image: BedrockImageBlock }
  | { document: BedrockDocumentBlock };

export interface BedrockToolResultBlock {
  toolUseId: string;
  content: BedrockToolResultContent[];
  status?: 'success' | 'error';
}

export type BedrockReasoningContentBlock =
  | { reasoningText: { text: string; signature?: string } }
  | { redactedContent: Uint8Array };

export type BedrockContentBlock =
  | { text: string }
  | { image: BedrockImageBlock }
  | { document: BedrockDocumentBlock }
  | { toolUse: BedrockToolUseBlock }
  | { toolResult: BedrockToolResultBlock }
  | { reasoningContent: BedrockReasoningContentBlock };

export interface BedrockMessage {
  role: 'user' | 'assistant';
  content: BedrockContentBlock[];
}

export interface BedrockTool {
  toolSpec: {
    name: string;
    description?: string;
    /** A JSON Schema with `type: "object"` at its root. */
    inputSchema: { json: { [key: string]: BedrockDocument } };
  };
}

export type BedrockToolChoice =
  | { auto: Record<string, never> }
  | { any: Record<string, never> }
  | { tool: { name: string } };

/**
 * The request toolwire writes: the `Converse` body, plus `modelId` (the SDK's input field; in the REST
 * API it is the path) when the canonical request names a model.
 */
export interface BedrockRequest {
  modelId?: string;
  system?: Array<{ text: string }>;
  messages: BedrockMessage[];
  inferenceConfig?: { maxTokens?: number; temperature?: number };
  toolConfig?: { tools: BedrockTool[]; toolChoice?: BedrockToolChoice };
}

export type BedrockStopReason =
  | 'end_turn'
  | 'tool_use'
  | 'max_tokens'
  | 'stop_sequence'
  | 'guardrail_intervened'
  | 'content_filtered'
  | 'malformed_model_output'
  | 'malformed_tool_use'
  | 'model_context_window_exceeded';

/**
 * A `Converse` response, what toolwire writes. The SDK's `ConverseCommandOutput` also demands `metrics`
 * (`latencyMs`) and `$metadata` (HTTP status, request id), which a canonical response does not know.
 * Bedrock responses carry no id and no model name.
 */
export interface BedrockResponse {
  output: { message: BedrockMessage };
  stopReason: BedrockStopReason;
  usage: { inputTokens: number; outputTokens: number; totalTokens: number };
}
