import type { Warning } from '../../types/warning.js';
import type { ProviderConverter } from '../provider-converter.js';
import { checkedConverter } from '../shared/checked-converter.js';
import { convertFromGeminiRequest } from './convert-from-gemini-request.js';
import { convertFromGeminiResponse } from './convert-from-gemini-response.js';
import { convertToGeminiMessages } from './convert-to-gemini-messages.js';
import { convertToGeminiResponse } from './convert-to-gemini-response.js';
import type { GeminiSchemaOptions } from './convert-to-gemini-schema.js';
import { convertToGeminiTools } from './convert-to-gemini-tools.js';
import type { GeminiGenerateContentRequest, GeminiGenerateContentResponse } from './gemini-api.js';
import { GeminiStreamReader } from './gemini-stream-reader.js';

/** Options of `createGeminiConverter`. */
export interface GeminiConverterOptions {
  /** Send call ids on `functionCall` / `functionResponse` (`keep`, default: the Gemini API) or not (`omit`: Vertex AI). */
  readonly functionCallIds?: 'keep' | 'omit';
  /** Where tool schemas go: `parameters` (default; the OpenAPI subset) or `parametersJsonSchema` (as given). */
  readonly schemaField?: 'parameters' | 'parametersJsonSchema';
  /** Lossy schema steps: `warn` (default) or `throw` (`ToolwireError` code `unsupported`). */
  readonly onUnsupported?: GeminiSchemaOptions['onUnsupported'];
}

/**
 * The Gemini `generateContent` converter with the given options (see `gemini` for the defaults).
 *
 * @see https://ai.google.dev/api/generate-content
 */
export function createGeminiConverter(
  options: GeminiConverterOptions = {},
): ProviderConverter<GeminiGenerateContentRequest, GeminiGenerateContentResponse> {
  const functionCallIds = options.functionCallIds ?? 'keep';
  return checkedConverter({
    id: 'gemini',
    toRequest(request) {
      const warnings: Warning[] = [];
      const { contents, systemInstruction } = convertToGeminiMessages({
        messages: request.messages,
        functionCallIds,
        warnings,
      });
      const body: GeminiGenerateContentRequest = { contents };
      if (systemInstruction) body.systemInstruction = systemInstruction;
      const { tools, toolConfig } = convertToGeminiTools({
        tools: request.tools,
        toolChoice: request.toolChoice,
        parallelToolCalls: request.parallelToolCalls,
        ...(options.schemaField ? { schemaField: options.schemaField } : {}),
        ...(options.onUnsupported ? { onUnsupported: options.onUnsupported } : {}),
        warnings,
      });
      if (tools) body.tools = tools;
      if (toolConfig) body.toolConfig = toolConfig;
      if (request.maxOutputTokens !== undefined || request.temperature !== undefined) {
        body.generationConfig = {
          ...(request.maxOutputTokens === undefined ? {} : { maxOutputTokens: request.maxOutputTokens }),
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        };
      }
      return { value: body, warnings };
    },
    fromRequest: convertFromGeminiRequest,
    toResponse: (response) => convertToGeminiResponse(response, functionCallIds),
    fromResponse: convertFromGeminiResponse,
    createStreamReader: () => new GeminiStreamReader(),
  });
}

/**
 * Gemini `generateContent` (Gemini Developer API), both ways, with the default options: call ids sent,
 * schemas as `parameters` in the OpenAPI subset (lossy steps warned). The request body has no `model`
 * (it is in the URL). See the files of this folder for each rule.
 */
export const gemini: ProviderConverter<GeminiGenerateContentRequest, GeminiGenerateContentResponse> =
  createGeminiConverter();

export {
  convertToGeminiSchema,
  type GeminiSchemaOptions,
  type GeminiSchemaResult,
  MAX_GEMINI_SCHEMA_NODES,
} from './convert-to-gemini-schema.js';
export type * from './gemini-api.js';
export { GeminiStreamReader } from './gemini-stream-reader.js';
export { mapGeminiFinishReason, mapToGeminiFinishReason } from './map-gemini-finish-reason.js';
