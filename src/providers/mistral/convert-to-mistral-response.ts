import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse, Converted } from '../provider-converter.js';
import { convertToMistralMessages } from './convert-to-mistral-messages.js';
import { mapToMistralFinishReason } from './map-mistral-finish-reason.js';
import type { MistralAssistantMessage, MistralChatResponse } from './mistral-api.js';

/**
 * A canonical response as a Mistral chat completion with one choice. Canonical responses have no
 * creation time: `created` is 0; a missing `id` / `model` is `""`; missing token counts are 0.
 */
export function convertToMistralResponse(response: CanonicalResponse): Converted<MistralChatResponse> {
  const warnings: Warning[] = [];
  const [written] = convertToMistralMessages([response.message], warnings) as [MistralAssistantMessage];
  const inputTokens = response.usage?.inputTokens ?? 0;
  const outputTokens = response.usage?.outputTokens ?? 0;
  return {
    value: {
      id: response.id ?? '',
      object: 'chat.completion',
      model: response.model ?? '',
      created: 0,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: written.content,
            ...(written.tool_calls ? { tool_calls: written.tool_calls } : {}),
          },
          finish_reason: mapToMistralFinishReason(response.finishReason),
        },
      ],
      usage: {
        prompt_tokens: inputTokens,
        completion_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
      },
    },
    warnings,
  };
}
