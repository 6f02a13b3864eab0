import { ToolwireError } from '../../errors/index.js';
import type { Backend, BackendConfig, BackendKind } from './backend.js';
import { llamaCppBackend } from './llamacpp.js';
import { llamaCppEmbeddedBackend } from './llamacpp-embedded.js';
import { ollamaBackend } from './ollama.js';
import { openAIChatPassthroughBackend } from './openai-chat-passthrough.js';
import { openAICompletionsBackend } from './openai-completions.js';

const factories: Readonly<Record<BackendKind, (config: BackendConfig) => Backend>> = {
  'openai-completions': openAICompletionsBackend,
  llamacpp: llamaCppBackend,
  ollama: ollamaBackend,
  'openai-chat-passthrough': openAIChatPassthroughBackend,
  'llamacpp-embedded': (config) => llamaCppEmbeddedBackend(config),
};

/** The backend kinds `createBackend` makes (`backend.type` in the config file). */
export const backendKinds: readonly BackendKind[] = Object.keys(factories) as BackendKind[];

/**
 * The backend of `config.type`: `openai-completions` (vLLM, SGLang, llama.cpp server, LM Studio,
 * TGI), `llamacpp` (llama.cpp's native `/completion`), `ollama` (`/api/generate`, raw) or
 * `openai-chat-passthrough` (a server's `/v1/chat/completions`), or `llamacpp-embedded` (a GGUF
 * file run in this process through the optional peer dependency node-llama-cpp, loaded on the first
 * generation; see `llamaCppEmbeddedBackend`). No request is made here.
 *
 * Every kind's `generate(request)` makes one streaming POST when iterated and yields `text` (and, for
 * a passthrough, `reasoning`) chunks, then exactly one `done`. Aborting `request.signal` (or
 * breaking out of the loop) closes the connection and ends the iterator quietly, with no `done` and
 * no error. `timeoutMs` bounds the wait for the headers and each wait for a next chunk, and its
 * timer runs while the consumer holds a chunk too, so an iterator that is dropped without being
 * closed still frees its connection within `timeoutMs`. `generate` itself throws ToolwireError
 * `unsupported`, before any request, for a grammar the backend's `capabilities` do not allow.
 *
 * @throws ToolwireError `invalid_argument` for an unknown `type`, a `url` that is not an http(s) URL
 * without query or fragment, a `timeoutMs` that is not a positive number, an unknown `grammarField`,
 * or a `llamacpp-embedded` config without `modelFile`.
 */
export function createBackend(config: BackendConfig): Backend {
  const factory = Object.hasOwn(factories, config.type) ? factories[config.type] : undefined;
  if (factory === undefined) {
    throw new ToolwireError(
      'invalid_argument',
      `backend type must be one of ${Object.keys(factories).join(', ')}, not ${JSON.stringify(config.type)}`,
    );
  }
  return factory(config);
}
