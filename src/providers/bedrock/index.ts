import type { ProviderConverter } from '../provider-converter.js';
import { checkedConverter } from '../shared/checked-converter.js';
import type { ConverterOptions } from '../shared/conversion-context.js';
import type { BedrockRequest, BedrockResponse } from './bedrock-api.js';
import { createBedrockStreamReader } from './bedrock-stream-reader.js';
import { convertFromBedrockRequest } from './convert-from-bedrock-request.js';
import { convertFromBedrockResponse } from './convert-from-bedrock-response.js';
import { convertToBedrockRequest } from './convert-to-bedrock-request.js';
import { convertToBedrockResponse } from './convert-to-bedrock-response.js';

export type { ConverterOptions } from '../shared/conversion-context.js';
export type * from './bedrock-api.js';
export { createBedrockStreamReader, readBedrockStreamEvent } from './bedrock-stream-reader.js';
export { BEDROCK_PLACEHOLDER_TOOL } from './convert-to-bedrock-tools.js';
export { mapBedrockFinishReason, mapToBedrockStopReason } from './map-bedrock-finish-reason.js';

/**
 * The Bedrock Converse converters with `options` (`onUnsupported: 'throw'` makes every loss a
 * `ToolwireError` code `unsupported`; see `ConverterOptions`).
 */
export function createBedrockConverter(
  options: ConverterOptions = {},
): ProviderConverter<BedrockRequest, BedrockResponse> {
  return checkedConverter({
    id: 'bedrock',
    toRequest: (request) => convertToBedrockRequest(request, options),
    fromRequest: convertFromBedrockRequest,
    toResponse: (response) => convertToBedrockResponse(response, options),
    fromResponse: convertFromBedrockResponse,
    createStreamReader: createBedrockStreamReader,
  });
}

/**
 * AWS Bedrock Converse (`Converse` / `ConverseStream`) both ways: canonical requests and responses to
 * and from the SDK's `ConverseCommandInput` / `ConverseCommandOutput` shapes, and ConverseStream events
 * to parse events. Losses are warnings (`onUnsupported: 'warn'`).
 */
export const bedrock: ProviderConverter<BedrockRequest, BedrockResponse> = createBedrockConverter();
