import type { ToolDefinition } from '../../types/tool.js';
import type { ToolChoice } from '../provider-converter.js';
import { objectSchema } from '../shared/object-schema.js';
import type { MistralTool, MistralToolChoice } from './mistral-api.js';

/**
 * Tools and tool choice as Mistral spells them (OpenAI-like, providers.md §6a): `tools` in declaration
 * order (H13) with the JSON Schema as given (Mistral publishes no keyword subset; a boolean schema is
 * written as `{}` / `{"not": {}}`); `tool_choice` `auto` / `none` / `any` (= `required`: `any` is
 * Mistral's own name, as vercel/ai sends it) / `{type: "function", function: {name}}`;
 * `parallel_tool_calls` as given.
 */
export function convertToMistralTools(
  tools: readonly ToolDefinition[] | undefined,
  toolChoice: ToolChoice | undefined,
  parallelToolCalls: boolean | undefined,
): { tools?: MistralTool[]; tool_choice?: MistralToolChoice; parallel_tool_calls?: boolean } {
  const result: { tools?: MistralTool[]; tool_choice?: MistralToolChoice; parallel_tool_calls?: boolean } =
    {};
  if (tools !== undefined && tools.length > 0) {
    result.tools = tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: objectSchema(tool.parameters),
      },
    }));
  }
  if (toolChoice !== undefined) result.tool_choice = mistralToolChoice(toolChoice);
  if (parallelToolCalls !== undefined) result.parallel_tool_calls = parallelToolCalls;
  return result;
}

function mistralToolChoice(choice: ToolChoice): MistralToolChoice {
  switch (choice.type) {
    case 'auto':
      return 'auto';
    case 'none':
      return 'none';
    case 'required':
      return 'any';
    case 'tool':
      return { type: 'function', function: { name: choice.toolName } };
    default: {
      const unreachable: never = choice;
      throw new Error(`unhandled tool choice ${JSON.stringify(unreachable)}`);
    }
  }
}
