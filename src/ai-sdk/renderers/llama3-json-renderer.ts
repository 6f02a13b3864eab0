// The Llama 3.x JSON tool renderer (Meta's template, vLLM's llama3_json).

import { pythonJson } from './python-json.js';
import { functionTool, joined } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

export const llama3JsonRenderer: ToolPromptRenderer = {
  placement: 'first-user',
  section: (tools) =>
    'Given the following functions, please respond with a JSON for a function call with its proper arguments ' +
    'that best answers the given prompt.\n\nRespond in the format {"name": function name, "parameters": ' +
    // Meta's template has no space after `}.`; vLLM's example adds one (listed in the template differences).
    'dictionary of argument name and its value}.Do not use variables.\n\n' +
    tools.map((tool) => `${pythonJson(functionTool(tool), 4)}\n\n`).join(''),
  join: (section, text) => `${section}${text ?? ''}`,
  call: (call) => `{"name": ${pythonJson(call.name)}, "parameters": ${pythonJson(call.input)}}`,
  // vLLM's llama3_json parser reads several calls separated by `; ` (the template allows one).
  assistant: joined('; '),
  results: 'tool',
};
