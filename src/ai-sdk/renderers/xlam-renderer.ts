import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// What the template writes before the tools when the request has no system message.
const defaultSystem =
  'You are a helpful assistant. You are developed by Salesforce xLAM team.\nYou have access to a set of tools. ' +
  'When using tools, make calls in a single JSON array: \n\n[{"name": "tool_call_name", "arguments": {"arg1": ' +
  '"value1", "arg2": "value2"}}, ... (additional parallel tool calls as needed)]\n\nIf no tool is suitable, state ' +
  "that explicitly. If the user's input lacks required parameters, ask for clarification. Do not interpret or " +
  'respond until tool results are returned. Once they are available, process them or make additional calls if ' +
  "needed. For tasks that don't require tools, such as casual conversation or general advice, respond directly in " +
  'plain text. The available tools are:\n';

/**
 * xLAM (Llama-based; vLLM's `tool_chat_template_xlam_llama.jinja`): each tool as indented JSON on
 * the line after the system text (after the template's own instructions when there is no system
 * message); calls as one JSON list; results stay tool messages (`ipython` turns).
 */
export const xlamRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) => tools.map((tool) => pythonJson(functionTool(tool), 4)).join('\n\n'),
  join: (section, text) =>
    text === undefined || text.trim() === '' ? `${defaultSystem}\n${section}` : `${text.trim()}\n${section}`,
  call: (call) => `{"name": ${pythonJson(call.name)}, "arguments": ${pythonJson(call.input)}}`,
  assistant: (text, calls) => (calls.length === 0 ? text : `${text}[${calls.join(', ')}]`),
  results: 'tool',
};
