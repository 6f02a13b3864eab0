import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse } from '../provider-converter.js';
import { convertToOpenAIResponsesItems } from './convert-to-openai-responses-input.js';
import { mapToOpenAIResponsesStatus } from './map-openai-responses-finish-reason.js';
import type { OpenAIResponsesResponse } from './openai-responses-api.js';

/**
 * A canonical response → a Responses `response` object, as the API would send it: `output` items from
 * the assistant parts (`convertToOpenAIResponsesItems` in `output` mode: message, reasoning and
 * function-call items, ids from `openai.itemId`, else `msg_toolwire_N` / `rs_toolwire_N`), `status`
 * and `incomplete_details` from the finish reason, `usage` when both token counts are known. `id`
 * defaults to `resp_toolwire`, `model` to `""`; `created_at` is 0 (not canonical) and `error` null.
 *
 * The SDK's `Response` type also demands request echoes toolwire does not carry in a response
 * (`instructions`, `tools`, `tool_choice`, `parallel_tool_calls`, `temperature`, `top_p`,
 * `metadata`), the SDK-computed `output_text`, and usage details (`input_tokens_details`,
 * `output_tokens_details`): they are not written.
 *
 * @see https://platform.openai.com/docs/api-reference/responses/object
 */
export function convertToOpenAIResponsesResponse(
  response: CanonicalResponse,
  warnings: Warning[],
): OpenAIResponsesResponse {
  const usage = response.usage;
  return {
    id: response.id ?? 'resp_toolwire',
    object: 'response',
    created_at: 0,
    ...mapToOpenAIResponsesStatus(response.finishReason),
    error: null,
    model: response.model ?? '',
    output: convertToOpenAIResponsesItems(response.message.content, 'output', warnings),
    ...(usage?.inputTokens !== undefined && usage.outputTokens !== undefined
      ? {
          usage: {
            input_tokens: usage.inputTokens,
            output_tokens: usage.outputTokens,
            total_tokens: usage.inputTokens + usage.outputTokens,
          },
        }
      : {}),
  };
}
