// The pythonic tool renderer (vLLM's Llama 3.2 / Gemma 3 tool templates): calls as a Python list.

import { pythonCall } from './python-call.js';
import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// Pythonic calls (Llama 3.2 / Gemma 3 tool templates of vLLM): the tool list as indented JSON and the
// instructions at the top of the first user turn, calls as a Python list, results as user turns.
export const pythonicRenderer: ToolPromptRenderer = {
  placement: 'first-user',
  section: (tools) =>
    'Tools (functions) are available. If you decide to invoke one or more of the tools, you must respond ' +
    'with a python list of the function calls.\nExample Format: [func_name1(params_name1=params_value1, ' +
    'params_name2=params_value2...), func_name2(params)] \nDo not use variables. DO NOT USE MARKDOWN SYNTAX. ' +
    'You SHOULD NOT include any other text in the response if you call a function. If none of the functions ' +
    'can be used, point it out. If you lack the parameters required by the function, also point it out.\n' +
    `Here is a list of functions in JSON format that you can invoke.\n${pythonJson(tools.map(functionTool), 4)}`,
  join: (section, text) => (text === undefined || text === '' ? section : `${section}\n\n${text}`),
  call: (call) => pythonCall(call, '"'),
  assistant: (text, calls) =>
    [text, calls.length === 0 ? '' : `[${calls.join(', ')}]`].filter((piece) => piece !== '').join('\n'),
  results: (results) => results.map((result) => `<tool_response>\n${result.text}</tool_response>`).join('\n'),
};
