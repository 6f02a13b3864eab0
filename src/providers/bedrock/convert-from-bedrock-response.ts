import type { CanonicalResponse, Converted, Usage } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { ConversionContext } from '../shared/conversion-context.js';
import { definedMember, optionalNumber, readBody } from '../shared/read-body.js';
import { convertFromBedrockAssistantBlocks } from './convert-from-bedrock-messages.js';
import { mapBedrockFinishReason } from './map-bedrock-finish-reason.js';

/**
 * A Converse response (`ConverseCommandOutput`, or the REST body) → a canonical response:
 * `output.message.content` → assistant parts, `stopReason` → finish reason, `usage.inputTokens` /
 * `outputTokens`. Bedrock gives no response id or model. Unknown fields and `null`s are ignored.
 * @throws {ToolwireError} code `invalid_request` when the body is not an object.
 */
export function convertFromBedrockResponse(body: unknown): Converted<CanonicalResponse> {
  const response = readBody(body, 'Bedrock response');
  const context = new ConversionContext();
  const output = isRecord(response.output) ? response.output : {};
  const message = isRecord(output.message) ? output.message : {};
  const blocks = Array.isArray(message.content) ? message.content : [];
  const usage = isRecord(response.usage) ? response.usage : undefined;
  const counts: Usage = {
    ...definedMember('inputTokens', optionalNumber(usage?.inputTokens)),
    ...definedMember('outputTokens', optionalNumber(usage?.outputTokens)),
  };
  const value: CanonicalResponse = {
    message: { role: 'assistant', content: convertFromBedrockAssistantBlocks(blocks, new Map(), context) },
    finishReason: mapBedrockFinishReason(response.stopReason),
    ...(usage === undefined ? {} : { usage: counts }),
  };
  return { value, warnings: context.warnings };
}
