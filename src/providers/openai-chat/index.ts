import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest, Converted, ProviderConverter } from '../provider-converter.js';
import { makeConverter, toolFieldsOf } from '../shared/make-converter.js';
import type { OpenAIToolOptions } from '../shared/openai-tool-parameters.js';
import { convertFromOpenAIChatRequest } from './convert-from-openai-chat-request.js';
import { convertFromOpenAIChatResponse } from './convert-from-openai-chat-response.js';
import { convertToOpenAIChatMessages } from './convert-to-openai-chat-messages.js';
import { convertToOpenAIChatResponse } from './convert-to-openai-chat-response.js';
import { convertToOpenAIChatTools } from './convert-to-openai-chat-tools.js';
import type { OpenAIChatRequest, OpenAIChatResponse } from './openai-chat-api.js';
import { OpenAIChatStreamReader } from './openai-chat-stream-reader.js';

// The strict-schema transform and tool options serve both OpenAI APIs; exported once, here.
export {
  convertToOpenAIStrictSchema,
  type OnUnsupported,
  type OpenAIStrictSchemaOptions,
} from '../shared/convert-to-openai-strict-schema.js';
export type { OpenAIToolOptions } from '../shared/openai-tool-parameters.js';
export { convertFromOpenAIChatMessages } from './convert-from-openai-chat-messages.js';
export { convertFromOpenAIChatRequest } from './convert-from-openai-chat-request.js';
export { convertFromOpenAIChatResponse } from './convert-from-openai-chat-response.js';
export { convertToOpenAIChatMessages } from './convert-to-openai-chat-messages.js';
export { convertToOpenAIChatResponse } from './convert-to-openai-chat-response.js';
export {
  type ConvertToOpenAIChatToolsOptions,
  convertToOpenAIChatTools,
  type OpenAIChatToolFields,
} from './convert-to-openai-chat-tools.js';
export { mapOpenAIChatFinishReason, mapToOpenAIChatFinishReason } from './map-openai-chat-finish-reason.js';
export type * from './openai-chat-api.js';
export { OpenAIChatStreamReader } from './openai-chat-stream-reader.js';

/**
 * Canonical request → Chat Completions body: `model` (`""` with a warning when none is given: the API
 * requires one), `messages`, `tools` / `tool_choice` / `parallel_tool_calls`, `max_completion_tokens`,
 * `temperature`. Fields are written in that order, tools in declaration order: the same request gives
 * the same bytes.
 *
 * @throws {ToolwireError} code `unsupported` with `strict: true, onUnsupported: "throw"` and a schema
 *   strict mode cannot take.
 */
export function convertToOpenAIChatRequest(
  request: CanonicalRequest,
  options: OpenAIToolOptions = {},
): Converted<OpenAIChatRequest> {
  const warnings: Warning[] = [];
  if (request.model === undefined) {
    warnings.push({ type: 'other', message: 'no model given: "model" is written as ""' });
  }
  const messages = convertToOpenAIChatMessages(request.messages, warnings);
  const tools = convertToOpenAIChatTools({
    ...options,
    ...toolFieldsOf(request),
    warnings,
  });
  const value: OpenAIChatRequest = {
    model: request.model ?? '',
    messages,
    ...tools,
    ...(request.maxOutputTokens === undefined ? {} : { max_completion_tokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
  return { value, warnings };
}

/**
 * The OpenAI Chat Completions converter with the given tool options (`strict`, `onUnsupported`; see
 * `OpenAIToolOptions`). `openaiChat` is the one with the defaults (no strict mode).
 */
export function createOpenAIChatConverter(
  options: OpenAIToolOptions = {},
): ProviderConverter<OpenAIChatRequest, OpenAIChatResponse> {
  return makeConverter('openai-chat', options, {
    toRequest: convertToOpenAIChatRequest,
    fromRequest: convertFromOpenAIChatRequest,
    toResponse: convertToOpenAIChatResponse,
    fromResponse: convertFromOpenAIChatResponse,
    createStreamReader: () => new OpenAIChatStreamReader(),
  });
}

/** OpenAI Chat Completions, both ways (`POST /v1/chat/completions`), default options. */
export const openaiChat: ProviderConverter<OpenAIChatRequest, OpenAIChatResponse> =
  createOpenAIChatConverter();
