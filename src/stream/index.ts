/**
 * `toolwire/stream`: the streaming API. `createToolCallStream` (platform-neutral core) and
 * `toTransformStream` (web TransformStream) turn model text deltas into ordered AI SDK-style events;
 * `toOpenAIChatChunks` / `OpenAIChatChunkEncoder` write those events as OpenAI `chat.completion.chunk`s;
 * the accumulators rebuild calls from OpenAI Chat, Anthropic Messages and OpenAI Responses streams.
 */
export { AnthropicStreamAccumulator, accumulateAnthropicStream } from './anthropic.js';
export {
  createToolCallStream,
  type ToolCallStream,
  type ToolCallStreamOptions,
} from './create-tool-call-stream.js';
export {
  accumulateOpenAIChatChunks,
  type OpenAIChatChunk,
  OpenAIChatChunkAccumulator,
  OpenAIChatChunkEncoder,
  type OpenAIChatChunkOptions,
  type OpenAIChatToolCallDelta,
  toOpenAIChatChunks,
} from './openai-chat.js';
export { accumulateOpenAIResponsesStream, OpenAIResponsesStreamAccumulator } from './openai-responses.js';
export { type StreamErrorPart, toTransformStream } from './to-transform-stream.js';
