import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest, Converted } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { readFunctionTools } from '../shared/read-function-tools.js';
import { convertFromOllamaMessages } from './convert-from-ollama-messages.js';

/**
 * Reads an Ollama `/api/chat` body: `model`, `messages` (see `convertFromOllamaMessages`), `tools` in
 * order, `options.num_predict` / `options.temperature`. Ollama has no tool choice. Other fields
 * (`stream`, `think`, `format`, `keep_alive`, other `options`) are ignored.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object with a `messages` array.
 */
export function convertFromOllamaRequest(body: unknown): Converted<CanonicalRequest> {
  if (!isRecord(body) || !Array.isArray(body.messages)) {
    throw new ToolwireError('invalid_request', 'an Ollama /api/chat body is an object with a messages array');
  }
  const warnings: Warning[] = [];
  const request: { -readonly [K in keyof CanonicalRequest]: CanonicalRequest[K] } = {
    messages: convertFromOllamaMessages(body.messages, warnings),
  };
  if (typeof body.model === 'string' && body.model !== '') request.model = body.model;
  const tools = readFunctionTools(body.tools, 'ollama', warnings);
  if (tools.length > 0) request.tools = tools;
  if (isRecord(body.options)) {
    if (typeof body.options.num_predict === 'number') request.maxOutputTokens = body.options.num_predict;
    if (typeof body.options.temperature === 'number') request.temperature = body.options.temperature;
  }
  return { value: request, warnings };
}
