export type { JSONSchema } from './json-schema.js';
export type { ParseEvent } from './parse-event.js';
export type { ToolDefinition } from './tool.js';
export type { InvalidToolCall, ParseResult, ToolCall, ToolCallFlag, ToolCallIssue } from './tool-call.js';
