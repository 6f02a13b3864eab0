import { ToolwireError } from '../../errors/toolwire-error.js';
import type { Warning } from '../../types/warning.js';
import type { CanonicalRequest } from '../provider-converter.js';
import { isRecord } from '../shared/call-accumulator.js';
import { readFunctionTool, readOpenAIRequest, requireRecord } from '../shared/read-request-fields.js';
import { convertFromOpenAIChatMessages } from './convert-from-openai-chat-messages.js';

/**
 * A Chat Completions request body → canonical request: `model`, `messages`
 * (`convertFromOpenAIChatMessages`), function `tools` in their order (`strict` is not canonical: a
 * converter option decides it on the way out), `tool_choice`, `parallel_tool_calls`,
 * `max_completion_tokens` (or the older `max_tokens`), `temperature`. Other fields (`stream`,
 * `response_format`, ...) are not canonical and are ignored; custom tools are reported and skipped.
 *
 * @throws {ToolwireError} code `invalid_request` when the body is not an object or `messages` is not an array.
 */
export function convertFromOpenAIChatRequest(body: unknown): {
  value: CanonicalRequest;
  warnings: Warning[];
} {
  const record = requireRecord(body, 'an OpenAI Chat request');
  const warnings: Warning[] = [];
  if (!Array.isArray(record.messages)) {
    throw new ToolwireError('invalid_request', 'an OpenAI Chat request needs a "messages" array');
  }
  return { value: readRequest(record, warnings), warnings };
}

function readRequest(record: Record<string, unknown>, warnings: Warning[]): CanonicalRequest {
  const messages = convertFromOpenAIChatMessages(record.messages as unknown[], warnings);
  return readOpenAIRequest(
    record,
    messages,
    (entry) =>
      entry.type === 'function' && isRecord(entry.function) ? readFunctionTool(entry.function) : undefined,
    ['max_completion_tokens', 'max_tokens'],
    warnings,
  );
}
