import type { ProviderStreamReader } from '../provider-converter.js';
import { type BlockStreamReader, createBlockStreamReader } from '../shared/block-stream-reader.js';
import { integerIndex, isRecord, nonEmptyString } from '../shared/call-accumulator.js';
import { mapBedrockFinishReason } from './map-bedrock-finish-reason.js';

/**
 * Feeds one ConverseStream event (the SDK's `ConverseStreamOutput`: an object with one member) to
 * `blocks`: `contentBlockStart` (`start.toolUse` with `toolUseId` and `name`), `contentBlockDelta`
 * (`delta.text`, `delta.reasoningContent.text`, `delta.toolUse.input`, a string fragment of JSON),
 * `contentBlockStop`, `messageStop` (its `stopReason`; the content is over). `messageStart`, `metadata`,
 * signatures, redacted reasoning and unknown events are ignored. `contentBlockIndex` may be a digit string.
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html
 */
export function readBedrockStreamEvent(blocks: BlockStreamReader, event: unknown): void {
  if (!isRecord(event)) return;
  if (isRecord(event.contentBlockStart)) {
    const { contentBlockIndex, start } = event.contentBlockStart;
    const index = integerIndex(contentBlockIndex) ?? -1;
    const toolUse = isRecord(start) && isRecord(start.toolUse) ? start.toolUse : undefined;
    if (toolUse === undefined) blocks.startBlock(index);
    else blocks.startTool(index, nonEmptyString(toolUse.toolUseId), nonEmptyString(toolUse.name), undefined);
  } else if (isRecord(event.contentBlockDelta)) {
    const { contentBlockIndex, delta } = event.contentBlockDelta;
    if (!isRecord(delta)) return;
    if (typeof delta.text === 'string') blocks.textDelta(delta.text);
    else if (isRecord(delta.reasoningContent)) blocks.reasoningDelta(delta.reasoningContent.text);
    else if (isRecord(delta.toolUse) && typeof delta.toolUse.input === 'string') {
      blocks.inputDelta(integerIndex(contentBlockIndex) ?? -1, delta.toolUse.input);
    }
  } else if (isRecord(event.contentBlockStop)) {
    blocks.stop(integerIndex(event.contentBlockStop.contentBlockIndex) ?? -1);
  } else if (isRecord(event.messageStop)) {
    const stopReason = event.messageStop.stopReason;
    if (typeof stopReason === 'string') blocks.finishReason = stopReason;
    blocks.messageEnd();
  }
}

/**
 * An incremental reader of one ConverseStream response: `push` each event (`ConverseStreamOutput`) and
 * get toolwire's parse events as they become known: `text-delta`, `reasoning-delta`, and per `toolUse`
 * block `tool-input-start` (at `contentBlockStart`), `tool-input-delta` (each `input` fragment),
 * `tool-input-end` and `tool-call` / `tool-call-invalid` (at `contentBlockStop`, or later). Tolerant as
 * `BlockStreamReader`: fragments for a block that never started (a call without a name, kept as
 * `tool-call-invalid`), a missing `contentBlockStop`, an empty input (`{}`), two JSON objects in one
 * block, late fragments after the stop, digit-string indexes.
 */
export function createBedrockStreamReader(): ProviderStreamReader {
  return createBlockStreamReader('bedrock', readBedrockStreamEvent, mapBedrockFinishReason);
}
