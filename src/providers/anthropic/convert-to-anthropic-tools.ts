import type { ToolDefinition } from '../../types/tool.js';
import type { ToolChoice } from '../provider-converter.js';
import type { ConversionContext } from '../shared/conversion-context.js';
import { toObjectRootSchema } from '../shared/object-root-schema.js';
import type { AnthropicTool, AnthropicToolChoice } from './anthropic-api.js';

/** Anthropic's tool name rule (`^[a-zA-Z0-9_-]{1,128}$`; define-tools). */
const toolNamePattern = /^[a-zA-Z0-9_-]{1,128}$/;

/**
 * Tools and tool choice → Anthropic `tools` and `tool_choice`.
 *
 * - Tools in declaration order, `{ name, description?, input_schema }`; the schema through
 *   `toObjectRootSchema` (an object schema at the root), its keys in the given order (H13, stable bytes).
 *   A name outside `^[a-zA-Z0-9_-]{1,128}$` is sent as given with an `unsupported` warning (renaming is
 *   `repairHistory`'s job, which keeps a reversible map).
 * - `toolChoice`: `auto` → `{type: "auto"}`, `none` → `{type: "none"}`, `required` → `{type: "any"}`,
 *   `tool` → `{type: "tool", name}`. `parallelToolCalls: false` → `disable_parallel_tool_use: true` on it
 *   (`{type: "auto"}` when no choice was given; nothing on `none`, which allows no call at all).
 * @see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use
 */
export function convertToAnthropicTools(
  options: {
    readonly tools?: readonly ToolDefinition[];
    readonly toolChoice?: ToolChoice;
    readonly parallelToolCalls?: boolean;
  },
  context: ConversionContext,
): { tools?: AnthropicTool[]; tool_choice?: AnthropicToolChoice } {
  const result: { tools?: AnthropicTool[]; tool_choice?: AnthropicToolChoice } = {};
  if (options.tools !== undefined && options.tools.length > 0) {
    result.tools = options.tools.map((tool) => {
      if (!toolNamePattern.test(tool.name)) {
        context.unsupported('tool name', `"${tool.name}" does not match ^[a-zA-Z0-9_-]{1,128}$`);
      }
      const input_schema = toObjectRootSchema(tool.parameters, tool.name, context);
      return tool.description === undefined
        ? { name: tool.name, input_schema }
        : { name: tool.name, description: tool.description, input_schema };
    });
  }
  const choice = options.toolChoice;
  const single = options.parallelToolCalls === false;
  if (choice === undefined) {
    if (single) result.tool_choice = { type: 'auto', disable_parallel_tool_use: true };
  } else if (choice.type === 'none') {
    result.tool_choice = { type: 'none' };
  } else {
    const parallel = single ? { disable_parallel_tool_use: true } : {};
    result.tool_choice =
      choice.type === 'tool'
        ? { type: 'tool', name: choice.toolName, ...parallel }
        : { type: choice.type === 'required' ? 'any' : 'auto', ...parallel };
  }
  return result;
}
