import type { ProviderConverter } from '../provider-converter.js';
import { checkedConverter } from '../shared/checked-converter.js';
import type { ConverterOptions } from '../shared/conversion-context.js';
import type { AnthropicRequest, AnthropicResponse } from './anthropic-api.js';
import { createAnthropicStreamReader } from './anthropic-stream-reader.js';
import { convertFromAnthropicRequest } from './convert-from-anthropic-request.js';
import { convertFromAnthropicResponse } from './convert-from-anthropic-response.js';
import { convertToAnthropicRequest } from './convert-to-anthropic-request.js';
import { convertToAnthropicResponse } from './convert-to-anthropic-response.js';

export type { ConverterOptions } from '../shared/conversion-context.js';
export type * from './anthropic-api.js';
export { readAnthropicStreamEvent } from './anthropic-stream-accumulator.js';
export { createAnthropicStreamReader } from './anthropic-stream-reader.js';
export { ANTHROPIC_DEFAULT_MAX_TOKENS } from './convert-to-anthropic-request.js';
export { mapAnthropicFinishReason, mapToAnthropicStopReason } from './map-anthropic-finish-reason.js';

/**
 * The Anthropic Messages converters with `options` (`onUnsupported: 'throw'` makes every loss a
 * `ToolwireError` code `unsupported`; see `ConverterOptions`).
 */
export function createAnthropicConverter(
  options: ConverterOptions = {},
): ProviderConverter<AnthropicRequest, AnthropicResponse> {
  return checkedConverter({
    id: 'anthropic',
    toRequest: (request) => convertToAnthropicRequest(request, options),
    fromRequest: convertFromAnthropicRequest,
    toResponse: (response) => convertToAnthropicResponse(response, options),
    fromResponse: convertFromAnthropicResponse,
    createStreamReader: createAnthropicStreamReader,
  });
}

/**
 * Anthropic Messages (`POST /v1/messages`) both ways: canonical requests and responses to and from the
 * API's bodies, and its stream events to parse events. Losses are warnings (`onUnsupported: 'warn'`).
 */
export const anthropic: ProviderConverter<AnthropicRequest, AnthropicResponse> = createAnthropicConverter();
