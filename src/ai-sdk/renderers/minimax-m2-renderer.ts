// The MiniMax M2 tool renderer (`<minimax:tool_call>` / `<invoke>` calls).

import { pythonJson } from './python-json.js';
import { afterSystem, functionTool, parameterValue } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

export const minimaxM2Renderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    '# Tools\nYou may call one or more tools to assist with the user query.\n' +
    'Here are the tools available in JSONSchema format:\n\n<tools>\n' +
    tools.map((tool) => `<tool>${pythonJson(functionTool(tool).function)}</tool>`).join('\n') +
    '\n</tools>\n\nWhen making tool calls, use XML format to invoke tools and pass parameters:\n\n' +
    '<minimax:tool_call>\n<invoke name="tool-name-1">\n<parameter name="param-key-1">param-value-1</parameter>\n' +
    '<parameter name="param-key-2">param-value-2</parameter>\n...\n</invoke>\n</minimax:tool_call>',
  join: afterSystem,
  call: (call) =>
    `<invoke name="${call.name}">\n${Object.entries(call.input)
      .map(([key, value]) => `<parameter name="${key}">${parameterValue(value)}</parameter>\n`)
      .join('')}</invoke>`,
  assistant: (text, calls) =>
    calls.length === 0 ? text : `${text}\n<minimax:tool_call>\n${calls.join('\n')}\n</minimax:tool_call>`,
  // The template refuses a tool message without an assistant `tool_calls` before it, so the results go
  // in a user turn (the template prints them under `tool`; listed in the template differences).
  results: (results) => results.map((result) => `<response>${result.text}</response>`).join('\n'),
};
