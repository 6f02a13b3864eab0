// The Kimi K2 tool renderer.

import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// Kimi K2: the tools as compact JSON in a `tool_declare` system block, calls in a calls section.
export const kimiK2Renderer: ToolPromptRenderer = {
  placement: 'own-system',
  section: (tools) => JSON.stringify(tools.map(functionTool)),
  join: (section) => section,
  call: (call) =>
    `<|tool_call_begin|>${call.id}<|tool_call_argument_begin|>${pythonJson(call.input)}<|tool_call_end|>`,
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : `${text}<|tool_calls_section_begin|>${calls.join('')}<|tool_calls_section_end|>`,
  results: 'tool',
};
