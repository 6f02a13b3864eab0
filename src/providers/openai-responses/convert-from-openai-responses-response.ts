import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { readResponseMeta, requireRecord } from '../shared/read-request-fields.js';
import { convertFromOpenAIResponsesOutput } from './convert-from-openai-responses-input.js';
import { mapOpenAIResponsesFinishReason } from './map-openai-responses-finish-reason.js';

/**
 * A Responses `response` object → canonical response: the `output` items as one assistant turn
 * (message text with `openai.itemId`, reasoning with its id and encrypted content, function calls
 * decoded leniently), the finish reason from `status` / `incomplete_details.reason` and whether a
 * function call was made (`mapOpenAIResponsesFinishReason`), `usage.input_tokens` / `output_tokens`,
 * `id`, `model`. Built-in tool items are reported and skipped; unknown fields ignored.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object or has no `output` array.
 */
export function convertFromOpenAIResponsesResponse(body: unknown): {
  value: CanonicalResponse;
  warnings: Warning[];
} {
  const record = requireRecord(body, 'an OpenAI Responses response');
  if (!Array.isArray(record.output)) {
    throw new ToolwireError('invalid_request', 'an OpenAI Responses response needs an "output" array');
  }
  const warnings: Warning[] = [];
  const parts = convertFromOpenAIResponsesOutput(record.output, warnings);
  const details = isRecord(record.incomplete_details) ? record.incomplete_details : {};
  return {
    value: {
      message: { role: 'assistant', content: parts },
      finishReason: mapOpenAIResponsesFinishReason({
        status: record.status,
        incompleteReason: details.reason,
        hasFunctionCall: parts.some((part) => part.type === 'tool-call' || part.type === 'tool-call-invalid'),
      }),
      ...readResponseMeta(record, 'input_tokens', 'output_tokens'),
    },
    warnings,
  };
}
