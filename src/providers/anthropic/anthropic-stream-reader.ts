import type { ProviderStreamReader } from '../provider-converter.js';
import { createBlockStreamReader } from '../shared/block-stream-reader.js';
import { readAnthropicStreamEvent } from './anthropic-stream-accumulator.js';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason.js';

/**
 * An incremental reader of one Anthropic Messages stream: `push` each SSE `data:` object (parsed) and
 * get toolwire's parse events as they become known: `text-delta` (`text_delta`), `reasoning-delta`
 * (`thinking_delta`), and per `tool_use` block `tool-input-start` (at `content_block_start`),
 * `tool-input-delta` (each `partial_json`), `tool-input-end` and `tool-call` / `tool-call-invalid`
 * (at `content_block_stop`, or later; see `BlockStreamReader`). The same tolerances as
 * `AnthropicStreamAccumulator`, whose result the events rebuild. Signatures (`signature_delta`) and
 * redacted thinking have no parse event and are not reported.
 * @see https://docs.anthropic.com/en/docs/build-with-claude/streaming
 */
export function createAnthropicStreamReader(): ProviderStreamReader {
  return createBlockStreamReader('anthropic', readAnthropicStreamEvent, mapAnthropicFinishReason);
}
