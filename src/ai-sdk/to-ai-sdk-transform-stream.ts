import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import {
  AISDKStreamPartEncoder,
  type EncodableEvent,
  finishPart,
  type ToAISDKStreamPartsOptions,
} from './stream-part-encoder.js';

/**
 * A web `TransformStream` from toolwire events (what `toTransformStream` gives) to AI SDK
 * `LanguageModelV3StreamPart`s, ending in a `finish` part as `toAISDKStreamParts` does:
 *
 * ```ts
 * const parts = textDeltas.pipeThrough(toTransformStream({ format: 'hermes', tools })).pipeThrough(toAISDKTransformStream());
 * ```
 */
export function toAISDKTransformStream(
  options: ToAISDKStreamPartsOptions = {},
): TransformStream<EncodableEvent, LanguageModelV3StreamPart> {
  const encoder = new AISDKStreamPartEncoder(options);
  return new TransformStream<EncodableEvent, LanguageModelV3StreamPart>({
    transform(event, controller) {
      for (const part of encoder.push([event])) controller.enqueue(part);
    },
    flush(controller) {
      for (const part of encoder.finish()) controller.enqueue(part);
      controller.enqueue(finishPart(encoder, options));
    },
  });
}
