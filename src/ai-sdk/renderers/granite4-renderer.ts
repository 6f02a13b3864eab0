// The Granite 4 tool renderer (Hermes calls, Granite wording).

import { hermesRenderer } from './hermes-renderer.js';
import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// Granite 4: Hermes-style tool list and calls with Granite's own wording.
export const granite4Renderer: ToolPromptRenderer = {
  ...hermesRenderer,
  section: (tools) =>
    'You are a helpful assistant with access to the following tools. You may call one or more tools to assist ' +
    'with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
    tools.map((tool) => pythonJson(functionTool(tool))).join('\n') +
    '\n</tools>\n\nFor each tool call, return a json object with function name and arguments within ' +
    '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n' +
    '</tool_call>. If a tool does not exist in the provided list of tools, notify the user that you do not have the ' +
    'ability to fulfill the request.',
  results: (results) => `\n${hermesRenderer.results === 'tool' ? '' : hermesRenderer.results(results)}`,
};
