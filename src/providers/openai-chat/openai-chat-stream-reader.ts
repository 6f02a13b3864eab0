import type { FinishReason } from '../provider-converter.js';
import { AccumulatorStreamReader } from '../shared/accumulator-stream-reader.js';
import { mapOpenAIChatFinishReason } from './map-openai-chat-finish-reason.js';
import { OpenAIChatChunkAccumulator } from './openai-chat-chunks.js';

/**
 * Reads a Chat Completions stream (`chat.completion.chunk` objects, parsed from the SSE `data:` lines;
 * `[DONE]` is not an event) into toolwire's parse events, incrementally: `reasoning-delta`
 * (`delta.reasoning_content` / `delta.reasoning`), `text-delta` (`delta.content`), and per call
 * `tool-input-start` → `tool-input-delta`* as fragments arrive, then at `finish()` `tool-input-end` and
 * `tool-call` (or `tool-call-invalid`). Chat has no per-call end event, and parallel calls interleave,
 * so calls end when the stream does. Every tolerance of `OpenAIChatChunkAccumulator` holds (it does
 * the routing): ids before indexes, string and missing indexes, names never glued, two JSON objects on
 * one index being two calls, arguments sent as objects, arguments before the name (the call is
 * announced once its name arrives, with the text so far as its first delta).
 *
 * `finishReason` is the last `finish_reason` seen, mapped by `mapOpenAIChatFinishReason`.
 */
export class OpenAIChatStreamReader extends AccumulatorStreamReader<OpenAIChatChunkAccumulator> {
  constructor() {
    super(new OpenAIChatChunkAccumulator());
  }

  get finishReason(): FinishReason | undefined {
    const raw = this.accumulator.finishReason;
    return raw === undefined ? undefined : mapOpenAIChatFinishReason(raw);
  }
}
