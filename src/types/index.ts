export type { JSONSchema } from './json-schema.js';
export type {
  AssistantMessage,
  AssistantPart,
  FilePart,
  ImagePart,
  InvalidToolCallPart,
  JSONValue,
  Message,
  ProviderOptions,
  ReasoningPart,
  SystemMessage,
  TextPart,
  ToolCallPart,
  ToolMessage,
  ToolResultContentPart,
  ToolResultOutput,
  ToolResultPart,
  UserMessage,
} from './message.js';
export type { ParseEvent } from './parse-event.js';
export type { ToolDefinition } from './tool.js';
export type {
  InvalidToolCall,
  ParseResult,
  ToolCall,
  ToolCallFlag,
  ToolCallIssue,
  ToolCallRepair,
} from './tool-call.js';
export type { Warning } from './warning.js';
