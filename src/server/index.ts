/**
 * `toolwire/server`: the gateway. `createGateway` makes a web-standard handler
 * (`(request: Request) => Promise<Response>`) serving OpenAI Chat Completions, OpenAI Responses
 * (`/v1/responses`, with stored responses), Anthropic Messages (`/v1/messages`,
 * `/v1/messages/count_tokens`), `/v1/models` and `/health` in front of a model
 * server, with the model's own chat template, its format's parser and grammars. Platform-neutral;
 * `toolwire/server/node` adds config files and a Node listener.
 */

// The data model its API names (calls, events, messages, schemas): its users import those types from it.
export type * from '../types/index.js';
export type {
  Backend,
  BackendCapabilities,
  BackendChunk,
  BackendConfig,
  BackendErrorCode,
  BackendFinishReason,
  BackendGrammar,
  BackendKind,
  BackendUsage,
  GenerateRequest,
  SamplingParams,
} from './backends/backend.js';
export { BackendError } from './backends/backend.js';
export { createBackend } from './backends/create-backend.js';
export type {
  ChatReasoningField,
  GatewayCors,
  GatewayModel,
  GatewayOptions,
  RequestLogLine,
  TokenCounter,
} from './config/gateway-config.js';
export {
  CHAT_REASONING_FIELDS,
  DEFAULT_BODY_LIMIT,
  DEFAULT_MAX_ANSWER_CHARACTERS,
} from './config/gateway-config.js';
export {
  type GatewayFileConfig,
  type ModelFileConfig,
  readGatewayConfig,
} from './config/read-gateway-config.js';
export { createGateway, type Gateway } from './gateway.js';
export { DEFAULT_RESPONSE_STORE_BYTES, DEFAULT_RESPONSE_STORE_SIZE } from './responses/response-store.js';
export { builtinPromptRenderer } from './template/builtin-renderer.js';
export { type JinjaRendererOptions, promptRendererFromText } from './template/jinja-renderer.js';
export type { PromptRenderer, RenderInput, TemplateSource } from './template/prompt-renderer.js';
export { TemplateError, TemplateRefusal } from './template/prompt-renderer.js';
export { promptRendererFromSource, type ReadTemplateFile } from './template/prompt-renderer-from-source.js';
export { promptRendererFromTokenizerConfig } from './template/tokenizer-config.js';
