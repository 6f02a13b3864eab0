import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest, Converted, ProviderConverter } from '../provider-converter.js';
import { makeConverter, toolFieldsOf } from '../shared/make-converter.js';
import type { OpenAIToolOptions } from '../shared/openai-tool-parameters.js';
import { convertFromOpenAIResponsesRequest } from './convert-from-openai-responses-request.js';
import { convertFromOpenAIResponsesResponse } from './convert-from-openai-responses-response.js';
import { convertToOpenAIResponsesInput } from './convert-to-openai-responses-input.js';
import { convertToOpenAIResponsesResponse } from './convert-to-openai-responses-response.js';
import { convertToOpenAIResponsesTools } from './convert-to-openai-responses-tools.js';
import type { OpenAIResponsesRequest, OpenAIResponsesResponse } from './openai-responses-api.js';
import { OpenAIResponsesStreamReader } from './openai-responses-stream-reader.js';

export {
  convertFromOpenAIResponsesInput,
  convertFromOpenAIResponsesOutput,
} from './convert-from-openai-responses-input.js';
export { convertFromOpenAIResponsesRequest } from './convert-from-openai-responses-request.js';
export { convertFromOpenAIResponsesResponse } from './convert-from-openai-responses-response.js';
export {
  convertToOpenAIResponsesInput,
  convertToOpenAIResponsesItems,
} from './convert-to-openai-responses-input.js';
export { convertToOpenAIResponsesResponse } from './convert-to-openai-responses-response.js';
export {
  type ConvertToOpenAIResponsesToolsOptions,
  convertToOpenAIResponsesTools,
  type OpenAIResponsesToolFields,
} from './convert-to-openai-responses-tools.js';
export {
  mapOpenAIResponsesFinishReason,
  mapToOpenAIResponsesStatus,
} from './map-openai-responses-finish-reason.js';
export type * from './openai-responses-api.js';
export { OpenAIResponsesStreamReader } from './openai-responses-stream-reader.js';

/**
 * Canonical request → Responses body: `model` (when given), `instructions` (a leading system
 * message), `input` items, `tools` / `tool_choice` / `parallel_tool_calls`, `max_output_tokens`,
 * `temperature`, in that order, tools in declaration order: the same request gives the same bytes.
 * The request is stateless (no `previous_response_id`): the whole history goes in `input`.
 *
 * @throws {ToolwireError} code `unsupported` with `strict: true, onUnsupported: "throw"` and a schema
 *   strict mode cannot take.
 */
export function convertToOpenAIResponsesRequest(
  request: CanonicalRequest,
  options: OpenAIToolOptions = {},
): Converted<OpenAIResponsesRequest> {
  const warnings: Warning[] = [];
  const { instructions, input } = convertToOpenAIResponsesInput(request.messages, warnings);
  const tools = convertToOpenAIResponsesTools({
    ...options,
    ...toolFieldsOf(request),
    warnings,
  });
  const value: OpenAIResponsesRequest = {
    ...(request.model === undefined ? {} : { model: request.model }),
    ...(instructions === undefined ? {} : { instructions }),
    input,
    ...tools,
    ...(request.maxOutputTokens === undefined ? {} : { max_output_tokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
  return { value, warnings };
}

/**
 * The OpenAI Responses converter with the given tool options (`strict`, `onUnsupported`; see
 * `OpenAIToolOptions`). `openaiResponses` is the one with the defaults (`strict: false` on every tool).
 */
export function createOpenAIResponsesConverter(
  options: OpenAIToolOptions = {},
): ProviderConverter<OpenAIResponsesRequest, OpenAIResponsesResponse> {
  return makeConverter('openai-responses', options, {
    toRequest: convertToOpenAIResponsesRequest,
    fromRequest: convertFromOpenAIResponsesRequest,
    toResponse: convertToOpenAIResponsesResponse,
    fromResponse: convertFromOpenAIResponsesResponse,
    createStreamReader: () => new OpenAIResponsesStreamReader(),
  });
}

/** OpenAI Responses, both ways (`POST /v1/responses`), default options. */
export const openaiResponses: ProviderConverter<OpenAIResponsesRequest, OpenAIResponsesResponse> =
  createOpenAIResponsesConverter();
