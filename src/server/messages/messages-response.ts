import type { AnthropicAssistantBlock, AnthropicStopReason } from '../../providers/index.js';
import type { BackendUsage } from '../backends/backend.js';
import { newCallId } from '../core/call-id.js';
import type { TurnEvent } from '../core/turn-event.js';

/** The fields every Messages answer (whole, or `message_start`) carries. */
export interface MessageMeta {
  /** `msg_` + 24 random letters and digits. */
  readonly id: string;
  readonly model: string;
}

/** A fresh meta for `model`. */
export function messageMeta(model: string): MessageMeta {
  return { id: newCallId('msg_'), model };
}

/**
 * Anthropic's `stop_reason` and `stop_sequence` for a turn's end: `tool_use` exactly when calls were
 * made, `max_tokens` when the backend hit the token limit, `stop_sequence` with the matched string when
 * the backend stopped at one of `stop_sequences` and said which (llama.cpp's native endpoint, vLLM,
 * SGLang: see `BackendChunk`), else `end_turn` with `stop_sequence: null`. A backend that does not say
 * which stop string matched (Ollama, llama.cpp's OpenAI endpoints, LM Studio) leaves the stop string
 * out of the text like the model's own end, so such a stop reads as `end_turn`.
 */
export function stopFields(end: Extract<TurnEvent, { type: 'end' }>): {
  stop_reason: AnthropicStopReason;
  stop_sequence: string | null;
} {
  if (end.finishReason === 'tool_calls') return { stop_reason: 'tool_use', stop_sequence: null };
  if (end.finishReason === 'length') return { stop_reason: 'max_tokens', stop_sequence: null };
  return end.stopSequence === undefined
    ? { stop_reason: 'end_turn', stop_sequence: null }
    : { stop_reason: 'stop_sequence', stop_sequence: end.stopSequence };
}

/** Usage in Anthropic's shape; absent counts are 0. */
export function messagesUsage(usage: BackendUsage): { input_tokens: number; output_tokens: number } {
  return { input_tokens: usage.promptTokens ?? 0, output_tokens: usage.completionTokens ?? 0 };
}

/**
 * The `signature` of a `thinking` block the gateway writes: 32 random bytes, base64. Clients must send
 * thinking blocks back with a signature, so one is given; it is opaque and not verifiable (the gateway
 * does not sign reasoning, and ignores the signatures of thinking blocks in history).
 */
export function thinkingSignature(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes));
}

/** A `tool_use` id: `toolu_` + 24 random letters and digits. */
export function toolUseId(): string {
  return newCallId('toolu_');
}

/**
 * A whole Messages answer (`{id, type: "message", role: "assistant", model, content, stop_reason,
 * stop_sequence, usage}`; see `stopFields`) from a turn's events: consecutive reasoning as one `thinking` block,
 * consecutive text as one `text` block, each call a `tool_use` block with a `toolu_` id and its
 * arguments as `input`, in the order the model wrote them.
 *
 * @throws {Error} when the events end without their `end` event (a core bug).
 */
export async function messagesResponse(
  events: AsyncIterable<TurnEvent>,
  meta: MessageMeta,
): Promise<{ body: Record<string, unknown>; end: Extract<TurnEvent, { type: 'end' }> }> {
  const content: AnthropicAssistantBlock[] = [];
  let end: Extract<TurnEvent, { type: 'end' }> | undefined;
  for await (const event of events) {
    const last = content.at(-1);
    if (event.type === 'text') {
      if (event.text === '') continue;
      if (last?.type === 'text') last.text += event.text;
      else content.push({ type: 'text', text: event.text });
    } else if (event.type === 'reasoning') {
      if (event.text === '') continue;
      if (last?.type === 'thinking') last.thinking += event.text;
      else content.push({ type: 'thinking', thinking: event.text, signature: thinkingSignature() });
    } else if (event.type === 'call') {
      content.push({
        type: 'tool_use',
        id: toolUseId(),
        name: event.name,
        input: JSON.parse(event.arguments) as Record<string, unknown>,
      });
    } else end = event;
  }
  if (end === undefined) throw new Error('the turn ended without its end event');
  const body = {
    id: meta.id,
    type: 'message',
    role: 'assistant',
    model: meta.model,
    content,
    ...stopFields(end),
    usage: messagesUsage(end.usage),
  };
  return { body, end };
}
