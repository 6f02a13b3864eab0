import { ToolwireError } from '../../errors/toolwire-error.js';
import type { CanonicalResponse, Converted, Usage } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { readOllamaAssistant } from './convert-from-ollama-messages.js';
import { mapOllamaFinishReason } from './map-ollama-finish-reason.js';

/**
 * Reads a whole `/api/chat` response (`stream: false`): the message (calls without id get `call_<n>`,
 * marked `ollama.syntheticId`), `done_reason`, `prompt_eval_count` / `eval_count` as usage, `model`.
 * Ollama responses have no id.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object.
 */
export function convertFromOllamaResponse(body: unknown): Converted<CanonicalResponse> {
  if (!isRecord(body))
    throw new ToolwireError('invalid_request', 'an Ollama /api/chat response is an object');
  const message = isRecord(body.message) ? body.message : {};
  const parts = readOllamaAssistant(message, (k) => `call_${k}`);
  const hasCalls = parts.some((part) => part.type === 'tool-call' || part.type === 'tool-call-invalid');
  const response: { -readonly [K in keyof CanonicalResponse]: CanonicalResponse[K] } = {
    message: { role: 'assistant', content: parts },
    finishReason: mapOllamaFinishReason(
      typeof body.done_reason === 'string' ? body.done_reason : undefined,
      hasCalls,
    ),
  };
  const usage = readOllamaUsage(body);
  if (usage) response.usage = usage;
  if (typeof body.model === 'string') response.model = body.model;
  return { value: response, warnings: [] };
}

/** `prompt_eval_count` / `eval_count` of a response or last stream object as usage. */
export function readOllamaUsage(body: Record<string, unknown>): Usage | undefined {
  const usage: { inputTokens?: number; outputTokens?: number } = {};
  if (typeof body.prompt_eval_count === 'number') usage.inputTokens = body.prompt_eval_count;
  if (typeof body.eval_count === 'number') usage.outputTokens = body.eval_count;
  return Object.keys(usage).length > 0 ? usage : undefined;
}
