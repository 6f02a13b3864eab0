import type { ToolDefinition } from '../../types/tool.js';
import type { CanonicalRequest, Converted, ToolChoice } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { ConversionContext } from '../shared/conversion-context.js';
import { definedMember, optionalNumber, readBody } from '../shared/read-body.js';
import { convertFromBedrockMessages } from './convert-from-bedrock-messages.js';
import { BEDROCK_PLACEHOLDER_TOOL } from './convert-to-bedrock-tools.js';

/**
 * A Converse request (`ConverseCommandInput`, or the REST body) → a canonical request: `modelId` →
 * `model`, `system` and `messages` (see `convertFromBedrockMessages`), `inferenceConfig.maxTokens` /
 * `temperature`, `toolConfig.tools[].toolSpec` (`inputSchema.json` → `parameters`; `cachePoint` entries
 * skipped with a warning, `BEDROCK_PLACEHOLDER_TOOL` dropped), `toolChoice` (`any` → `required`).
 * Unknown fields are ignored.
 * @throws {ToolwireError} code `invalid_request` when the body is not an object or has no `messages` array.
 */
export function convertFromBedrockRequest(body: unknown): Converted<CanonicalRequest> {
  const request = readBody(body, 'Bedrock request', 'messages');
  const context = new ConversionContext();
  const messages = convertFromBedrockMessages(request.system, request.messages as unknown[], context);
  const toolConfig = isRecord(request.toolConfig) ? request.toolConfig : {};
  const tools: ToolDefinition[] = [];
  for (const tool of Array.isArray(toolConfig.tools) ? toolConfig.tools : []) {
    const spec = isRecord(tool) && isRecord(tool.toolSpec) ? tool.toolSpec : undefined;
    const schema = isRecord(spec?.inputSchema) ? spec.inputSchema.json : undefined;
    if (spec === undefined || typeof spec.name !== 'string' || !isRecord(schema)) {
      context.other(
        `a toolConfig entry ${JSON.stringify(isRecord(tool) ? Object.keys(tool) : tool)} is skipped`,
      );
    } else if (spec.name !== BEDROCK_PLACEHOLDER_TOOL.toolSpec.name) {
      tools.push({
        name: spec.name,
        ...(typeof spec.description === 'string' ? { description: spec.description } : {}),
        parameters: schema,
      });
    }
  }
  const choice = isRecord(toolConfig.toolChoice) ? toolConfig.toolChoice : {};
  let toolChoice: ToolChoice | undefined;
  if (isRecord(choice.auto)) toolChoice = { type: 'auto' };
  else if (isRecord(choice.any)) toolChoice = { type: 'required' };
  else if (isRecord(choice.tool) && typeof choice.tool.name === 'string') {
    toolChoice = { type: 'tool', toolName: choice.tool.name };
  }
  const inference = isRecord(request.inferenceConfig) ? request.inferenceConfig : {};
  const value: CanonicalRequest = {
    ...definedMember('model', typeof request.modelId === 'string' ? request.modelId : undefined),
    messages,
    ...(tools.length > 0 ? { tools } : {}),
    ...definedMember('toolChoice', toolChoice),
    ...definedMember('maxOutputTokens', optionalNumber(inference.maxTokens)),
    ...definedMember('temperature', optionalNumber(inference.temperature)),
  };
  return { value, warnings: context.warnings };
}
