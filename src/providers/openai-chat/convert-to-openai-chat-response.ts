import type { Warning } from '../../types/warning.js';
import type { CanonicalResponse } from '../provider-converter.js';
import { writeCall } from './convert-to-openai-chat-messages.js';
import { mapToOpenAIChatFinishReason } from './map-openai-chat-finish-reason.js';
import type {
  OpenAIChatMessageToolCall,
  OpenAIChatResponse,
  OpenAIChatResponseMessage,
} from './openai-chat-api.js';

/**
 * A canonical response → a `chat.completion` body, as an OpenAI-compatible server would send it: one
 * choice, `message.content` the text parts joined (`null` with only calls), `tool_calls` from the
 * `tool-call` parts, reasoning as `reasoning_content` (the field vLLM and DeepSeek use; OpenAI itself
 * sends none). A `tool-call-invalid` with id and name is sent as the call the model wrote, its raw text
 * as `arguments` (a client reading it sees arguments that do not parse, as from OpenAI itself); one
 * without id or name is sent as text, as a server sends text it could not read as a call. `id`,
 * `model` default to `chatcmpl-toolwire` / `""`, `created` is 0 (not canonical): deterministic bytes.
 * `usage` is written when both token counts are known.
 *
 * @see https://platform.openai.com/docs/api-reference/chat/object
 */
export function convertToOpenAIChatResponse(
  response: CanonicalResponse,
  warnings: Warning[],
): OpenAIChatResponse {
  const content = response.message.content;
  const texts: string[] = [];
  const reasoning: string[] = [];
  const calls: OpenAIChatMessageToolCall[] = [];
  if (typeof content === 'string') texts.push(content);
  else {
    for (const part of content) {
      if (part.type === 'text') texts.push(part.text);
      else if (part.type === 'reasoning') reasoning.push(part.text);
      else if (part.type === 'tool-call')
        calls.push(writeCall(part.toolCallId, part.toolName, part.input, warnings));
      else if (part.type === 'tool-call-invalid') {
        if (part.toolCallId !== undefined && part.toolName !== undefined) {
          calls.push({
            id: part.toolCallId,
            type: 'function',
            function: { name: part.toolName, arguments: part.raw },
          });
        } else texts.push(part.raw);
      } else {
        warnings.push({
          type: 'unsupported',
          feature: `assistant ${part.type} part`,
          details: 'a chat.completion message holds text, reasoning_content and tool calls only; left out',
        });
      }
    }
  }
  const text = texts.join('');
  const finish = mapToOpenAIChatFinishReason(response.finishReason);
  if (!finish.exact) {
    warnings.push({
      type: 'compatibility',
      feature: 'finish reason',
      details: `${response.finishReason.unified} has no Chat finish_reason; sent as "stop"`,
    });
  }
  const message: OpenAIChatResponseMessage = {
    role: 'assistant',
    content: calls.length > 0 && text === '' ? null : text,
    refusal: null,
    ...(calls.length > 0 ? { tool_calls: calls } : {}),
    ...(reasoning.length > 0 ? { reasoning_content: reasoning.join('') } : {}),
  };
  const usage = response.usage;
  return {
    id: response.id ?? 'chatcmpl-toolwire',
    object: 'chat.completion',
    created: 0,
    model: response.model ?? '',
    choices: [{ index: 0, message, finish_reason: finish.value, logprobs: null }],
    ...(usage?.inputTokens !== undefined && usage.outputTokens !== undefined
      ? {
          usage: {
            prompt_tokens: usage.inputTokens,
            completion_tokens: usage.outputTokens,
            total_tokens: usage.inputTokens + usage.outputTokens,
          },
        }
      : {}),
  };
}
