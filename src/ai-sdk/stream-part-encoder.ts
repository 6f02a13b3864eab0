import type {
  LanguageModelV3FinishReason,
  LanguageModelV3StreamPart,
  LanguageModelV3ToolCall,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import type { ParseEvent } from '../types/parse-event.js';
import { invalidCallPart } from './invalid-call-part.js';
import type { PartOutput } from './pull-transform.js';

/** Options of `AISDKStreamPartEncoder` / `toAISDKStreamParts`. */
export interface AISDKStreamPartOptions {
  /** Prefix of the text and reasoning block ids (`text-0`, `reasoning-0`, ...); default `""`. */
  readonly idPrefix?: string;
}

/** A `ParseEvent`, or the `{ type: 'error' }` part `toTransformStream` enqueues on API misuse. */
export type EncodableEvent = ParseEvent | { readonly type: 'error'; readonly error: unknown };

/**
 * Turns toolwire's `ParseEvent`s into the AI SDK's `LanguageModelV3StreamPart`s (`@ai-sdk/provider`
 * 3.x), one turn at a time:
 *
 * - text and reasoning deltas are wrapped in `text-start`/`-delta`/`-end` and
 *   `reasoning-start`/`-delta`/`-end` blocks with ids (`text-N`, `reasoning-N`); a block is closed when
 *   something else starts (a call, the other kind of text) and at `finish()`;
 * - `tool-input-start`/`-delta`/`-end` keep their ids; `tool-call` becomes `{ type: 'tool-call',
 *   toolCallId, toolName, input: JSON.stringify(input) }` (the spec types `input` as JSON text);
 * - `tool-call-invalid` becomes the part the AI SDK itself turns into an invalid tool call (see
 *   `invalidCallPart`): never dropped.
 *
 * Stateful (open blocks, counters); `push` per batch of events, `finish` once at the end of the turn.
 */
export class AISDKStreamPartEncoder {
  private readonly idPrefix: string;
  private open: { readonly kind: 'text' | 'reasoning'; readonly id: string } | undefined;
  private textBlocks = 0;
  private reasoningBlocks = 0;
  private invalidCalls = 0;
  /** Valid calls emitted so far (the finish reason is `tool-calls` when there is one). */
  calls = 0;

  constructor(options: AISDKStreamPartOptions = {}) {
    this.idPrefix = options.idPrefix ?? '';
  }

  /** The parts for `events`, in order (appended to `out` when given). */
  push(events: Iterable<EncodableEvent>, out: LanguageModelV3StreamPart[] = []): LanguageModelV3StreamPart[] {
    for (const event of events) this.add(event, out);
    return out;
  }

  /**
   * Writes the parts for one event to `out` (an array, or a stream's sink): what `push` does per event,
   * for a caller that maps events as they come and would otherwise wrap each in an array.
   */
  add(event: EncodableEvent, out: PartOutput<LanguageModelV3StreamPart>): void {
    switch (event.type) {
      case 'text-delta':
      case 'reasoning-delta': {
        if (event.delta === '') break;
        const kind = event.type === 'text-delta' ? 'text' : 'reasoning';
        const id = this.openBlock(kind, out);
        out.push({ type: event.type, id, delta: event.delta });
        break;
      }
      case 'tool-input-start':
        this.closeBlock(out);
        out.push({ type: 'tool-input-start', id: event.id, toolName: event.toolName });
        break;
      case 'tool-input-delta':
        out.push({ type: 'tool-input-delta', id: event.id, delta: event.delta });
        break;
      case 'tool-input-end':
        out.push({ type: 'tool-input-end', id: event.id });
        break;
      case 'tool-call':
        this.closeBlock(out);
        this.calls++;
        out.push(toolCallPart(event));
        break;
      case 'tool-call-invalid':
        this.closeBlock(out);
        out.push(invalidCallPart(event, `invalid_${this.invalidCalls++}`));
        break;
      case 'error':
        out.push({ type: 'error', error: event.error });
        break;
    }
  }

  /** Closes the open text or reasoning block; call once when the turn ends. */
  finish(out: LanguageModelV3StreamPart[] = []): LanguageModelV3StreamPart[] {
    this.closeBlock(out);
    return out;
  }

  private openBlock(kind: 'text' | 'reasoning', out: PartOutput<LanguageModelV3StreamPart>): string {
    if (this.open?.kind === kind) return this.open.id;
    this.closeBlock(out);
    const id =
      kind === 'text'
        ? `${this.idPrefix}text-${this.textBlocks++}`
        : `${this.idPrefix}reasoning-${this.reasoningBlocks++}`;
    this.open = { kind, id };
    out.push({ type: kind === 'text' ? 'text-start' : 'reasoning-start', id });
    return id;
  }

  private closeBlock(out: PartOutput<LanguageModelV3StreamPart>): void {
    if (this.open === undefined) return;
    out.push({ type: this.open.kind === 'text' ? 'text-end' : 'reasoning-end', id: this.open.id });
    this.open = undefined;
  }
}

/** A toolwire `tool-call` event as the spec's `LanguageModelV3ToolCall` (input as JSON text). */
export function toolCallPart(event: Extract<ParseEvent, { type: 'tool-call' }>): LanguageModelV3ToolCall {
  return {
    type: 'tool-call',
    toolCallId: event.id,
    toolName: event.toolName,
    input: JSON.stringify(event.input),
  };
}

/** Usage with every count unknown (the V3 shape; toolwire parses text and counts no tokens). */
export function unknownUsage(): LanguageModelV3Usage {
  return {
    inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: undefined, text: undefined, reasoning: undefined },
  };
}

/** Options of `toAISDKStreamParts`: block id prefix, and what the closing `finish` part says. */
export interface ToAISDKStreamPartsOptions extends AISDKStreamPartOptions {
  /** Default: `tool-calls` when a valid call was emitted, else `stop`; `raw` undefined. */
  readonly finishReason?: LanguageModelV3FinishReason;
  /** Default: every count `undefined`. */
  readonly usage?: LanguageModelV3Usage;
}

/**
 * The whole turn's `ParseEvent`s (from `createToolCallStream` or a format parser) as AI SDK
 * `LanguageModelV3StreamPart`s, ending in a `finish` part with the unified finish reason (`tool-calls`
 * when the turn has a valid call, else `stop`, unless `options.finishReason` says otherwise) and the
 * V3 usage shape. Pure; see `AISDKStreamPartEncoder` for the mapping.
 */
export function toAISDKStreamParts(
  events: Iterable<EncodableEvent>,
  options: ToAISDKStreamPartsOptions = {},
): LanguageModelV3StreamPart[] {
  const encoder = new AISDKStreamPartEncoder(options);
  const parts = encoder.finish(encoder.push(events));
  parts.push(finishPart(encoder, options));
  return parts;
}

/** The turn's closing `finish` part: `options`' reason and usage, or the defaults described there. */
export function finishPart(
  encoder: AISDKStreamPartEncoder,
  options: ToAISDKStreamPartsOptions,
): Extract<LanguageModelV3StreamPart, { type: 'finish' }> {
  return {
    type: 'finish',
    finishReason: options.finishReason ?? {
      unified: encoder.calls > 0 ? 'tool-calls' : 'stop',
      raw: undefined,
    },
    usage: options.usage ?? unknownUsage(),
  };
}
