import type { CanonicalResponse, Converted } from '../provider-converter.js';
import { ConversionContext, type ConverterOptions } from '../shared/conversion-context.js';
import { convertResponseContent } from '../shared/convert-messages-to-turns.js';
import type { AnthropicResponse } from './anthropic-api.js';
import { anthropicWriter } from './convert-to-anthropic-messages.js';
import { mapToAnthropicStopReason } from './map-anthropic-finish-reason.js';

/**
 * A canonical response → an Anthropic `Message`: the assistant parts as blocks (a string message is one
 * text block), `stop_reason` from the finish reason (`mapToAnthropicStopReason`), `stop_sequence: null`,
 * `usage` (0 where not known), `id` and `model` (`""` where not known). `tool-result` parts have no
 * place in a response and are dropped with an `unsupported` warning.
 * @throws {ToolwireError} code `unsupported` with `onUnsupported: 'throw'`.
 */
export function convertToAnthropicResponse(
  response: CanonicalResponse,
  options: ConverterOptions = {},
): Converted<AnthropicResponse> {
  const context = new ConversionContext(options.onUnsupported);
  const content = convertResponseContent(
    response.message.content,
    anthropicWriter,
    context,
  ) as AnthropicResponse['content'];

  const value: AnthropicResponse = {
    id: response.id ?? '',
    type: 'message',
    role: 'assistant',
    model: response.model ?? '',
    content,
    stop_reason: mapToAnthropicStopReason(response.finishReason),
    stop_sequence: null,
    usage: {
      input_tokens: response.usage?.inputTokens ?? 0,
      output_tokens: response.usage?.outputTokens ?? 0,
    },
  };
  return { value, warnings: context.warnings };
}
