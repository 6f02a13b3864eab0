import type { ToolDefinition } from '../../types/tool.js';
import type { CanonicalRequest, Converted, ToolChoice } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { ConversionContext } from '../shared/conversion-context.js';
import { definedMember, optionalNumber, readBody } from '../shared/read-body.js';
import { convertFromAnthropicMessages } from './convert-from-anthropic-messages.js';

/**
 * An Anthropic Messages request body → a canonical request: `model`, `max_tokens` →
 * `maxOutputTokens`, `temperature`, `system` and `messages` (see `convertFromAnthropicMessages`),
 * `tools` (custom tools: `input_schema` → `parameters`; server tools such as `web_search_…` are
 * skipped with a warning), `tool_choice` (`any` → `required`; `disable_parallel_tool_use: true` →
 * `parallelToolCalls: false`). Unknown fields are ignored.
 * @throws {ToolwireError} code `invalid_request` when the body is not an object or has no `messages` array.
 */
export function convertFromAnthropicRequest(body: unknown): Converted<CanonicalRequest> {
  const request = readBody(body, 'Anthropic request', 'messages');
  const context = new ConversionContext();
  const messages = convertFromAnthropicMessages(request.system, request.messages as unknown[], context);
  const tools: ToolDefinition[] = [];
  if (Array.isArray(request.tools)) {
    for (const tool of request.tools) {
      if (isRecord(tool) && typeof tool.name === 'string' && isRecord(tool.input_schema)) {
        tools.push({
          name: tool.name,
          ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
          parameters: tool.input_schema,
        });
      } else {
        context.other(
          `tool ${JSON.stringify(isRecord(tool) ? (tool.name ?? tool.type) : tool)} has no input_schema; skipped`,
        );
      }
    }
  }
  const choice = isRecord(request.tool_choice) ? request.tool_choice : undefined;
  let toolChoice: ToolChoice | undefined;
  if (choice?.type === 'auto' || choice?.type === 'none') toolChoice = { type: choice.type };
  else if (choice?.type === 'any') toolChoice = { type: 'required' };
  else if (choice?.type === 'tool' && typeof choice.name === 'string')
    toolChoice = { type: 'tool', toolName: choice.name };
  const value: CanonicalRequest = {
    ...definedMember('model', typeof request.model === 'string' ? request.model : undefined),
    messages,
    ...(tools.length > 0 ? { tools } : {}),
    ...definedMember('toolChoice', toolChoice),
    ...(choice?.disable_parallel_tool_use === true ? { parallelToolCalls: false } : {}),
    ...definedMember('maxOutputTokens', optionalNumber(request.max_tokens)),
    ...definedMember('temperature', optionalNumber(request.temperature)),
  };
  return { value, warnings: context.warnings };
}
