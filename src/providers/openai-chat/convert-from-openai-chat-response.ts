import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse } from '../provider-converter.js';
import { isRecord, nonEmptyString } from '../shared/call-accumulator.js';
import { readResponseMeta, requireRecord } from '../shared/read-request-fields.js';
import { assistantParts } from './convert-from-openai-chat-messages.js';
import { mapOpenAIChatFinishReason } from './map-openai-chat-finish-reason.js';

/**
 * A `chat.completion` body → canonical response: the choice with `index` 0 (else the first), its
 * message read as an assistant turn (reasoning from `reasoning_content` / `reasoning`, text, each call
 * decoded leniently: broken or non-object `arguments` → `tool-call-invalid`, never dropped),
 * `finish_reason` mapped (`mapOpenAIChatFinishReason`), `usage.prompt_tokens` / `completion_tokens`,
 * `id`, `model`. A `refusal` is kept as text (with a warning). Unknown fields are ignored, `null`s
 * tolerated.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object or has no choice.
 */
export function convertFromOpenAIChatResponse(body: unknown): {
  value: CanonicalResponse;
  warnings: Warning[];
} {
  const record = requireRecord(body, 'an OpenAI Chat response');
  const choices = Array.isArray(record.choices) ? record.choices.filter(isRecord) : [];
  const choice = choices.find((entry) => entry.index === 0) ?? choices[0];
  if (choice === undefined)
    throw new ToolwireError('invalid_request', 'an OpenAI Chat response needs a choice');
  const warnings: Warning[] = [];
  const message = isRecord(choice.message) ? choice.message : {};
  const parts = assistantParts(message, new Map(), warnings);
  const refusal = nonEmptyString(message.refusal);
  if (refusal !== undefined) {
    warnings.push({
      type: 'compatibility',
      feature: 'refusal',
      details: 'the refusal is kept as a text part',
    });
    parts.push({ type: 'text', text: refusal });
  }
  return {
    value: {
      message: { role: 'assistant', content: parts },
      finishReason: mapOpenAIChatFinishReason(choice.finish_reason),
      ...readResponseMeta(record, 'prompt_tokens', 'completion_tokens'),
    },
    warnings,
  };
}
