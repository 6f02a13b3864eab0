import type { Warning } from '../../types/warning.js';
import type { ProviderConverter } from '../provider-converter.js';
import { checkedConverter } from '../shared/checked-converter.js';
import { modelOf } from '../shared/model-of.js';
import { convertFromOllamaRequest } from './convert-from-ollama-request.js';
import { convertFromOllamaResponse } from './convert-from-ollama-response.js';
import { convertToOllamaMessages } from './convert-to-ollama-messages.js';
import { convertToOllamaResponse } from './convert-to-ollama-response.js';
import type { OllamaSchemaOptions } from './convert-to-ollama-schema.js';
import { convertToOllamaTools } from './convert-to-ollama-tools.js';
import type { OllamaChatRequest, OllamaChatResponse } from './ollama-api.js';
import { OllamaStreamReader } from './ollama-stream-reader.js';

/** Options of `createOllamaConverter`. */
export interface OllamaConverterOptions {
  /** Schema keywords Ollama drops: `warn` (default) or `throw` (`ToolwireError` code `unsupported`). */
  readonly onUnsupported?: OllamaSchemaOptions['onUnsupported'];
}

/** The Ollama `/api/chat` converter with the given options (see `ollama` for the defaults). */
export function createOllamaConverter(
  options: OllamaConverterOptions = {},
): ProviderConverter<OllamaChatRequest, OllamaChatResponse> {
  return checkedConverter({
    id: 'ollama',
    toRequest(request) {
      const warnings: Warning[] = [];
      const model = modelOf(request.model, 'ollama', warnings);
      const messages = convertToOllamaMessages(request.messages, warnings);
      const tools = convertToOllamaTools({
        tools: request.tools,
        toolChoice: request.toolChoice,
        parallelToolCalls: request.parallelToolCalls,
        ...(options.onUnsupported === undefined ? {} : { onUnsupported: options.onUnsupported }),
        warnings,
      });
      const body: OllamaChatRequest = { model, messages, ...(tools ? { tools } : {}), stream: false };
      if (request.maxOutputTokens !== undefined || request.temperature !== undefined) {
        body.options = {
          ...(request.maxOutputTokens === undefined ? {} : { num_predict: request.maxOutputTokens }),
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        };
      }
      return { value: body, warnings };
    },
    fromRequest: convertFromOllamaRequest,
    toResponse: convertToOllamaResponse,
    fromResponse: convertFromOllamaResponse,
    createStreamReader: () => new OllamaStreamReader(),
  });
}

/**
 * Ollama native `/api/chat`, both ways (not the `/v1` OpenAI layer). The request has `stream: false`
 * (Ollama streams by default; set it `true` for NDJSON). Schema keywords Ollama drops are warned.
 */
export const ollama: ProviderConverter<OllamaChatRequest, OllamaChatResponse> = createOllamaConverter();

export { convertToOllamaSchema, type OllamaSchemaOptions } from './convert-to-ollama-schema.js';
export { mapOllamaFinishReason, mapToOllamaFinishReason } from './map-ollama-finish-reason.js';
export type * from './ollama-api.js';
export { OllamaStreamReader } from './ollama-stream-reader.js';
