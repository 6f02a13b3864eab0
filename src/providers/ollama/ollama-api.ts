/**
 * Ollama native chat wire types (`POST /api/chat`, not the `/v1` OpenAI layer), field names as the API
 * spells them, only the fields toolwire reads or writes. Type-tested against the `ollama` package's
 * `ChatRequest` / `ChatResponse` in test/providers/ollama (that package's `ToolCall` lacks `id` and
 * `index`, and its `Message` lacks `tool_call_id`, which the server's api/types.go has).
 *
 * @see https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
 * @see https://docs.ollama.com/capabilities/tool-calling
 */

export interface OllamaToolCall {
  /** The server assigns `call_` + 8 characters; optional on input. */
  id?: string;
  function: {
    /** Position of the call among the turn's calls (parallel calls, same tool twice). */
    index?: number;
    name: string;
    /** An object (never a JSON string: the server decodes it into an ordered map). */
    arguments: { [key: string]: unknown };
  };
}

export interface OllamaMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** Reasoning of thinking models. */
  thinking?: string;
  /** base64 images (no `data:` prefix). */
  images?: string[];
  tool_calls?: OllamaToolCall[];
  /** On `tool` messages: the function the result belongs to. */
  tool_name?: string;
  /** On `tool` messages: the id of the call answered (optional). */
  tool_call_id?: string;
}

export interface OllamaTool {
  type: 'function';
  function: { name: string; description?: string; parameters: { [keyword: string]: unknown } };
}

export interface OllamaChatRequest {
  model: string;
  messages: OllamaMessage[];
  tools?: OllamaTool[];
  /** Written `false` (Ollama streams by default); set it `true` for an NDJSON stream. */
  stream: boolean;
  options?: { num_predict?: number; temperature?: number };
}

/** A whole response (`stream: false`); stream lines have the same fields, `done_reason` on the last only. */
export interface OllamaChatResponse {
  model: string;
  created_at?: string;
  message: OllamaMessage;
  done: boolean;
  /** `stop`, `length`, `load`, `unload` (on the whole response and the last stream object). */
  done_reason: string;
  prompt_eval_count?: number;
  eval_count?: number;
}
