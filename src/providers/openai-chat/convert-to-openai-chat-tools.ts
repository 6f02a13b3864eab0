import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { ToolChoice } from '../provider-converter.js';
import {
  checkToolChoice,
  type OpenAIToolOptions,
  openAIToolParameters,
} from '../shared/openai-tool-parameters.js';
import type { OpenAIChatFunctionTool, OpenAIChatToolChoice } from './openai-chat-api.js';

/** Input of `convertToOpenAIChatTools`: the canonical tool fields plus the strict-mode options. */
export interface ConvertToOpenAIChatToolsOptions extends OpenAIToolOptions {
  readonly tools?: readonly ToolDefinition[];
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
  /** Warnings are pushed here. */
  readonly warnings: Warning[];
}

/** The request fields `convertToOpenAIChatTools` writes (each only when there is something to say). */
export interface OpenAIChatToolFields {
  tools?: OpenAIChatFunctionTool[];
  tool_choice?: OpenAIChatToolChoice;
  parallel_tool_calls?: boolean;
}

/**
 * Canonical tools → Chat Completions `tools` (`{type: "function", function: {name, description?,
 * parameters, strict?}}`, in declaration order, schema keys as given: stable bytes for prompt caches,
 * H13), `tool_choice` (`auto` / `none` / `required` / `{type: "function", function: {name}}`) and
 * `parallel_tool_calls`. With `strict: true` each schema is rewritten for strict mode
 * (`convertToOpenAIStrictSchema`). Names OpenAI refuses are reported, not dropped.
 *
 * @throws {ToolwireError} code `unsupported` with `strict: true, onUnsupported: "throw"`.
 * @see https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools
 */
export function convertToOpenAIChatTools(options: ConvertToOpenAIChatToolsOptions): OpenAIChatToolFields {
  const { tools, toolChoice, parallelToolCalls, warnings } = options;
  const fields: OpenAIChatToolFields = {};
  if (tools !== undefined && tools.length > 0) {
    fields.tools = tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description === undefined ? {} : { description: tool.description }),
        parameters: openAIToolParameters(tool, options, 'OpenAI Chat', warnings),
        ...(options.strict === true ? { strict: true } : {}),
      },
    }));
  }
  if (toolChoice !== undefined) {
    checkToolChoice(toolChoice, tools, warnings);
    fields.tool_choice =
      toolChoice.type === 'tool'
        ? { type: 'function', function: { name: toolChoice.toolName } }
        : toolChoice.type;
  }
  if (parallelToolCalls !== undefined) fields.parallel_tool_calls = parallelToolCalls;
  return fields;
}
