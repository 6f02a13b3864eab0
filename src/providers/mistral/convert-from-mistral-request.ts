import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest, Converted, ToolChoice } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { readFunctionTools } from '../shared/read-function-tools.js';
import { convertFromMistralMessages } from './convert-from-mistral-messages.js';

/**
 * Reads a Mistral chat request body: `messages` (see `convertFromMistralMessages`), `tools` of type
 * `function` in order, `tool_choice` (`any` and `required` both → `required`), `parallel_tool_calls`,
 * `max_tokens`, `temperature`, `model`. Other fields (`stream`, `random_seed`, ...) are ignored.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object with a `messages` array.
 */
export function convertFromMistralRequest(body: unknown): Converted<CanonicalRequest> {
  if (!isRecord(body) || !Array.isArray(body.messages)) {
    throw new ToolwireError('invalid_request', 'a Mistral chat request is an object with a messages array');
  }
  const warnings: Warning[] = [];
  const request: { -readonly [K in keyof CanonicalRequest]: CanonicalRequest[K] } = {
    messages: convertFromMistralMessages(body.messages, warnings),
  };
  if (typeof body.model === 'string' && body.model !== '') request.model = body.model;
  const tools = readFunctionTools(body.tools, 'mistral', warnings);
  if (tools.length > 0) request.tools = tools;
  const toolChoice = readToolChoice(body.tool_choice);
  if (toolChoice) request.toolChoice = toolChoice;
  if (typeof body.parallel_tool_calls === 'boolean') request.parallelToolCalls = body.parallel_tool_calls;
  if (typeof body.max_tokens === 'number') request.maxOutputTokens = body.max_tokens;
  if (typeof body.temperature === 'number') request.temperature = body.temperature;
  return { value: request, warnings };
}

function readToolChoice(value: unknown): ToolChoice | undefined {
  if (value === 'auto' || value === 'none') return { type: value };
  if (value === 'any' || value === 'required') return { type: 'required' };
  if (isRecord(value) && isRecord(value.function) && typeof value.function.name === 'string') {
    return { type: 'tool', toolName: value.function.name };
  }
  return undefined;
}
