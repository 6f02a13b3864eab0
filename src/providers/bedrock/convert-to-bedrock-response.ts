import type { CanonicalResponse, Converted } from '../provider-converter.js';
import { ConversionContext, type ConverterOptions } from '../shared/conversion-context.js';
import { convertResponseContent } from '../shared/convert-messages-to-turns.js';
import type { BedrockContentBlock, BedrockResponse } from './bedrock-api.js';
import { bedrockWriter } from './convert-to-bedrock-messages.js';
import { mapToBedrockStopReason } from './map-bedrock-finish-reason.js';

/**
 * A canonical response → a Converse response: the assistant parts as blocks (a string message is one
 * `{text}`), `stopReason` (`mapToBedrockStopReason`), `usage` (0 where not known; `totalTokens` their
 * sum). `id` and `model` have no place (Bedrock responses carry neither); `tool-result` parts are
 * dropped with an `unsupported` warning.
 * @throws {ToolwireError} code `unsupported` with `onUnsupported: 'throw'`.
 */
export function convertToBedrockResponse(
  response: CanonicalResponse,
  options: ConverterOptions = {},
): Converted<BedrockResponse> {
  const context = new ConversionContext(options.onUnsupported);
  const content = convertResponseContent(
    response.message.content,
    bedrockWriter,
    context,
  ) as BedrockContentBlock[];

  const inputTokens = response.usage?.inputTokens ?? 0;
  const outputTokens = response.usage?.outputTokens ?? 0;
  const value: BedrockResponse = {
    output: { message: { role: 'assistant', content } },
    stopReason: mapToBedrockStopReason(response.finishReason),
    usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens },
  };
  return { value, warnings: context.warnings };
}
