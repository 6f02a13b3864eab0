import type { ToolDefinition } from '../../types/tool.js';
import type { ToolChoice } from '../provider-converter.js';
import type { ConversionContext } from '../shared/conversion-context.js';
import { toObjectRootSchema } from '../shared/object-root-schema.js';
import type { BedrockDocument, BedrockRequest, BedrockTool, BedrockToolChoice } from './bedrock-api.js';

/** Bedrock's tool name rule (`[a-zA-Z0-9_-]+`, 1 to 64 characters; API_runtime_ToolSpecification). */
const toolNamePattern = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The tool toolwire sends when a request has no tools but its history holds `toolUse` / `toolResult`
 * blocks: Bedrock then rejects the request ("The toolConfig field must be defined when using toolUse
 * and toolResult content blocks", providers.md §5(g), vercel/ai PR #7537). toolwire keeps the history
 * whole and sends this one tool, instead of flattening the tool blocks to text as the AI SDK does; its
 * description tells the model not to call it. `convertFromBedrockRequest` drops it again.
 */
export const BEDROCK_PLACEHOLDER_TOOL: BedrockTool = {
  toolSpec: {
    name: 'toolwire_no_tools',
    description: 'Placeholder: this request offers no tools. Do not call it.',
    inputSchema: { json: { type: 'object', properties: {} } },
  },
};

/**
 * Tools and tool choice → Converse `toolConfig`.
 *
 * - `tools[].toolSpec` `{ name, description?, inputSchema: { json } }` in declaration order, the schema
 *   through `toObjectRootSchema`, keys as given (H13). An empty `description` is left out (Bedrock wants
 *   at least one character). A name outside `[a-zA-Z0-9_-]{1,64}` is sent with an `unsupported` warning.
 * - `toolChoice`: `auto` → `{auto: {}}`, `required` → `{any: {}}`, `tool` → `{tool: {name}}`. Converse
 *   has no `none`: the tools are not sent (`compatibility` warning). `parallelToolCalls` has no switch
 *   (`unsupported` warning when `false`).
 * - No tools but tool blocks in the history (`hasToolBlocks`): `{tools: [BEDROCK_PLACEHOLDER_TOOL]}`
 *   and a `compatibility` warning (H8).
 * @see https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolConfiguration.html
 */
export function convertToBedrockTools(
  options: {
    readonly tools?: readonly ToolDefinition[];
    readonly toolChoice?: ToolChoice;
    readonly parallelToolCalls?: boolean;
  },
  hasToolBlocks: boolean,
  context: ConversionContext,
): BedrockRequest['toolConfig'] {
  if (options.parallelToolCalls === false) {
    context.unsupported('parallelToolCalls', 'Converse has no switch for one call per turn; not sent');
  }
  const choice = options.toolChoice;
  let tools = options.tools ?? [];
  if (choice?.type === 'none' && tools.length > 0) {
    context.compatibility('toolChoice', 'Converse has no "none": the tools are not sent');
    tools = [];
  }
  if (tools.length === 0) {
    if (!hasToolBlocks) return undefined;
    context.compatibility(
      'toolConfig',
      `the history holds tool blocks and no tools are sent: placeholder tool "${BEDROCK_PLACEHOLDER_TOOL.toolSpec.name}" keeps toolConfig`,
    );
    return { tools: [BEDROCK_PLACEHOLDER_TOOL] };
  }
  const converted = tools.map((tool): BedrockTool => {
    if (!toolNamePattern.test(tool.name)) {
      context.unsupported('tool name', `"${tool.name}" does not match [a-zA-Z0-9_-]{1,64}`);
    }
    const json = toObjectRootSchema(tool.parameters, tool.name, context) as {
      [key: string]: BedrockDocument;
    };
    return {
      toolSpec:
        tool.description === undefined || tool.description === ''
          ? { name: tool.name, inputSchema: { json } }
          : { name: tool.name, description: tool.description, inputSchema: { json } },
    };
  });
  const toolChoice: BedrockToolChoice | undefined =
    choice === undefined || choice.type === 'none'
      ? undefined
      : choice.type === 'auto'
        ? { auto: {} }
        : choice.type === 'required'
          ? { any: {} }
          : { tool: { name: choice.toolName } };
  return toolChoice === undefined ? { tools: converted } : { tools: converted, toolChoice };
}
