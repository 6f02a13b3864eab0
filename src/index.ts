export {
  InvalidToolsError,
  ToolwireError,
  type ToolwireErrorCode,
  UnknownFormatError,
} from './errors/index.js';
export {
  type AutoFormatOptions,
  auto,
  EventCollector,
  type FormatDefinition,
  type FormatOptions,
  type FormatParser,
  getFormat,
  listFormats,
  normalizeTools,
  type ParseToolCallsOptions,
  parseToolCallChunks,
  parseToolCalls,
} from './formats/index.js';
export type {
  InvalidToolCall,
  JSONSchema,
  ParseEvent,
  ParseResult,
  ToolCall,
  ToolCallIssue,
  ToolDefinition,
} from './types/index.js';
