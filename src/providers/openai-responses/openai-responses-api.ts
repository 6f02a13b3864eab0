/**
 * OpenAI Responses API wire types (`POST /v1/responses`), only the fields toolwire reads or writes,
 * field names exactly as OpenAI spells them. Type-tested against the `openai` SDK's
 * `ResponseCreateParams` and `Response` (test/providers/openai-responses/openai-responses-sdk-types.test.ts).
 *
 * @see https://platform.openai.com/docs/api-reference/responses/create
 */

/** A function tool (flat). `strict` is always written: the API may default it to true (providers.md §2(a)). */
export interface OpenAIResponsesFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
  strict: boolean;
}

export type OpenAIResponsesToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; name: string };

export interface OpenAIResponsesInputText {
  type: 'input_text';
  text: string;
}

export interface OpenAIResponsesInputImage {
  type: 'input_image';
  image_url: string;
  detail: 'auto' | 'low' | 'high';
}

export interface OpenAIResponsesInputFile {
  type: 'input_file';
  filename?: string;
  file_data?: string;
  file_url?: string;
}

export type OpenAIResponsesInputContent =
  | OpenAIResponsesInputText
  | OpenAIResponsesInputImage
  | OpenAIResponsesInputFile;

/** A message input item. An assistant message without an item id is sent with string content. */
export interface OpenAIResponsesInputMessage {
  type: 'message';
  role: 'user' | 'system' | 'developer' | 'assistant';
  content: string | OpenAIResponsesInputContent[];
}

export interface OpenAIResponsesOutputText {
  type: 'output_text';
  text: string;
  annotations: [];
}

/** An assistant message item with its `msg_…` id (an output item, replayed as input). */
export interface OpenAIResponsesOutputMessage {
  type: 'message';
  id: string;
  status: 'completed' | 'incomplete' | 'in_progress';
  role: 'assistant';
  content: OpenAIResponsesOutputText[];
}

/** A reasoning item (`rs_…`): summary texts and, when asked for, the encrypted reasoning. */
export interface OpenAIResponsesReasoningItem {
  type: 'reasoning';
  id: string;
  summary: Array<{ type: 'summary_text'; text: string }>;
  encrypted_content?: string;
}

/** A function call item: `id` is the item id (`fc_…`), `call_id` what its output pairs with. */
export interface OpenAIResponsesFunctionCall {
  type: 'function_call';
  id?: string;
  call_id: string;
  name: string;
  arguments: string;
  status?: 'completed' | 'incomplete' | 'in_progress';
}

export interface OpenAIResponsesFunctionCallOutput {
  type: 'function_call_output';
  call_id: string;
  output: string | OpenAIResponsesInputContent[];
}

export type OpenAIResponsesInputItem =
  | OpenAIResponsesInputMessage
  | OpenAIResponsesOutputMessage
  | OpenAIResponsesReasoningItem
  | OpenAIResponsesFunctionCall
  | OpenAIResponsesFunctionCallOutput;

/** A Responses request body. */
export interface OpenAIResponsesRequest {
  model?: string;
  instructions?: string;
  input: OpenAIResponsesInputItem[];
  tools?: OpenAIResponsesFunctionTool[];
  tool_choice?: OpenAIResponsesToolChoice;
  parallel_tool_calls?: boolean;
  max_output_tokens?: number;
  temperature?: number;
}

export type OpenAIResponsesOutputItem =
  | OpenAIResponsesOutputMessage
  | OpenAIResponsesReasoningItem
  | OpenAIResponsesFunctionCall;

export type OpenAIResponsesStatus =
  | 'completed'
  | 'incomplete'
  | 'failed'
  | 'cancelled'
  | 'in_progress'
  | 'queued';

export interface OpenAIResponsesUsage {
  input_tokens: number;
  output_tokens: number;
  total_tokens: number;
}

/** A response object (`object: "response"`), the fields a converted response carries. */
export interface OpenAIResponsesResponse {
  id: string;
  object: 'response';
  created_at: number;
  status: OpenAIResponsesStatus;
  error: null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  model: string;
  output: OpenAIResponsesOutputItem[];
  usage?: OpenAIResponsesUsage;
}
