import type { ToolDefinition } from '../../types/tool.js';
import { pythonJson } from './python-json.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

/** What the template writes as the system text when there is none. */
export const olmo3DefaultSystem = 'You are a helpful function-calling AI assistant.';

export function olmo3Section(tools: readonly ToolDefinition[]): string {
  return (
    'You have access to the following functions. To call functions, respond with a pythonic function call ' +
    'wrapped in <function_calls></function_calls> XML tags.\n\nFor example, to call a function named ' +
    "'get_weather' with parameters city='New York' and units='celsius', respond with:\n<function_calls>\n" +
    "get_weather(city='New York', units='celsius')\n</function_calls>\n\nYou can call multiple functions by " +
    "putting each call on a new line within the tags:\n<function_calls>\nfunction1(param1='value1')\n" +
    "function2(param2='value2')\n</function_calls>\n\nHere are the available functions:\n<functions>\n" +
    `${tools.map((tool) => pythonJson({ name: tool.name, ...(tool.description === undefined ? {} : { description: tool.description }), parameters: tool.parameters })).join('\n')}\n</functions>`
  );
}

/** An argument as the template writes it: strings single-quoted as they are, `null`, `true`, JSON. */
const argumentValue = (value: unknown): string =>
  typeof value === 'string'
    ? `'${value}'`
    : value === null || value === undefined
      ? 'null'
      : typeof value === 'boolean'
        ? String(value)
        : pythonJson(value);

/**
 * OLMo 3 (vLLM's `tool_chat_template_olmo3.jinja`): the function objects as JSON lines in
 * `<functions>` after the system text (the template's default system text when there is none),
 * calls as one `<function_calls>` block with a Python call per line, results stay tool messages
 * (the template prints `Function NAME returned:` before each).
 */
export const olmo3Renderer: ToolPromptRenderer = {
  placement: 'system',
  section: olmo3Section,
  join: (section, text) =>
    `${text === undefined || text.trim() === '' ? olmo3DefaultSystem : text.trim()}\n\n${section}`,
  call: (call) =>
    `${call.name}(${Object.entries(call.input)
      .map(([key, value]) => `${key}=${argumentValue(value)}`)
      .join(', ')})`,
  assistant: (text, calls) =>
    calls.length === 0
      ? text
      : `${text.trim() === '' ? '' : `${text.trim()}\n`}<function_calls>\n${calls.join('\n')}\n</function_calls>`,
  results: 'tool',
};
