import type { ChatReasoningField } from '../config/gateway-config.js';
import type { TurnEvent } from '../core/turn-event.js';
import { JsonText } from '../http/sse-response.js';
import { type CompletionMeta, chatUsage } from './chat-completion.js';

/**
 * Writes a turn's events as `chat.completion.chunk`s, exactly as OpenAI streams them: the first
 * chunk carries `role`; content and reasoning deltas as they come (reasoning in the field or fields
 * `reasoningField` names, the same text in each); each call as a first
 * delta with `index`, `id`, `type`, `function.name` and `arguments: ""`, then its arguments; a last
 * chunk with `finish_reason` and an empty delta; then, when asked, a usage chunk with no choices.
 * Each chunk is its JSON text (`JsonText`), keys in OpenAI's order: the fields every chunk repeats are
 * written once per stream, not serialized again per token.
 */
export class ChatChunkWriter {
  private started = false;
  private index = 0;
  /** `{"id":…,"object":…,"created":…,"model":…,"choices":[{"index":0,"delta":` */
  private readonly prefix: string;
  /** What follows `finish_reason`'s value: the choice's end, `usage: null` when usage is asked for. */
  private readonly suffix: string;
  /** The delta keys reasoning goes in (`GatewayOptions.reasoningField`). */
  private readonly reasoningKeys: readonly string[];

  constructor(
    private readonly meta: CompletionMeta,
    private readonly includeUsage: boolean,
    reasoningField: ChatReasoningField,
  ) {
    this.reasoningKeys = reasoningField === 'both' ? ['reasoning_content', 'reasoning'] : [reasoningField];
    const head = JSON.stringify(this.head());
    this.prefix = `${head.slice(0, -1)},"choices":[{"index":0,"delta":`;
    this.suffix = includeUsage ? '}],"usage":null}' : '}]}';
  }

  /** The chunks of one event (none for an empty text). */
  write(event: TurnEvent): JsonText[] {
    switch (event.type) {
      case 'text':
        if (event.text === '') return [];
        return [
          this.started
            ? this.deltaText(`"content":${JSON.stringify(event.text)}`)
            : this.chunk({ content: event.text }),
        ];
      case 'reasoning': {
        if (event.text === '') return [];
        if (!this.started)
          return [this.chunk(Object.fromEntries(this.reasoningKeys.map((key) => [key, event.text])))];
        const text = JSON.stringify(event.text);
        return [this.deltaText(this.reasoningKeys.map((key) => `"${key}":${text}`).join(','))];
      }
      case 'call': {
        const index = this.index++;
        return [
          this.chunk({
            tool_calls: [
              { index, id: event.id, type: 'function', function: { name: event.name, arguments: '' } },
            ],
          }),
          this.chunk({ tool_calls: [{ index, function: { arguments: event.arguments } }] }),
        ];
      }
      case 'end': {
        const chunks = [this.chunk({}, event.finishReason)];
        if (this.includeUsage) {
          chunks.push(
            new JsonText(JSON.stringify({ ...this.head(), choices: [], usage: chatUsage(event.usage) })),
          );
        }
        return chunks;
      }
    }
  }

  private head(): Record<string, unknown> {
    return {
      id: this.meta.id,
      object: 'chat.completion.chunk',
      created: this.meta.created,
      model: this.meta.model,
    };
  }

  /**
   * A later chunk whose delta is `members` (a token's content or reasoning, as JSON members): as
   * `chunk` writes it, without building the delta object.
   */
  private deltaText(members: string): JsonText {
    return new JsonText(`${this.prefix}{${members}},"logprobs":null,"finish_reason":null${this.suffix}`);
  }

  /** `{...head, choices: [{index: 0, delta, logprobs: null, finish_reason}], usage?: null}` as JSON. */
  private chunk(delta: Record<string, unknown>, finishReason: string | null = null): JsonText {
    const first = !this.started;
    this.started = true;
    const withRole = first ? { role: 'assistant', content: '', ...delta } : delta;
    return new JsonText(
      `${this.prefix}${JSON.stringify(withRole)},"logprobs":null,"finish_reason":${JSON.stringify(finishReason)}${this.suffix}`,
    );
  }
}
