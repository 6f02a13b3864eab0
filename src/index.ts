export {
  InvalidToolsError,
  ToolwireError,
  type ToolwireErrorCode,
  UnknownFormatError,
} from './errors/index.js';
export {
  type AutoFormatOptions,
  auto,
  type ContentMode,
  EventCollector,
  type FormatDefinition,
  type FormatOptions,
  type FormatParser,
  getFormat,
  listFormats,
  MAX_ARGUMENT_DEPTH,
  normalizeTools,
  type ParseToolCallsOptions,
  parseToolCallChunks,
  parseToolCalls,
} from './formats/index.js';
export { healPartialJson, JsonScanner, parseLenientJson } from './json/index.js';
export {
  type AlignFlag,
  type AlignIssue,
  type AlignResult,
  alignText,
  alignValue,
  SchemaRoot,
} from './schema/index.js';
export {
  AnthropicStreamAccumulator,
  accumulateAnthropicStream,
  accumulateOpenAIChatChunks,
  accumulateOpenAIResponsesStream,
  createToolCallStream,
  type OpenAIChatChunk,
  OpenAIChatChunkAccumulator,
  OpenAIChatChunkEncoder,
  type OpenAIChatChunkOptions,
  OpenAIResponsesStreamAccumulator,
  type StreamErrorPart,
  type ToolCallStream,
  type ToolCallStreamOptions,
  toOpenAIChatChunks,
  toTransformStream,
} from './stream/index.js';
export type {
  InvalidToolCall,
  JSONSchema,
  ParseEvent,
  ParseResult,
  ToolCall,
  ToolCallIssue,
  ToolDefinition,
} from './types/index.js';
