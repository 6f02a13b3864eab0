import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse, Converted } from '../provider-converter.js';
import { convertToGeminiMessages } from './convert-to-gemini-messages.js';
import type { GeminiCandidate, GeminiGenerateContentResponse } from './gemini-api.js';
import { mapToGeminiFinishReason } from './map-gemini-finish-reason.js';

/**
 * A canonical response as a `GenerateContentResponse` with one candidate (`content` role `model`, parts
 * as in `convertToGeminiMessages`, `finishReason` from `mapToGeminiFinishReason`), `usageMetadata`
 * (`totalTokenCount` their sum when both are known), `modelVersion` and `responseId`.
 */
export function convertToGeminiResponse(
  response: CanonicalResponse,
  functionCallIds: 'keep' | 'omit' = 'keep',
): Converted<GeminiGenerateContentResponse> {
  const warnings: Warning[] = [];
  const { contents } = convertToGeminiMessages({ messages: [response.message], functionCallIds, warnings });
  const candidate: GeminiCandidate = {
    content: contents[0] ?? { role: 'model', parts: [] },
    finishReason: mapToGeminiFinishReason(response.finishReason),
    index: 0,
  };
  const body: GeminiGenerateContentResponse = { candidates: [candidate] };
  if (response.usage) {
    const { inputTokens, outputTokens } = response.usage;
    body.usageMetadata = {
      ...(inputTokens === undefined ? {} : { promptTokenCount: inputTokens }),
      ...(outputTokens === undefined ? {} : { candidatesTokenCount: outputTokens }),
      ...(inputTokens !== undefined && outputTokens !== undefined
        ? { totalTokenCount: inputTokens + outputTokens }
        : {}),
    };
  }
  if (response.model !== undefined) body.modelVersion = response.model;
  if (response.id !== undefined) body.responseId = response.id;
  return { value: body, warnings };
}
