import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest } from '../provider-converter.js';
import { nonEmptyString } from '../shared/call-accumulator.js';
import {
  readFunctionTool,
  readNumber,
  readToolChoice,
  readTools,
  requireRecord,
} from '../shared/read-request-fields.js';
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
  const model = nonEmptyString(record.model);
  const tools = readTools(
    record.tools,
    (entry) => (entry.type === 'function' ? readFunctionTool(entry) : undefined),
    warnings,
  );
  const toolChoice = readToolChoice(record.tool_choice, warnings);
  const maxOutputTokens = readNumber(record, 'max_output_tokens');
  const temperature = readNumber(record, 'temperature');
  const value: CanonicalRequest = {
    ...(model === undefined ? {} : { model }),
    messages: convertFromOpenAIResponsesInput(record.input, record.instructions, warnings),
    ...(tools === undefined ? {} : { tools }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
    ...(typeof record.parallel_tool_calls === 'boolean'
      ? { parallelToolCalls: record.parallel_tool_calls }
      : {}),
    ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    ...(temperature === undefined ? {} : { temperature }),
  };
  return { value, warnings };
}
