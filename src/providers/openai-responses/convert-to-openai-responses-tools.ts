import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { ToolChoice } from '../provider-converter.js';
import {
  checkToolChoice,
  type OpenAIToolOptions,
  openAIToolParameters,
} from '../shared/openai-tool-parameters.js';
import type { OpenAIResponsesFunctionTool, OpenAIResponsesToolChoice } from './openai-responses-api.js';

/** Input of `convertToOpenAIResponsesTools`: the canonical tool fields plus the strict-mode options. */
export interface ConvertToOpenAIResponsesToolsOptions extends OpenAIToolOptions {
  readonly tools?: readonly ToolDefinition[];
  readonly toolChoice?: ToolChoice;
  readonly parallelToolCalls?: boolean;
  /** Warnings are pushed here. */
  readonly warnings: Warning[];
}

/** The request fields `convertToOpenAIResponsesTools` writes (each only when there is something to say). */
export interface OpenAIResponsesToolFields {
  tools?: OpenAIResponsesFunctionTool[];
  tool_choice?: OpenAIResponsesToolChoice;
  parallel_tool_calls?: boolean;
}

/**
 * Canonical tools → Responses `tools` (flat `{type: "function", name, description?, parameters,
 * strict}`, in declaration order, schema keys as given: stable bytes, H13), `tool_choice` (`auto` /
 * `none` / `required` / `{type: "function", name}`) and `parallel_tool_calls`. `strict` is always
 * written: `false` by default (the API's own default may be true, which would reject ordinary
 * schemas, providers.md §2(a)), `true` with the schema rewritten by `convertToOpenAIStrictSchema`.
 *
 * @throws {ToolwireError} code `unsupported` with `strict: true, onUnsupported: "throw"`.
 * @see https://platform.openai.com/docs/guides/function-calling
 */
export function convertToOpenAIResponsesTools(
  options: ConvertToOpenAIResponsesToolsOptions,
): OpenAIResponsesToolFields {
  const { tools, toolChoice, parallelToolCalls, warnings } = options;
  const fields: OpenAIResponsesToolFields = {};
  if (tools !== undefined && tools.length > 0) {
    fields.tools = tools.map((tool) => ({
      type: 'function',
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: openAIToolParameters(tool, options, 'OpenAI Responses', warnings),
      strict: options.strict === true,
    }));
  }
  if (toolChoice !== undefined) {
    checkToolChoice(toolChoice, tools, warnings);
    fields.tool_choice =
      toolChoice.type === 'tool' ? { type: 'function', name: toolChoice.toolName } : toolChoice.type;
  }
  if (parallelToolCalls !== undefined) fields.parallel_tool_calls = parallelToolCalls;
  return fields;
}
