import type { ToolDefinition } from '../../types/tool.js';
import { pythonJson, pythonString } from './python-json.js';
import { afterSystem } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';
import { typescriptType } from './typescript-type.js';

function apertusTool(tool: ToolDefinition): string {
  const text = `// ${tool.description ?? ''}\ntype ${tool.name} = `;
  const parameters = tool.parameters as { properties?: Record<string, unknown>; required?: unknown };
  const properties = parameters.properties;
  if (properties === undefined || Object.keys(properties).length === 0) return `${text}() => any;`;
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  const lines = Object.entries(properties).map(([name, field]) => {
    const spec = (typeof field === 'object' && field !== null ? field : {}) as Record<string, unknown>;
    let line =
      typeof spec.description === 'string' && spec.description !== '' ? `// ${spec.description}\n` : '';
    line += `${name}${required.includes(name) ? '' : '?'}: ${typescriptType(spec)}`;
    if (spec.default !== undefined)
      line +=
        spec.enum !== undefined
          ? `, // default: ${pythonString(spec.default)}`
          : `, // default: ${pythonJson(spec.default)}`;
    return line;
  });
  return `${text}(_: {\n${lines.join(',\n')}\n}) => any;`;
}

/**
 * Apertus: the tools as TypeScript declarations under `Tool Capabilities:`. The template prints them
 * in its own developer turn, which message text cannot reach (it says `Tool Capabilities: disabled`
 * there for a request without tools), so they follow the system text. Calls as
 * `<|tools_prefix|>[{"name": {…}}]<|tools_suffix|>`; results stay tool messages (the template prints
 * them as a list inside the assistant turn). Source: swiss-ai's template (llama.cpp
 * `swiss-ai-Apertus-8B-Instruct.jinja`) and vLLM's `tool_chat_template_apertus.jinja`.
 */
export const apertusRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) => `Tool Capabilities:\n${tools.map(apertusTool).join('\n')}`,
  join: afterSystem,
  call: (call) => `{${pythonJson(call.name)}: ${pythonJson(call.input)}}`,
  assistant: (text, calls) =>
    calls.length === 0 ? text : `${text}<|tools_prefix|>[${calls.join(', ')}]<|tools_suffix|>`,
  results: 'tool',
};
