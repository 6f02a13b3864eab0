/**
 * `toolwire/ai-sdk`: the AI SDK integration. `toolCallMiddleware` gives tool calling to any model
 * that writes its calls as text (for `wrapLanguageModel`); `toAISDKStreamParts` /
 * `toAISDKTransformStream` turn toolwire's events into `LanguageModelV3StreamPart`s. Types come from
 * `@ai-sdk/provider` (an optional peer dependency, imported as types only: nothing of it runs).
 */

// The data model its API names (calls, events, messages, schemas): its users import those types from it.
export type * from '../types/index.js';
export { invalidCallPart } from './invalid-call-part.js';
export { promptTemplateFor, promptTemplates } from './prompt-templates/prompt-templates.js';
export {
  type PlainMessage,
  type PromptTemplate,
  type PromptTextContext,
  type PromptTextOptions,
  renderPromptText,
} from './prompt-text.js';
// The sink `AISDKStreamPartEncoder.add` writes to.
export type { PartOutput } from './pull-transform.js';
export { rawPromptFetch } from './raw-prompt-fetch.js';
export {
  genericRenderer,
  promptRenderers,
  type RendererVariant,
  rendererFor,
} from './renderers/prompt-renderers.js';
export { pythonJson } from './renderers/python-json.js';
export { outputText, renderToolPrompt, renderToolTurns } from './renderers/render-tool-prompt.js';
export type { RenderedCall, RenderedResult, ToolPromptRenderer } from './renderers/tool-prompt-renderer.js';
export {
  AISDKStreamPartEncoder,
  type AISDKStreamPartOptions,
  type EncodableEvent,
  type ToAISDKStreamPartsOptions,
  toAISDKStreamParts,
  toolCallPart,
  unknownUsage,
} from './stream-part-encoder.js';
export { toAISDKTransformStream } from './to-ai-sdk-transform-stream.js';
export { type ToolCallMiddlewareOptions, toolCallMiddleware } from './tool-call-middleware.js';
