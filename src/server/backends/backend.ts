/**
 * What the gateway asks of a model server: one generation, streamed as text. Every backend kind
 * (`openai-completions`, `llamacpp`, `ollama`, `openai-chat-passthrough`, and `llamacpp-embedded`,
 * a GGUF model run in this process) implements `Backend`; the gateway core never sees a backend's
 * wire protocol.
 */

/** A grammar the gateway wants the backend to apply while sampling. */
export interface BackendGrammar {
  /** llama.cpp GBNF text (from `grammarFor({ dialect: 'gbnf' })`). */
  readonly gbnf: string;
  /** xgrammar EBNF text (from `grammarFor({ dialect: 'ebnf' })`), for backends that read EBNF. */
  readonly ebnf: string;
  /**
   * `true`: the grammar starts at the first trigger word and text before it is free (llama.cpp's
   * `grammar_lazy`); `false`: the grammar covers the whole output.
   */
  readonly lazy: boolean;
  /** Trigger words of a lazy grammar (the format's start markers); empty when not lazy. */
  readonly triggers: readonly string[];
}

/** Sampling parameters passed through to the backend (OpenAI's names, already validated). */
export interface SamplingParams {
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly topP?: number;
  readonly stop?: readonly string[];
  readonly seed?: number;
  /**
   * Sample from the `topK` most likely tokens only (a positive integer). Sent only to a backend whose
   * `capabilities.topK` is true: llama.cpp's `top_k`, vLLM's and SGLang's `top_k` (an extension of
   * OpenAI's Completions API), Ollama's `options.top_k`.
   */
  readonly topK?: number;
}

/**
 * One generation. Raw-text backends read `prompt` (the whole prompt, rendered by the model's chat
 * template, generation prompt included). `openai-chat-passthrough` reads `chat` instead: the
 * conversation as an OpenAI Chat request body (`messages`, `tools`, ...), which it forwards with the
 * sampling parameters and returns the text of.
 */
export interface GenerateRequest {
  /** The backend's model name (the config's `backendModel`, else the gateway model name). */
  readonly model: string;
  readonly prompt: string;
  /** OpenAI Chat request fields for a passthrough backend (`messages`, `tools`, `tool_choice`, ...). */
  readonly chat?: Readonly<Record<string, unknown>>;
  readonly grammar?: BackendGrammar;
  /**
   * The format's markers: texts the backend must print although a model's tokenizer may hold them as
   * special tokens, which servers leave out of the text by default (llama.cpp `preserved_tokens`; vLLM
   * and SGLang take `skip_special_tokens: false` instead). Absent for a detected format.
   */
  readonly preservedTexts?: readonly string[];
  readonly params: SamplingParams;
  /** Aborted when the client disconnects or the gateway times the request out. */
  readonly signal: AbortSignal;
}

/** Why the backend stopped: OpenAI's values (`length` = the token limit was reached). */
export type BackendFinishReason = 'stop' | 'length';

/** Token counts the backend reported (absent when it did not say). */
export interface BackendUsage {
  readonly promptTokens?: number;
  readonly completionTokens?: number;
}

/**
 * One piece of a generation: text as it arrives, then exactly one `done`. `reasoning` is text a
 * passthrough server already split off as reasoning (`reasoning_content` / `reasoning`).
 */
export type BackendChunk =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'reasoning'; readonly text: string }
  | {
      readonly type: 'done';
      readonly finishReason: BackendFinishReason;
      readonly usage?: BackendUsage;
      /**
       * The stop string that ended the generation, when the backend says which: llama.cpp's
       * `/completion` (`stop_type: "word"` with `stopping_word`), vLLM (`stop_reason`) and SGLang
       * (`matched_stop`) on their OpenAI endpoints. Absent when the model ended on its own, when the
       * backend does not say (Ollama, llama.cpp's OpenAI endpoints, LM Studio, hosted APIs), or when a
       * stop token id rather than a string matched.
       */
      readonly stopSequence?: string;
    };

/** What a backend can honour; the gateway answers 400 for a request field the backend cannot. */
export interface BackendCapabilities {
  /** Grammar dialect the backend samples under, or `false` when it takes no free grammar. */
  readonly grammar: 'gbnf' | 'ebnf' | false;
  /** Whether it takes a lazy grammar with trigger words (llama.cpp). */
  readonly lazyGrammar: boolean;
  /** Whether it takes `seed`. */
  readonly seed: boolean;
  /** Whether it takes `top_k` (`SamplingParams.topK`); absent: it does not. */
  readonly topK?: boolean;
}

/**
 * A model server. `generate` streams one generation; it rejects (or its iterator throws) a
 * `BackendError` when the server cannot be reached, answers with an error status, sends a body it
 * cannot read, stalls past the configured timeout, or ends the stream before its end marker.
 */
export interface Backend {
  readonly kind: BackendKind;
  readonly capabilities: BackendCapabilities;
  generate(request: GenerateRequest): AsyncIterable<BackendChunk>;
}

/** The backend kinds of the config file (`backend.type`). */
export type BackendKind =
  | 'openai-completions'
  | 'llamacpp'
  | 'ollama'
  | 'openai-chat-passthrough'
  | 'llamacpp-embedded';

/**
 * Why a backend failed, as the gateway reports it (502 `backend_error`, 504 `backend_timeout`, 400
 * `context_length_exceeded`: the backend refused the prompt as longer than the model's context).
 */
export type BackendErrorCode =
  | 'backend_unreachable'
  | 'backend_status'
  | 'backend_protocol'
  | 'backend_timeout'
  | 'context_length_exceeded';

/**
 * A backend failure. `status` is the HTTP status the gateway answers with: 504 for a timeout, 400
 * for a prompt longer than the context (the client's to shorten, as OpenAI answers it), 502
 * otherwise. The message never holds the backend's URL credentials or an API key.
 */
export class BackendError extends Error {
  readonly code: BackendErrorCode;
  readonly status: 400 | 502 | 504;
  /** The backend's HTTP status, for `backend_status`. */
  readonly backendStatus: number | undefined;

  constructor(code: BackendErrorCode, message: string, backendStatus?: number) {
    super(message);
    this.name = 'BackendError';
    this.code = code;
    this.status = code === 'backend_timeout' ? 504 : code === 'context_length_exceeded' ? 400 : 502;
    this.backendStatus = backendStatus;
  }
}

/** The config of one backend (`models[].backend` in the config file). */
export interface BackendConfig {
  readonly type: BackendKind;
  /**
   * Base URL of the server, e.g. `http://127.0.0.1:8080` (paths are added per kind). Required by every
   * kind but `llamacpp-embedded`, which runs in this process.
   */
  readonly url?: string;
  /** For `llamacpp-embedded`: the path of the GGUF model file. */
  readonly modelFile?: string;
  /** For `llamacpp-embedded`: CPU threads (default 1). */
  readonly threads?: number;
  /**
   * For `llamacpp-embedded`: context window in tokens (default the model's, at most 8192); for
   * `ollama`: sent as `options.num_ctx` (default: Ollama's).
   */
  readonly contextSize?: number;
  /** Sent as `Authorization: Bearer` to the backend; never logged. */
  readonly apiKey?: string;
  /** Model name sent to the backend; default: the gateway model's name. */
  readonly model?: string;
  /**
   * For `openai-completions`: the request field the server reads a grammar from
   * (`grammar`: llama.cpp server; `structured_outputs`: vLLM; `ebnf`: SGLang; `none`: no grammars,
   * e.g. LM Studio). Default `none`.
   */
  readonly grammarField?: 'grammar' | 'structured_outputs' | 'guided_grammar' | 'ebnf' | 'none';
  /** Milliseconds to wait for the first byte and between chunks; default 120000. */
  readonly timeoutMs?: number;
  /**
   * For `openai-chat-passthrough`: `tools` forwarded as `tools` (default) or rendered into the
   * system message (`system`) for servers that refuse `tools`.
   */
  readonly toolsIn?: 'tools' | 'system';
  /** Extra HTTP headers sent to the backend (never logged). */
  readonly headers?: Readonly<Record<string, string>>;
}
