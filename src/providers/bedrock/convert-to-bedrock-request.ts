import type { CanonicalRequest, Converted } from '../provider-converter.js';
import { ConversionContext, type ConverterOptions } from '../shared/conversion-context.js';
import type { BedrockRequest } from './bedrock-api.js';
import { convertToBedrockMessages } from './convert-to-bedrock-messages.js';
import { convertToBedrockTools } from './convert-to-bedrock-tools.js';

/**
 * A canonical request → a Converse request (`ConverseCommandInput` of the SDK): keys in a fixed order
 * (`modelId`, `system`, `messages`, `inferenceConfig`, `toolConfig`), tools in declaration order,
 * schemas as given, so the same request gives the same bytes. `maxOutputTokens` / `temperature` →
 * `inferenceConfig.maxTokens` / `temperature`. `toolConfig` is always present when the history holds
 * tool blocks (see `BEDROCK_PLACEHOLDER_TOOL`).
 * @throws {ToolwireError} code `unsupported` with `onUnsupported: 'throw'` (see `ConverterOptions`).
 */
export function convertToBedrockRequest(
  request: CanonicalRequest,
  options: ConverterOptions = {},
): Converted<BedrockRequest> {
  const context = new ConversionContext(options.onUnsupported);
  const { system, messages, hasToolBlocks } = convertToBedrockMessages(request.messages, context);
  const toolConfig = convertToBedrockTools(request, hasToolBlocks, context);
  const inferenceConfig = {
    ...(request.maxOutputTokens === undefined ? {} : { maxTokens: request.maxOutputTokens }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
  const value: BedrockRequest = {
    ...(request.model === undefined ? {} : { modelId: request.model }),
    ...(system === undefined ? {} : { system }),
    messages,
    ...(Object.keys(inferenceConfig).length === 0 ? {} : { inferenceConfig }),
    ...(toolConfig === undefined ? {} : { toolConfig }),
  };
  return { value, warnings: context.warnings };
}
