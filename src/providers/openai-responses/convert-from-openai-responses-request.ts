import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest } from '../provider-converter.js';
import { readFunctionTool, readOpenAIRequest, requireRecord } from '../shared/read-request-fields.js';
import { convertFromOpenAIResponsesInput } from './convert-from-openai-responses-input.js';

/**
 * A Responses request body → canonical request: `model`, `instructions` + `input`
 * (`convertFromOpenAIResponsesInput`), function `tools` in their order (`strict` is not canonical),
 * `tool_choice`, `parallel_tool_calls`, `max_output_tokens`, `temperature`. Built-in tools (web search,
 * file search, ...) are reported and skipped; `previous_response_id` / `conversation` are reported
 * (the history they name is on OpenAI's side, not in the body).
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object, or `input` is neither
 *   a string nor an array.
 */
export function convertFromOpenAIResponsesRequest(body: unknown): {
  value: CanonicalRequest;
  warnings: Warning[];
} {
  const record = requireRecord(body, 'an OpenAI Responses request');
  if (typeof record.input !== 'string' && !Array.isArray(record.input) && record.input !== undefined) {
    throw new ToolwireError(
      'invalid_request',
      'an OpenAI Responses request needs "input" as a string or an array',
    );
  }
  const warnings: Warning[] = [];
  for (const key of ['previous_response_id', 'conversation']) {
    if (record[key] !== undefined && record[key] !== null) {
      warnings.push({
        type: 'unsupported',
        feature: key,
        details: 'the history it names is stored by OpenAI, not in the body: only the input items are read',
      });
    }
  }
  const messages = convertFromOpenAIResponsesInput(record.input, record.instructions, warnings);
  const value = readOpenAIRequest(
    record,
    messages,
    (entry) => (entry.type === 'function' ? readFunctionTool(entry) : undefined),
    ['max_output_tokens'],
    warnings,
  );
  return { value, warnings };
}
