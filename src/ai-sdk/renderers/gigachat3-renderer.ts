import type { ToolDefinition } from '../../types/tool.js';
import { pythonJson, pythonString } from './python-json.js';
import type { ToolPromptRenderer } from './tool-prompt-renderer.js';

// The schema keys the template prints as `// key: value` comments above a property, in the order
// the property lists them.
const commentKeys = ['format', 'maxItems', 'maximum', 'minItems', 'minimum', 'pattern'];

/** `~` in the template: Python's `str()` of a value (True/False/None, numbers as written). */
const stringified = (value: unknown): string => (typeof value === 'string' ? value : pythonString(value));

/** A JSON Schema as GigaChat 3's template writes it (`json_schema_to_typescript`). */
function gigachatType(schema: unknown, indent: string): string {
  const spec = (typeof schema === 'object' && schema !== null ? schema : {}) as Record<string, unknown>;
  const type = spec.type;
  if (type === 'object') {
    const properties = (spec.properties ?? {}) as Record<string, Record<string, unknown>>;
    const required = Array.isArray(spec.required) ? spec.required : [];
    let text = '{\n';
    for (const [key, field] of Object.entries(properties)) {
      const value = (typeof field === 'object' && field !== null ? field : {}) as Record<string, unknown>;
      if (typeof value.description === 'string')
        for (const line of value.description.split('\n'))
          if (line.trim() !== '') text += `${indent}// ${line}\n`;
      for (const [extra, item] of Object.entries(value))
        if (commentKeys.includes(extra))
          text += `${indent}// ${extra}: ${typeof item === 'string' ? `"${item}"` : stringified(item)}\n`;
      text += `${indent}${key}${required.includes(key) ? '' : '?'}: ${gigachatType(value, `${indent}  `)},`;
      const fallback = value.default ?? value.defalut_value;
      if (fallback !== undefined)
        text +=
          typeof fallback === 'string'
            ? ` // default: "${fallback}"`
            : ` // default: ${stringified(fallback)}`;
      text += '\n';
    }
    const additional = spec.additionalProperties;
    const additionalType =
      additional === true
        ? { type: 'any' }
        : typeof additional === 'object' && additional !== null
          ? additional
          : undefined;
    if (additionalType !== undefined)
      text += `${indent}[key: string]: ${gigachatType(additionalType, `${indent}  `)}\n`;
    return `${text}${indent.slice(0, Math.max(0, indent.length - 2))}}`;
  }
  if (type === 'string') {
    if (Array.isArray(spec.enum) && spec.enum.length > 0)
      return spec.enum.map((item) => `"${String(item)}"`).join(' | ');
    return spec.format === 'date-time' || spec.format === 'date' ? 'Date' : 'string';
  }
  if (type === 'number' || type === 'integer')
    return Array.isArray(spec.enum) && spec.enum.length > 0
      ? spec.enum.map(stringified).join(' | ')
      : 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'array')
    return spec.items === undefined ? 'Array<any>' : `${gigachatType(spec.items, indent)}[]`;
  return 'any';
}

function gigachatTool(tool: ToolDefinition): string {
  const lines = (tool.description ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `// ${line}`);
  const parameters = tool.parameters as { properties?: Record<string, unknown> };
  const hasProperties = parameters.properties !== undefined && Object.keys(parameters.properties).length > 0;
  const signature = hasProperties ? `(_: ${gigachatType(tool.parameters, '  ')})` : '()';
  return [...lines, `type ${tool.name} = ${signature} => any;\n`].join('\n');
}

/** The `function descriptions` turn's text: the tools as a TypeScript namespace. */
export function gigachat3Section(tools: readonly ToolDefinition[]): string {
  return `${['namespace functions {', ...tools.map(gigachatTool), '} // namespace functions'].join('\n')}\n\n`;
}

/**
 * GigaChat 3: the tools as a TypeScript namespace in a `function descriptions` turn right after the
 * system turn (a request has no such role, so the system text closes its turn and opens that one;
 * the template closes it), one call as a `function call` turn of `{"name": …, "arguments": …}` after
 * the assistant text (the template prints only the first call of a message; the parser reads the
 * same turn), results stay tool messages (printed as `function result` turns). Source: ai-sage's
 * template (llama.cpp `ai-sage-GigaChat3-10B-A1.8B.jinja`).
 */
export const gigachat3Renderer: ToolPromptRenderer = {
  placement: 'system',
  section: gigachat3Section,
  join: (section, text) => `${text ?? ''}<|message_sep|>\n\nfunction descriptions<|role_sep|>\n${section}`,
  call: (call) => `{"name": "${call.name}", "arguments": ${pythonJson(call.input)}}`,
  // Each call in a `function call` turn of its own (the template has room for one per message).
  assistant: (text, calls) =>
    `${text}${calls.map((call) => `<|message_sep|>\n\nfunction call<|role_sep|>\n${call}`).join('')}`,
  results: 'tool',
};
