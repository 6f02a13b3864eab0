import type { ToolResultOutput } from '../types/message.js';

/** Every `output.type` a tool result can have (`ToolResultOutput`, the AI SDK's tool result output). */
export const TOOL_RESULT_OUTPUT_TYPES: readonly ToolResultOutput['type'][] = [
  'text',
  'json',
  'error-text',
  'error-json',
  'execution-denied',
  'content',
];
