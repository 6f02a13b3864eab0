/**
 * `toolwire/stream`: the streaming API. `createToolCallStream` (platform-neutral core) and
 * `toTransformStream` (web TransformStream) turn model text deltas into ordered AI SDK-style events;
 * `toOpenAIChatChunks` / `OpenAIChatChunkEncoder` write those events as OpenAI `chat.completion.chunk`s;
 * the accumulators rebuild calls from OpenAI Chat, Anthropic Messages and OpenAI Responses streams.
 *
 * The OpenAI and Anthropic pieces live with their providers (`src/providers/<provider>/`, which never
 * import the parsers); this entry re-exports them so `toolwire/stream` keeps offering one streaming API.
 */
export {
  AnthropicStreamAccumulator,
  accumulateAnthropicStream,
} from '../providers/anthropic/anthropic-stream-accumulator.js';
export {
  accumulateOpenAIChatChunks,
  type OpenAIChatChunk,
  OpenAIChatChunkAccumulator,
  OpenAIChatChunkEncoder,
  type OpenAIChatChunkOptions,
  type OpenAIChatToolCallDelta,
  toOpenAIChatChunks,
} from '../providers/openai-chat/openai-chat-chunks.js';
export {
  accumulateOpenAIResponsesStream,
  OpenAIResponsesStreamAccumulator,
} from '../providers/openai-responses/openai-responses-stream-accumulator.js';
export { readProviderStream } from '../providers/shared/read-provider-stream.js';
// The data model its API names (calls, events, messages, schemas): its users import those types from it.
export type * from '../types/index.js';
export {
  createToolCallStream,
  type ToolCallStream,
  type ToolCallStreamOptions,
} from './create-tool-call-stream.js';
export { type StreamErrorPart, toTransformStream } from './to-transform-stream.js';
