import type { ToolMessage, ToolResultOutput } from '../../src/types/message.js';

/** A `tool` message answering calls of tool `f`: one result per `[toolCallId, output]`. */
export const toolMessage = (
  ...results: Array<[toolCallId: string, output: ToolResultOutput]>
): ToolMessage => ({
  role: 'tool',
  content: results.map(([toolCallId, output]) => ({
    type: 'tool-result',
    toolCallId,
    toolName: 'f',
    output,
  })),
});
