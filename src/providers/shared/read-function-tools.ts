import type { JSONSchema } from '../../types/json-schema.js';
import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import { isRecord } from './call-accumulator.js';

/**
 * `tools: [{type: "function", function: {name, description?, parameters}}]` (Mistral, Ollama) as tool
 * definitions, in order; a missing `parameters` is `{type: "object", properties: {}}`; other tool types
 * are reported and left out.
 */
export function readFunctionTools(value: unknown, provider: string, warnings: Warning[]): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  if (!Array.isArray(value)) return tools;
  for (const tool of value) {
    if (!isRecord(tool)) continue;
    const fn = tool.function;
    if (
      (tool.type !== undefined && tool.type !== 'function') ||
      !isRecord(fn) ||
      typeof fn.name !== 'string'
    ) {
      warnings.push({
        type: 'unsupported',
        feature: `${provider} tool ${String(tool.type)}`,
        details: 'only function tools have a canonical form; this tool was left out',
      });
      continue;
    }
    tools.push({
      name: fn.name,
      ...(typeof fn.description === 'string' ? { description: fn.description } : {}),
      parameters:
        isRecord(fn.parameters) || typeof fn.parameters === 'boolean'
          ? (fn.parameters as JSONSchema)
          : { type: 'object', properties: {} },
    });
  }
  return tools;
}
