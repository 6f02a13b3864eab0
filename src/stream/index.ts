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
