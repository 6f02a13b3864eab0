// The gpt-oss (Harmony) tool renderer: tools as a TypeScript namespace.

import type { ToolDefinition } from '../../types/tool.js';
import { pythonJson, pythonString } from './python-json.js';
import { afterSystem } from './render-pieces.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';
import { typescriptType } from './typescript-type.js';

function harmonyTool(tool: ToolDefinition): string {
  let text = `// ${tool.description ?? ''}\ntype ${tool.name} = `;
  const parameters = tool.parameters as { properties?: Record<string, unknown>; required?: unknown };
  const properties = parameters.properties;
  if (properties === undefined || Object.keys(properties).length === 0) return `${text}() => any;\n\n`;
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  text += '(_: {\n';
  for (const [name, field] of Object.entries(properties)) {
    const spec = (typeof field === 'object' && field !== null ? field : {}) as Record<string, unknown>;
    if (typeof spec.description === 'string' && spec.description !== '') text += `// ${spec.description}\n`;
    text += `${name}${required.includes(name) ? '' : '?'}: ${typescriptType(spec)}`;
    if (spec.default !== undefined)
      text += `, // default: ${spec.enum !== undefined ? pythonString(spec.default) : pythonJson(spec.default)}`;
    text += ',\n';
  }
  return `${text}}) => any;\n\n`;
}

// gpt-oss (Harmony): the tools as a TypeScript namespace in the developer message. A past call and
// its result live in message headers the template writes (`<|start|>assistant to=functions.NAME`,
// `<|start|>functions.NAME to=assistant`), so the text closes the message the template opened and
// writes those messages itself: the model sees them as trained, after an empty message.
export const harmonyRenderer: ToolPromptRenderer = {
  placement: 'system',
  section: (tools) =>
    `# Tools\n\n## functions\n\nnamespace functions {\n\n${tools.map(harmonyTool).join('')}} // namespace functions`,
  join: afterSystem,
  call: (call) =>
    `<|start|>assistant to=functions.${call.name}<|channel|>commentary json<|message|>${pythonJson(call.input)}<|call|>`,
  assistant: (text, calls) => (calls.length === 0 ? text : `${text}<|end|>${calls.join('')}`),
  results: (results) =>
    `<|end|>${results
      .map(
        (result) =>
          `<|start|>functions.${result.name} to=assistant<|channel|>commentary<|message|>${pythonJson(result.text)}`,
      )
      .join('<|end|>')}`,
};
