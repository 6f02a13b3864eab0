import { pythonCall } from './python-call.js';
import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

const pythonList = (text: string, calls: readonly string[]): string =>
  [text, calls.length === 0 ? '' : `[${calls.join(', ')}]`].filter((piece) => piece !== '').join('\n');

/**
 * Llama 3.2 pythonic (vLLM's `tool_chat_template_llama3.2_pythonic.jinja`): the instructions and
 * each tool as indented JSON at the top of the system text (the template's default system text when
 * there is none), calls as a Python list, results stay tool messages (`ipython` turns). The template
 * itself writes string arguments of past calls unquoted; ours are quoted, as its instructions and the
 * pythonic parser expect.
 */
export const llama32PythonicRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    'You have access to the following functions. To call functions, please respond with a python list of the ' +
    'calls. Respond in the format [func_name1(params_name1=params_value1, params_name2=params_value2...), ' +
    `func_name2(params)] Do not use variables.\n\n${tools.map((tool) => `${pythonJson(functionTool(tool), 4)}\n\n`).join('')}`,
  join: (section, text) =>
    `${section}${
      text === undefined || text.trim() === ''
        ? "You are a helpful assistant with tool calling capabilities. Only reply with a tool call if the function exists in the library provided by the user. If it doesn't exist, just reply directly in natural language. When you receive a tool call response, use the output to format an answer to the original user question."
        : text.trim()
    }`,
  call: (call) => pythonCall(call, '"'),
  assistant: pythonList,
  results: 'tool',
};

/** ToolACE (vLLM's `tool_chat_template_toolace.jinja`): like Llama 3.2 pythonic, with its own words. */
export const toolacePythonicRenderer: ToolPromptRenderer = {
  ...llama32PythonicRenderer,
  section: (tools) =>
    'You are an expert in composing functions. You are given a question and a set of possible functions. Based on ' +
    'the question, you will need to make one or more function/tool calls to achieve the purpose.\nIf none of the ' +
    'function can be used, point it out. If the given question lacks the parameters required by the function, also ' +
    'point it out.\nYou should only return the function call in tools call sections.\n\nIf you decide to invoke any ' +
    'of the function(s), you MUST put it in the format of [func_name1(params_name1=params_value1, ' +
    'params_name2=params_value2...), func_name2(params)]\nYou SHOULD NOT include any other text in the response.\n' +
    `Here is a list of functions in JSON format that you can invoke.\n${tools.map((tool) => `${pythonJson(functionTool(tool), 4)}\n\n`).join('')}\n`,
  join: (section, text) =>
    `${section}${
      text === undefined || text.trim() === ''
        ? "You are a helpful assistant with tool calling capabilities. Only reply with a tool call if the function exists in the library provided by the user. If it doesn't exist, just reply directly in natural language."
        : text.trim()
    }`,
};

/**
 * Llama 4 pythonic (vLLM's `tool_chat_template_llama4_pythonic.jinja`): after the system text, the
 * call-format line and the tool list as indented JSON; calls as a Python list of double-quoted values
 * (as the template writes them), results stay tool messages (`ipython` turns).
 */
export const llama4PythonicRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    'Here is a list of functions in JSON format that you can invoke. Use exact format: [func_name1(param1=value1, ' +
    `param2=value2), func_name2(...)]\n${pythonJson(tools.map(functionTool), 4)}`,
  join: (section, text) => `${(text ?? '').trim()}\n${section}`,
  call: (call) =>
    `${call.name}(${Object.entries(call.input)
      .map(([key, value]) => `${key}="${typeof value === 'string' ? value : JSON.stringify(value)}"`)
      .join(', ')})`,
  assistant: (text, calls) => `${text}${calls.length === 0 ? '' : `[${calls.join(', ')}]`}`,
  results: 'tool',
};
