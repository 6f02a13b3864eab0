import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { ToolChoice } from '../provider-converter.js';
import { objectSchema } from '../shared/object-schema.js';
import { convertToOllamaSchema, type OllamaSchemaOptions } from './convert-to-ollama-schema.js';
import type { OllamaTool } from './ollama-api.js';

/**
 * Tools as Ollama spells them (`{type: "function", function: {name, description?, parameters}}`, in
 * declaration order, H13), each schema checked by `convertToOllamaSchema`. Ollama has no `tool_choice`
 * and no parallel-call switch, so they are emulated where possible and reported:
 *
 * - `auto`: nothing to send. `none`: the tools are not sent (`compatibility`).
 * - `tool` (one named tool): only that tool is sent (`compatibility`: the model may still answer in text).
 * - `required`: cannot be expressed (`unsupported`); the tools are sent.
 * - `parallelToolCalls: false`: cannot be expressed (`unsupported`).
 */
export function convertToOllamaTools(options: {
  readonly tools: readonly ToolDefinition[] | undefined;
  readonly toolChoice: ToolChoice | undefined;
  readonly parallelToolCalls: boolean | undefined;
  readonly onUnsupported?: OllamaSchemaOptions['onUnsupported'];
  readonly warnings: Warning[];
}): OllamaTool[] | undefined {
  const { toolChoice, warnings } = options;
  let tools = options.tools ?? [];
  if (options.parallelToolCalls === false) {
    warnings.push({
      type: 'unsupported',
      feature: 'parallelToolCalls',
      details: 'ollama has no switch for parallel tool calls',
    });
  }
  if (toolChoice?.type === 'none') {
    if (tools.length > 0) {
      warnings.push({
        type: 'compatibility',
        feature: 'toolChoice none',
        details: 'ollama has no tool_choice; the tools are not sent',
      });
    }
    return undefined;
  }
  if (toolChoice?.type === 'required') {
    warnings.push({
      type: 'unsupported',
      feature: 'toolChoice required',
      details: 'ollama cannot force a tool call; the tools are sent as for auto',
    });
  } else if (toolChoice?.type === 'tool') {
    const only = tools.filter((tool) => tool.name === toolChoice.toolName);
    warnings.push({
      type: 'compatibility',
      feature: 'toolChoice tool',
      details:
        only.length > 0
          ? `ollama has no tool_choice; only ${toolChoice.toolName} is sent (the model may still answer in text)`
          : `ollama has no tool_choice and ${toolChoice.toolName} is not among the tools; all tools are sent`,
    });
    if (only.length > 0) tools = only;
  }
  if (tools.length === 0) return undefined;
  return tools.map((tool) => {
    const checked = convertToOllamaSchema(tool.parameters, {
      toolName: tool.name,
      ...(options.onUnsupported === undefined ? {} : { onUnsupported: options.onUnsupported }),
    });
    warnings.push(...checked.warnings);
    return {
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: objectSchema(checked.schema),
      },
    };
  });
}
