import { pythonJson } from './python-json.js';
import { functionTool } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// What IBM's template writes as the system text when a request with tools has no system message
// (less its knowledge-cutoff and today's-date sentences, which it takes from the clock).
const defaultSystem =
  'You are Granite, developed by IBM. You are a helpful assistant with access to the following tools. When a tool ' +
  "is required to answer the user's query, respond only with <|tool_call|> followed by a JSON list of tools used. " +
  'If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to ' +
  'fulfill the request.';

/**
 * Granite 3.x: the tool list as indented JSON in an `available_tools` turn of its own right after the
 * system turn (IBM's template, llama.cpp `ibm-granite-granite-3.3-2B-Instruct.jinja`). A request has
 * no such role, so the system text closes its turn and opens that one (the template closes it).
 * Calls as `<|tool_call|>` and the indented JSON list vLLM's template writes (IBM's template prints
 * no calls at all); results stay tool messages (printed as `tool` / `tool_response` turns).
 */
export const graniteRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) => pythonJson(tools.map(functionTool), 4),
  join: (section, text) =>
    `${text === undefined || text === '' ? defaultSystem : text}<|end_of_text|>\n` +
    `<|start_of_role|>available_tools<|end_of_role|>${section}`,
  call: (call) => pythonJson({ name: call.name, arguments: call.input }, 4),
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : `${text}<|tool_call|>[\n${calls.map((call) => call.replace(/^/gm, '    ')).join(',\n')}\n]`,
  results: 'tool',
};
