import type { Warning } from '../../types/warning.js';
import type { ProviderConverter } from '../provider-converter.js';
import { checkedConverter } from '../shared/checked-converter.js';
import { modelOf } from '../shared/model-of.js';
import { convertFromMistralRequest } from './convert-from-mistral-request.js';
import { convertFromMistralResponse } from './convert-from-mistral-response.js';
import { convertToMistralMessages } from './convert-to-mistral-messages.js';
import { convertToMistralResponse } from './convert-to-mistral-response.js';
import { convertToMistralTools } from './convert-to-mistral-tools.js';
import type { MistralChatRequest, MistralChatResponse } from './mistral-api.js';
import { MistralStreamReader } from './mistral-stream-reader.js';

/**
 * Mistral chat completions (La Plateforme `POST /v1/chat/completions`), both ways. The request has
 * `stream: false` (set it `true` to stream) and `model` `""` when the canonical request names none
 * (reported). See the files of this folder for each rule.
 *
 * @see https://docs.mistral.ai/api/#tag/chat
 */
export const mistral: ProviderConverter<MistralChatRequest, MistralChatResponse> = checkedConverter({
  id: 'mistral',
  toRequest(request) {
    const warnings: Warning[] = [];
    const messages = convertToMistralMessages(request.messages, warnings);
    const body: MistralChatRequest = {
      model: modelOf(request.model, 'mistral', warnings),
      messages,
      ...convertToMistralTools(request.tools, request.toolChoice, request.parallelToolCalls),
      ...(request.maxOutputTokens === undefined ? {} : { max_tokens: request.maxOutputTokens }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      stream: false,
    };
    return { value: body, warnings };
  },
  fromRequest: convertFromMistralRequest,
  toResponse: convertToMistralResponse,
  fromResponse: convertFromMistralResponse,
  createStreamReader: () => new MistralStreamReader(),
});

export { mapMistralFinishReason, mapToMistralFinishReason } from './map-mistral-finish-reason.js';
export type * from './mistral-api.js';
export { MistralStreamReader } from './mistral-stream-reader.js';
