import type { CanonicalResponse, Converted, Usage } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { ConversionContext } from '../shared/conversion-context.js';
import { definedMember, optionalNumber, readBody } from '../shared/read-body.js';
import { convertFromAnthropicAssistantBlocks } from './convert-from-anthropic-messages.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';

/**
 * An Anthropic `Message` (non-streaming response) → a canonical response: `content` blocks → assistant
 * parts (see `convertFromAnthropicAssistantBlocks`), `stop_reason` → finish reason, `usage.input_tokens`
 * / `output_tokens`, `id`, `model`. Unknown fields and `null`s are ignored; a missing `content` is no parts.
 * @throws {ToolwireError} code `invalid_request` when the body is not an object.
 */
export function convertFromAnthropicResponse(body: unknown): Converted<CanonicalResponse> {
  const response = readBody(body, 'Anthropic response');
  const context = new ConversionContext();
  const blocks = Array.isArray(response.content) ? response.content : [];
  const content = convertFromAnthropicAssistantBlocks(blocks, new Map(), context);
  const usage = isRecord(response.usage) ? response.usage : undefined;
  const counts: Usage = {
    ...definedMember('inputTokens', optionalNumber(usage?.input_tokens)),
    ...definedMember('outputTokens', optionalNumber(usage?.output_tokens)),
  };
  const value: CanonicalResponse = {
    message: { role: 'assistant', content },
    finishReason: mapAnthropicFinishReason(response.stop_reason),
    ...(usage === undefined ? {} : { usage: counts }),
    ...definedMember('id', typeof response.id === 'string' ? response.id : undefined),
    ...definedMember('model', typeof response.model === 'string' ? response.model : undefined),
  };
  return { value, warnings: context.warnings };
}
