// The Nemotron Nano v2 tool renderer (`<TOOLCALL>` lists).

import { pythonJson } from './python-json.js';
import { afterSystem, functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// Nemotron Nano v2: `<AVAILABLE_TOOLS>` with the function objects, calls in one `<TOOLCALL>` list,
// results in one `<TOOL_RESPONSE>` list in a user turn.
export const nemotronRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    'You can use the following tools to assist the user if required:\n<AVAILABLE_TOOLS>' +
    `${pythonJson(tools.map((tool) => functionTool(tool).function))}</AVAILABLE_TOOLS>\n\n` +
    'If you decide to call any tool(s), use the following format:\n<TOOLCALL>[{{"name": "tool_name1", ' +
    '"arguments": "tool_args1"}}, {{"name": "tool_name2", "arguments": "tool_args2"}}]</TOOLCALL>\n\n' +
    'The user will execute tool-calls and return responses from tool(s) in this format:\n' +
    '<TOOL_RESPONSE>[{{"tool_response1"}}, {{"tool_response2"}}]</TOOL_RESPONSE>\n\n' +
    'Based on the tool responses, you can call additional tools if needed, correct tool calls if any errors are ' +
    'found, or just respond to the user.',
  join: afterSystem,
  call: (call) => pythonJson({ name: call.name, arguments: call.input }),
  assistant: (text, calls) =>
    calls.length === 0 ? text : `${text}${text === '' ? '' : '\n'}<TOOLCALL>[${calls.join(', ')}]</TOOLCALL>`,
  results: (results) => `<TOOL_RESPONSE>[${results.map((result) => result.text).join(', ')}]</TOOL_RESPONSE>`,
};
