// The Mistral tool renderer (`[AVAILABLE_TOOLS]`, `[TOOL_CALLS]`).

import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

export const mistralRenderer: ToolPromptRenderer = {
  placement: 'last-user',
  section: (tools) => `[AVAILABLE_TOOLS] ${pythonJson(tools.map(functionTool))} [/AVAILABLE_TOOLS]`,
  join: (section, text) => (text === undefined || text === '' ? section : `${section} ${text}`),
  call: (call) => pythonJson({ name: call.name, arguments: call.input, id: call.id }),
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : [text, `[TOOL_CALLS] [${calls.join(', ')}]`].filter((piece) => piece !== '').join(' '),
  results: 'tool',
};
