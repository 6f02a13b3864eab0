import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

const instructions =
  'In addition to plain text responses, you can choose to call one or more of the provided functions.\n\n' +
  'Use the following rule to decide when to call a function:\n' +
  '  * if the response can be generated from your internal knowledge (e.g., as in the case of queries like "What ' +
  'is the capital of Poland?"), do so\n' +
  '  * if you need external information that can be obtained by calling one or more of the provided functions, ' +
  'generate a function calls\n\nIf you decide to call functions:\n' +
  '  * prefix function calls with functools marker (no closing marker required)\n' +
  '  * all function calls should be generated in a single JSON list formatted as functools[{"name": [function ' +
  'name], "arguments": [function arguments as JSON]}, ...]\n' +
  '  * follow the provided JSON schema. Do not hallucinate arguments or values. Do to blindly copy values from the ' +
  'provided samples\n' +
  '  * respect the argument type formatting. E.g., if the type is number and format is float, write value 7 as 7.0\n' +
  '  * make sure you pick the right functions that match the user intent';

/**
 * Phi-4-mini (vLLM's `tool_chat_template_phi4_mini.jinja`): the instructions right after the system
 * text (the template's default system text when there is none), each tool as indented JSON; calls
 * as `functools[…]`, the list its instructions ask for (the template's history drops the marker and
 * the brackets); results stay tool messages (`<|tool|>`).
 */
export const phi4MiniRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    `${instructions}${tools.map((tool) => `${pythonJson(functionTool(tool), 4)}\n\n`).join('')}`,
  join: (section, text) =>
    `${text === undefined || text.trim() === '' ? 'You are a helpful assistant.' : text.trim()}${section}`,
  call: (call) => pythonJson({ name: call.name, arguments: call.input }),
  assistant: (text, calls) => (calls.length === 0 ? text : `${text}functools[${calls.join(', ')}]`),
  results: 'tool',
};
