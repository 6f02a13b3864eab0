import type { BackendChunk, BackendFinishReason, BackendUsage } from './backend.js';
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
 * neither.
 */
export class OpenAISseDecoder implements WireDecoder {
  readonly endMarker = 'data: [DONE]';
  ended = false;
  private finishReason: BackendFinishReason = 'stop';
  private usage: BackendUsage | undefined;
  private stopSequence: string | undefined;

  constructor(
    private readonly secrets: readonly string[],
    private readonly choiceChunks: (choice: Record<string, unknown>) => BackendChunk[],
  ) {}

  read(data: string): readonly BackendChunk[] {
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
    const choices = Array.isArray(event.choices) ? event.choices : [];
    const chunks: BackendChunk[] = [];
    for (const item of choices) {
      const choice = objectAt(item);
      // One generation is asked for (no `n`); a choice of another index is not ours.
      if (choice === undefined || (choice.index !== undefined && choice.index !== 0)) continue;
      chunks.push(...this.choiceChunks(choice));
      if (typeof choice.finish_reason === 'string') {
        this.finishReason = choice.finish_reason === 'length' ? 'length' : 'stop';
        this.stopSequence = stopString(choice.stop_reason) ?? stopString(choice.matched_stop);
      }
    }
    return chunks;
  }
}
