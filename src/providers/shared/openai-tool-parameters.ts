import type { ToolDefinition } from '../../types/tool.js';
import type { Warning } from '../../types/warning.js';
import type { ToolChoice } from '../provider-converter.js';
import { convertToOpenAIStrictSchema, type OnUnsupported } from './convert-to-openai-strict-schema.js';

/**
 * Options of the OpenAI tool converters (Chat and Responses):
 * - `strict` — `true` sends `strict: true` with each schema rewritten by `convertToOpenAIStrictSchema`;
 *   default `false` (Chat: no `strict` field; Responses: `strict: false` written explicitly, since the
 *   Responses API may default it to true, providers.md §2(a)).
 * - `onUnsupported` — what strict mode does with a keyword it cannot take (`"warn"`, default, or `"throw"`).
 */
export interface OpenAIToolOptions {
  readonly strict?: boolean;
  readonly onUnsupported?: OnUnsupported;
}

/** OpenAI's function-name rule (providers.md §1(a)). */
const NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A tool's `parameters` as an OpenAI tool carries it: the schema as given (same key order, same object),
 * or its strict rewrite. A name OpenAI refuses and a non-object schema are reported, never dropped:
 * the tool is still sent (a boolean schema as `{type: "object", properties: {}}`).
 */
export function openAIToolParameters(
  tool: ToolDefinition,
  options: OpenAIToolOptions,
  provider: string,
  warnings: Warning[],
): Record<string, unknown> {
  if (!NAME_PATTERN.test(tool.name)) {
    warnings.push({
      type: 'unsupported',
      feature: 'tool name',
      details: `tool ${JSON.stringify(tool.name)}: ${provider} accepts names of 1-64 characters a-z A-Z 0-9 _ - only; sent as given`,
    });
  }
  if (options.strict === true) {
    const converted = convertToOpenAIStrictSchema(tool.parameters, {
      toolName: tool.name,
      ...(options.onUnsupported === undefined ? {} : { onUnsupported: options.onUnsupported }),
    });
    warnings.push(...converted.warnings);
    return converted.value;
  }
  const parameters = tool.parameters;
  if (typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters)) {
    return parameters as Record<string, unknown>;
  }
  warnings.push({
    type: 'compatibility',
    feature: 'boolean parameters schema',
    details: `tool ${tool.name}: sent as {"type":"object","properties":{}}`,
  });
  return { type: 'object', properties: {} };
}

/** Warns when a named `toolChoice` names no given tool (the request would be refused). */
export function checkToolChoice(
  toolChoice: ToolChoice | undefined,
  tools: readonly ToolDefinition[] | undefined,
  warnings: Warning[],
): void {
  if (toolChoice?.type !== 'tool') return;
  if (tools?.some((tool) => tool.name === toolChoice.toolName)) return;
  warnings.push({
    type: 'other',
    message: `toolChoice names ${JSON.stringify(toolChoice.toolName)}, which is not among the tools`,
  });
}
