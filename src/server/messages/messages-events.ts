import type { TurnEvent } from '../core/turn-event.js';
import type { SseEvent } from '../http/sse-response.js';
import {
  type MessageMeta,
  messagesUsage,
  stopFields,
  thinkingSignature,
  toolUseId,
} from './messages-response.js';

type BlockKind = 'text' | 'thinking';

/**
 * Writes a turn's events as Anthropic's Messages stream (https://docs.anthropic.com/en/api/messages-streaming),
 * each an SSE event named as its `type`:
 * - `message_start` (the message with empty `content`, `stop_reason: null`, `usage` zeros: the backend
 *   reports token counts only at the end) and one `ping`;
 * - per block `content_block_start` / `content_block_delta` / `content_block_stop` with its `index`:
 *   `text` blocks with `text_delta`s, `thinking` blocks with `thinking_delta`s and a `signature_delta`
 *   before they stop (an opaque value, not verifiable: see `thinkingSignature`), `tool_use` blocks
 *   (`toolu_` id, `name`, `input: {}`) with the call's whole arguments JSON in one `input_json_delta`
 *   (calls reach the surface complete and checked);
 * - `message_delta` with `stop_reason` (`tool_use` exactly when calls were made) and `stop_sequence`
 *   (see `stopFields`), and `usage` (`output_tokens`, and the final `input_tokens`), then
 *   `message_stop`.
 */
export class MessagesEventWriter {
  private started = false;
  private index = -1;
  private open: BlockKind | undefined;

  constructor(private readonly meta: MessageMeta) {}

  /** The events of one turn event (none for an empty text); the first call opens the stream. */
  write(turnEvent: TurnEvent): SseEvent[] {
    if (this.started) return this.events(turnEvent);
    this.started = true;
    return [...this.start(), ...this.events(turnEvent)];
  }

  /** The events that open the stream. */
  private start(): SseEvent[] {
    const message = {
      id: this.meta.id,
      type: 'message',
      role: 'assistant',
      model: this.meta.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 0, output_tokens: 0 },
    };
    return [event({ type: 'message_start', message }), event({ type: 'ping' })];
  }

  private events(turnEvent: TurnEvent): SseEvent[] {
    switch (turnEvent.type) {
      case 'text':
        return this.delta('text', { type: 'text_delta', text: turnEvent.text }, turnEvent.text);
      case 'reasoning':
        return this.delta('thinking', { type: 'thinking_delta', thinking: turnEvent.text }, turnEvent.text);
      case 'call': {
        const events = this.close();
        const index = ++this.index;
        const block = { type: 'tool_use', id: toolUseId(), name: turnEvent.name, input: {} };
        events.push(
          event({ type: 'content_block_start', index, content_block: block }),
          event({
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: turnEvent.arguments },
          }),
          event({ type: 'content_block_stop', index }),
        );
        return events;
      }
      case 'end': {
        const events = this.close();
        events.push(
          event({
            type: 'message_delta',
            delta: stopFields(turnEvent),
            usage: messagesUsage(turnEvent.usage),
          }),
          event({ type: 'message_stop' }),
        );
        return events;
      }
    }
  }

  /** A delta to the open block of `kind`, opening it (and closing another) first. */
  private delta(kind: BlockKind, delta: Record<string, unknown>, text: string): SseEvent[] {
    if (text === '') return [];
    const events: SseEvent[] = [];
    if (this.open !== kind) {
      events.push(...this.close());
      this.open = kind;
      const index = ++this.index;
      const block =
        kind === 'text' ? { type: 'text', text: '' } : { type: 'thinking', thinking: '', signature: '' };
      events.push(event({ type: 'content_block_start', index, content_block: block }));
    }
    events.push(event({ type: 'content_block_delta', index: this.index, delta }));
    return events;
  }

  /** Closes the open text or thinking block, if any. */
  private close(): SseEvent[] {
    const kind = this.open;
    if (kind === undefined) return [];
    this.open = undefined;
    const index = this.index;
    const events: SseEvent[] = [];
    if (kind === 'thinking') {
      events.push(
        event({
          type: 'content_block_delta',
          index,
          delta: { type: 'signature_delta', signature: thinkingSignature() },
        }),
      );
    }
    events.push(event({ type: 'content_block_stop', index }));
    return events;
  }
}

function event(data: { type: string } & Record<string, unknown>): SseEvent {
  return { event: data.type, data };
}
