import type { ChatReasoningField } from '../config/gateway-config.js';
import type { TurnEvent } from '../core/turn-event.js';

/** The fields every Chat Completions answer (whole or chunk) carries. */
export interface CompletionMeta {
  readonly id: string;
  readonly created: number;
  readonly model: string;
}

/** Usage in OpenAI's shape; absent counts are 0 (OpenAI always sends all three). */
export function chatUsage(usage: { promptTokens?: number; completionTokens?: number }): {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
} {
  const prompt = usage.promptTokens ?? 0;
  const completion = usage.completionTokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/**
 * A whole `chat.completion` from a turn's events: `content` (`null` when the model wrote none and
 * made calls), the reasoning in `reasoningField`'s field or fields when there was reasoning,
 * `tool_calls` when there were calls.
 */
export async function chatCompletion(
  events: AsyncIterable<TurnEvent>,
  meta: CompletionMeta,
  reasoningField: ChatReasoningField,
): Promise<{
  body: Record<string, unknown>;
  end: Extract<TurnEvent, { type: 'end' }>;
}> {
  let content = '';
  let reasoning = '';
  const calls: { id: string; type: 'function'; function: { name: string; arguments: string } }[] = [];
  let end: Extract<TurnEvent, { type: 'end' }> | undefined;
  for await (const event of events) {
    if (event.type === 'text') content += event.text;
    else if (event.type === 'reasoning') reasoning += event.text;
    else if (event.type === 'call')
      calls.push({
        id: event.id,
        type: 'function',
        function: { name: event.name, arguments: event.arguments },
      });
    else end = event;
  }
  if (end === undefined) throw new Error('the turn ended without its end event');
  const message: Record<string, unknown> = {
    role: 'assistant',
    content: content === '' && calls.length > 0 ? null : content,
    refusal: null,
  };
  if (reasoning !== '') {
    if (reasoningField !== 'reasoning') message.reasoning_content = reasoning;
    if (reasoningField !== 'reasoning_content') message.reasoning = reasoning;
  }
  if (calls.length > 0) message.tool_calls = calls;
  const body = {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: end.finishReason }],
    usage: chatUsage(end.usage),
  };
  return { body, end };
}
