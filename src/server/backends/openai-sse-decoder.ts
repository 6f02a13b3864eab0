import { type BackendChunk, BackendError, type BackendFinishReason, type BackendUsage } from './backend.js';
import { EventTemplate, type TextChunk } from './event-template.js';
import type { WireDecoder } from './generation-stream.js';
import { objectAt, parseWireEvent, stopString, usageOf } from './wire-event.js';

/**
 * The stream of OpenAI's Completions and Chat Completions (`data: {choices, usage}` events, then
 * `data: [DONE]`; https://platform.openai.com/docs/api-reference/completions/object): the text of
 * choice 0 comes from `choiceChunks`, `finish_reason` `length` maps to `length` and any other to
 * `stop`, and `usage` (the last event when `stream_options.include_usage` was sent) to the `done`
 * chunk emitted at `[DONE]`. The stop string that matched comes from the finishing choice's
 * `stop_reason` (vLLM: "the stop string or token id that caused the completion to stop") or
 * `matched_stop` (SGLang), when it is a string; OpenAI's own API and servers that copy it send
 * neither. Token events that repeat the one before but for the token's text are read without
 * parsing them again (see `EventTemplate`).
 */
export class OpenAISseDecoder implements WireDecoder {
  readonly endMarker = 'data: [DONE]';
  ended = false;
  private finishReason: BackendFinishReason = 'stop';
  private usage: BackendUsage | undefined;
  private stopSequence: string | undefined;
  private readonly template = new EventTemplate();

  constructor(
    private readonly secrets: readonly string[],
    private readonly choiceChunks: (choice: Record<string, unknown>) => BackendChunk[],
  ) {}

  token(source: string, start: number, end: number): string | undefined {
    return this.template.textIn(source, start, end);
  }

  get tokenType(): TextChunk['type'] {
    return this.template.type;
  }

  read(data: string): readonly BackendChunk[] {
    const token = this.template.match(data);
    if (token !== undefined) return [token];
    if (data.trim() === '[DONE]') {
      this.ended = true;
      const stop = this.finishReason === 'stop' ? this.stopSequence : undefined;
      return [
        {
          type: 'done',
          finishReason: this.finishReason,
          ...(this.usage ? { usage: this.usage } : {}),
          ...(stop === undefined ? {} : { stopSequence: stop }),
        },
      ];
    }
    const event = parseWireEvent(data, this.secrets);
    const usage = objectAt(event.usage);
    if (usage !== undefined) this.usage = usageOf(usage.prompt_tokens, usage.completion_tokens) ?? this.usage;
    if (event.choices !== undefined && event.choices !== null && !Array.isArray(event.choices))
      throw new BackendError('backend_protocol', 'the backend sent an event whose "choices" is not an array');
    const choices = Array.isArray(event.choices) ? event.choices : [];
    const chunks: BackendChunk[] = [];
    for (const item of choices) {
      const choice = objectAt(item);
      // One generation is asked for (no `n`); a choice of another index is not ours.
      if (choice === undefined || (choice.index !== undefined && choice.index !== 0)) continue;
      chunks.push(...this.choiceChunks(choice));
      const finish = choice.finish_reason;
      if (finish !== undefined && finish !== null && typeof finish !== 'string')
        throw new BackendError('backend_protocol', 'the backend sent a "finish_reason" that is not a string');
      if (typeof finish === 'string') {
        // vLLM ends a generation its engine gave up on with "abort" (and some servers with "error"):
        // the text is cut off, never a finished answer.
        if (finish === 'abort' || finish === 'error')
          throw new BackendError(
            'backend_status',
            `the backend ended the generation with finish_reason "${finish}"`,
          );
        this.finishReason = finish === 'length' ? 'length' : 'stop';
        this.stopSequence = stopString(choice.stop_reason) ?? stopString(choice.matched_stop);
      }
    }
    if (chunks.length === 1 && this.template.learning) {
      const only = this.tokenOf(event);
      if (only !== undefined) {
        this.template.learn(data, only, (probe) => this.tokenOf(parseWireEvent(probe, this.secrets)));
      }
    }
    return chunks;
  }

  /**
   * The one text chunk of an event that is nothing else (no `usage`, one choice of index 0 without a
   * `finish_reason`), read without touching the decoder's state; else `undefined`.
   */
  private tokenOf(event: Record<string, unknown>): TextChunk | undefined {
    if (objectAt(event.usage) !== undefined || !Array.isArray(event.choices) || event.choices.length !== 1) {
      return undefined;
    }
    const choice = objectAt(event.choices[0]);
    if (choice === undefined || (choice.index !== undefined && choice.index !== 0)) return undefined;
    if (typeof choice.finish_reason === 'string') return undefined;
    const chunks = this.choiceChunks(choice);
    const only = chunks.length === 1 ? chunks[0] : undefined;
    return only?.type === 'text' || only?.type === 'reasoning' ? only : undefined;
  }
}
