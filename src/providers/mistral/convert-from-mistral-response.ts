import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse, Converted, Usage } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { readAssistant } from './convert-from-mistral-messages.js';
import { mapMistralFinishReason } from './map-mistral-finish-reason.js';

/**
 * Reads a Mistral chat completion (its first choice; others are reported): the message as in a
 * history (see `readAssistant`), `finish_reason`, `usage.prompt_tokens` / `completion_tokens`, `id`, `model`.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object.
 */
export function convertFromMistralResponse(body: unknown): Converted<CanonicalResponse> {
  if (!isRecord(body)) throw new ToolwireError('invalid_request', 'a Mistral chat completion is an object');
  const warnings: Warning[] = [];
  const choices = Array.isArray(body.choices) ? body.choices : [];
  if (choices.length > 1) {
    warnings.push({
      type: 'unsupported',
      feature: 'choices',
      details: `mistral: ${choices.length} choices; only the first is read`,
    });
  }
  const choice = isRecord(choices[0]) ? choices[0] : {};
  const message = isRecord(choice.message) ? choice.message : {};
  const response: { -readonly [K in keyof CanonicalResponse]: CanonicalResponse[K] } = {
    message: { role: 'assistant', content: readAssistant(message, warnings) },
    finishReason: mapMistralFinishReason(
      typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined,
    ),
  };
  const usage = readMistralUsage(body.usage);
  if (usage) response.usage = usage;
  if (typeof body.id === 'string') response.id = body.id;
  if (typeof body.model === 'string') response.model = body.model;
  return { value: response, warnings };
}

/** `usage` (`prompt_tokens`, `completion_tokens`) as canonical usage; `undefined` when it has neither. */
export function readMistralUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const usage: { inputTokens?: number; outputTokens?: number } = {};
  if (typeof value.prompt_tokens === 'number') usage.inputTokens = value.prompt_tokens;
  if (typeof value.completion_tokens === 'number') usage.outputTokens = value.completion_tokens;
  return Object.keys(usage).length > 0 ? usage : undefined;
}
