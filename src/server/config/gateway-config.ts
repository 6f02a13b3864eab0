import type { Backend, BackendConfig } from '../backends/backend.js';
import type { PromptRenderer, TemplateSource } from '../template/prompt-renderer.js';

/**
 * One model the gateway serves: the name clients send as `model`, the tool-call format its output is
 * parsed as (a format id of `toolwire/formats`), the chat template its prompt is rendered with, and
 * the backend that generates its text.
 */
export interface GatewayModel {
  /** The `model` clients send; unique in the gateway. */
  readonly name: string;
  /** A format id or alias (`toolwire formats`), e.g. `qwen3_coder`, `hermes`, `harmony`. */
  readonly format: string;
  /**
   * The chat template: a loaded `PromptRenderer` (see `loadPromptRenderer`). Not needed by an
   * `openai-chat-passthrough` backend, which renders its own template. Absent for another raw-text
   * backend: the format's default built-in template (`toolwire formats`), as without `--template`;
   * a `llamacpp-embedded` backend needs it (the GGUF file's, from `loadEmbeddedModel`).
   */
  readonly renderer?: PromptRenderer;
  /** The backend: its config, or a `Backend` object (an embedded engine, a custom server). */
  readonly backend: BackendConfig | Backend;
  /**
   * When the backend cannot constrain sampling and an answer breaks the request's `tool_choice`,
   * `parallel_tool_calls` or a `strict` schema: how many times to ask again with a hint naming the
   * rule (default 0: answer with an error at once).
   */
  readonly retries?: number;
  /**
   * Whether the prompt opens the model's reasoning block (the output starts inside `<think>`).
   * Default: decided per request from the rendered prompt (it ends with an open reasoning tag).
   */
  readonly reasoningStartedInPrompt?: boolean;
  /**
   * With `tool_choice` `required` or a named tool, on a backend that samples under grammars: the most
   * characters of reasoning the grammar allows before the calls (`0`: none), in a format with a
   * reasoning block. Default unbounded; a small or weak model may then reason until `max_tokens`
   * and never call, so give one for such models.
   */
  readonly reasoningBudget?: number;
  /**
   * The `max_tokens` sent when the request sets no output limit. Unset: an `openai-completions` backend
   * gets `max_tokens: null` (vLLM: the rest of the context; llama.cpp, TGI: their default), since
   * OpenAI's Completions default, which vLLM and SGLang keep, is 16 tokens; SGLang refuses `null`, so
   * give one for it. The other kinds get no field (their defaults are the rest of the context).
   */
  readonly maxTokens?: number;
  /** Context window in tokens, reported by `/v1/models`; informational. */
  readonly contextLength?: number;
  /**
   * Counts tokens as the model's tokenizer does, for `/v1/messages/count_tokens` (see
   * `loadTokenCounter`); without it the count is an estimate.
   */
  readonly tokenCounter?: TokenCounter;
}

/** A model's tokenizer, as `count_tokens` uses it. */
export interface TokenCounter {
  /** The number of tokens the model's tokenizer makes of `text`, special tokens written in it included. */
  readonly count: (text: string) => number;
}

/** Cross-origin access: none unless origins are listed (`["*"]` for any). */
export interface GatewayCors {
  readonly origins: readonly string[];
}

/** One structured log line per request (see docs/serve.md, "Logs"). */
export interface RequestLogLine {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly model?: string;
  readonly status: number;
  /** Milliseconds from the request to the response's first body byte (headers for whole answers). */
  readonly ttfbMs: number;
  /** Milliseconds from the request to the response's end. */
  readonly ms: number;
  readonly promptTokens?: number;
  readonly completionTokens?: number;
  readonly calls?: number;
  readonly invalidCalls?: number;
  readonly historyRepairs?: number;
  readonly stream?: boolean;
  readonly error?: string;
}

/**
 * What `createGateway` reads. `toolwire serve --config` builds it from the JSON config file (see
 * `readGatewayConfig`); code can build it directly.
 */
export interface GatewayOptions {
  readonly models: readonly GatewayModel[];
  /** Required `Authorization: Bearer` (or `x-api-key`) value; absent: no key is asked for. */
  readonly apiKey?: string;
  /** Largest request body in bytes; larger ones get 413 before they are read whole. Default 10 MiB. */
  readonly bodyLimit?: number;
  /** Most POST requests in flight at once; more get 429 (reads such as `/health` are not limited). Default: no limit. */
  readonly maxConcurrent?: number;
  /** Cross-origin access; default none (no CORS headers are sent). */
  readonly cors?: GatewayCors;
  /** Where request log lines go; default nowhere. */
  readonly log?: (line: RequestLogLine) => void;
  /**
   * Most responses kept in memory for `previous_response_id` (least recently used dropped first);
   * default 1000 (`DEFAULT_RESPONSE_STORE_SIZE`); 0 keeps none. Responses asked with `store: false`
   * are never kept.
   */
  readonly responseStoreSize?: number;
  /**
   * Most bytes the kept responses may hold (their input items and response objects, about two bytes
   * a character); the least recently used are dropped first, and a response larger than this alone
   * is not kept. Default 256 MiB (`DEFAULT_RESPONSE_STORE_BYTES`); 0 keeps none.
   */
  readonly responseStoreBytes?: number;
  /**
   * The longest answer the gateway reads from a backend, in characters (UTF-16 code units) of text
   * and reasoning; past it the backend request is cancelled and the client gets 502
   * `backend_protocol` (an error event mid-stream). Default 64 Mi (`DEFAULT_MAX_ANSWER_CHARACTERS`),
   * about 16 million tokens: far past any model's output limit, far below what one string can hold.
   */
  readonly maxAnswerCharacters?: number;
  /**
   * The field Chat Completions answers carry reasoning in (the message's and each delta's):
   * `reasoning_content` (DeepSeek's name, read by llama.cpp's clients, LiteLLM and LangChain),
   * `reasoning` (vLLM's since it renamed the field, OpenRouter's, Ollama's, and the one the OpenAI
   * Agents SDK reads), or `both` (the default: the same text in each, as vLLM sent it while it
   * moved from one to the other). Histories are read with either.
   */
  readonly reasoningField?: ChatReasoningField;
  /**
   * Where notices go (ignored fields, unknown betas, retries); default nowhere. `requestId` is the
   * `id` of the request's log line (and its `x-request-id`) when the notice is about one request.
   */
  readonly notice?: (message: string, requestId?: string) => void;
}

/** Where Chat Completions answers carry reasoning (`GatewayOptions.reasoningField`). */
export type ChatReasoningField = 'reasoning_content' | 'reasoning' | 'both';

/** The values of `ChatReasoningField`, in the order the documentation gives them. */
export const CHAT_REASONING_FIELDS: readonly ChatReasoningField[] = [
  'both',
  'reasoning_content',
  'reasoning',
];

/** The default `maxAnswerCharacters`: 64 Mi. */
export const DEFAULT_MAX_ANSWER_CHARACTERS = 64 * 1024 * 1024;

/** The default request body limit: 10 MiB. */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

export type { TemplateSource };
