import { ToolwireError } from '../../errors/index.js';
import type { Backend, BackendConfig, BackendKind } from './backend.js';
import { llamaCppBackend } from './llamacpp.js';
import { ollamaBackend } from './ollama.js';
import { openAIChatPassthroughBackend } from './openai-chat-passthrough.js';
import { openAICompletionsBackend } from './openai-completions.js';

const factories: Readonly<Record<BackendKind, (config: BackendConfig) => Backend>> = {
  'openai-completions': openAICompletionsBackend,
  llamacpp: llamaCppBackend,
  ollama: ollamaBackend,
  'openai-chat-passthrough': openAIChatPassthroughBackend,
};

/**
 * The backend of `config.type`: `openai-completions` (vLLM, SGLang, llama.cpp server, LM Studio,
 * TGI), `llamacpp` (llama.cpp's native `/completion`), `ollama` (`/api/generate`, raw) or
 * `openai-chat-passthrough` (a server's `/v1/chat/completions`). No request is made here.
 *
 * @throws ToolwireError `invalid_argument` for an unknown `type`, a `url` that is not an http(s) URL
 * without query or fragment, a `timeoutMs` that is not a positive number, or an unknown `grammarField`.
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
