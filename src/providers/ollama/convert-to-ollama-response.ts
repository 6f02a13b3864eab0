import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse, Converted } from '../provider-converter.js';
import { assistant } from './convert-to-ollama-messages.js';
import { mapToOllamaFinishReason } from './map-ollama-finish-reason.js';
import type { OllamaChatResponse } from './ollama-api.js';

/**
 * A canonical response as a whole `/api/chat` response: `model` (`""` when unknown), `message`,
 * `done: true`, `done_reason`, the token counts. Not written (canonical responses do not hold them):
 * `created_at` and the `*_duration` timings.
 */
export function convertToOllamaResponse(response: CanonicalResponse): Converted<OllamaChatResponse> {
  const warnings: Warning[] = [];
  const content = response.message.content;
  const message = assistant(
    typeof content === 'string' ? [{ type: 'text', text: content }] : content,
    warnings,
  );
  return {
    value: {
      model: response.model ?? '',
      message,
      done: true,
      done_reason: mapToOllamaFinishReason(response.finishReason),
      ...(response.usage?.inputTokens === undefined ? {} : { prompt_eval_count: response.usage.inputTokens }),
      ...(response.usage?.outputTokens === undefined ? {} : { eval_count: response.usage.outputTokens }),
    },
    warnings,
  };
}
