// The Hermes 2 Pro / Hermes 3 tool_use chat template (NousResearch; vLLM's hermes example).

import type { ToolDefinition } from '../../types/tool.js';
import type { PromptTextContext } from '../prompt-text.js';
import { pythonJson } from '../renderers/python-json.js';
import type { ToolPromptRenderer } from '../renderers/tool-prompt-renderer.js';
import { chatml } from './chatml-templates.js';
import { rendererOf } from './renderer-of.js';

/** A JSON Schema type as Hermes' tool_use template names it in a signature (`json_to_python_type`). */
function pythonType(spec: unknown): string {
  const schema = (typeof spec === 'object' && spec !== null ? spec : {}) as Record<string, unknown>;
  const basic: Record<string, string> = { string: 'str', number: 'float', integer: 'int', boolean: 'bool' };
  const type = schema.type;
  if (typeof type === 'string' && basic[type] !== undefined) return basic[type];
  if (type === 'array') return `list[${pythonType(schema.items)}]`;
  if (type === 'object')
    return schema.additionalProperties === undefined
      ? 'dict'
      : `dict[str, ${pythonType(schema.additionalProperties)}]`;
  if (Array.isArray(type)) return `Union[${type.map((item) => pythonType({ type: item })).join(',')}]`;
  return 'Any';
}

// Hermes 2 Pro / Hermes 3 tool_use template (NousResearch, also vLLM's hermes example): each tool's
// description is a Python signature with an `Args:` block (written as the template writes it, with
// no separator between arguments and no escaping), a pydantic schema for the call, results as
// `tool` turns of `<tool_response>`.
function hermesToolUseSection(tools: readonly ToolDefinition[]): string {
  const list = tools
    .map((tool) => {
      const properties = ((tool.parameters as { properties?: unknown }).properties ?? {}) as Record<
        string,
        Record<string, unknown>
      >;
      const entries = Object.entries(properties);
      const signature = entries.map(([name, field]) => `${name}: ${pythonType(field)}`).join(', ');
      const args = entries
        .map(
          ([name, field], index) =>
            `${index === 0 ? '    Args:\n' : ''}        ${name}(${pythonType(field)}): ${String(field.description ?? '').trim()}`,
        )
        .join('');
      const parameters = entries.length === 0 ? '{}' : pythonJson(tool.parameters);
      return `{"type": "function", "function": {"name": "${tool.name}", "description": "${tool.name}(${signature}) - ${tool.description ?? ''}\n\n${args}", "parameters": ${parameters}}`;
    })
    .join('\n');
  return (
    'You are a function calling AI model. You are provided with function signatures within <tools></tools> XML ' +
    "tags. You may call one or more functions to assist with the user query. Don't make assumptions about what " +
    `values to plug into functions. Here are the available tools: <tools> ${list} </tools>` +
    'Use the following pydantic model json schema for each tool call you will make: {"properties": {"name": ' +
    '{"title": "Name", "type": "string"}, "arguments": {"title": "Arguments", "type": "object"}}, "required": ' +
    '["name", "arguments"], "title": "FunctionCall", "type": "object"}}\nFor each function call return a json ' +
    'object with function name and arguments within <tool_call></tool_call> XML tags as follows:\n<tool_call>\n' +
    '{"name": <function-name>, "arguments": <args-dict>}\n</tool_call>'
  );
}

export const hermesToolUseRenderer: ToolPromptRenderer = {
  ...rendererOf('hermes'),
  placement: 'own-system',
  section: hermesToolUseSection,
  join: (section) => section,
  results: 'tool',
};

export function hermesToolUse(separator: string): (context: PromptTextContext) => string {
  return (context) => {
    const body = chatml({
      tool: (message) =>
        `<|im_start|>tool\n<tool_response>\n${message.content}\n</tool_response>\n<|im_end|>`,
    })({ ...context, messages: context.history });
    const system =
      context.section === undefined ? '' : `<|im_start|>system\n${context.section}<|im_end|>${separator}`;
    return `<|begin_of_text|>${system}${body}`;
  };
}
