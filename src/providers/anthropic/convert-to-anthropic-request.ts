import type { CanonicalRequest, Converted } from '../provider-converter.js';
import { ConversionContext, type ConverterOptions } from '../shared/conversion-context.js';
import type { AnthropicRequest } from './anthropic-api.js';
import { convertToAnthropicMessages } from './convert-to-anthropic-messages.js';
import { convertToAnthropicTools } from './convert-to-anthropic-tools.js';

/**
 * `max_tokens` when the request gives no `maxOutputTokens`: the API requires the field, and 4096 is
 * within every current Claude model's output limit.
 */
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

/**
 * A canonical request → an Anthropic Messages request body (non-streaming; add `stream: true` to
 * stream). Keys in a fixed order (`model`, `max_tokens`, `system`, `messages`, `tools`, `tool_choice`,
 * `temperature`), tools in declaration order, schemas as given: the same request gives the same bytes.
 * A missing `model` is written as `""` and a missing `maxOutputTokens` as 4096, each with a warning; a
 * history with tool blocks but no tools gets a warning too (Anthropic rejects it; only the caller knows
 * the tools).
 * @throws {ToolwireError} code `unsupported` with `onUnsupported: 'throw'` (see `ConverterOptions`).
 */
export function convertToAnthropicRequest(
  request: CanonicalRequest,
  options: ConverterOptions = {},
): Converted<AnthropicRequest> {
  const context = new ConversionContext(options.onUnsupported);
  if (request.model === undefined) context.other('no model given: "model" is ""');
  if (request.maxOutputTokens === undefined) {
    context.compatibility(
      'max_tokens',
      `no maxOutputTokens given: "max_tokens" is ${ANTHROPIC_DEFAULT_MAX_TOKENS}`,
    );
  }
  const { system, messages, hasToolBlocks } = convertToAnthropicMessages(request.messages, context);
  const tools = convertToAnthropicTools(request, context);
  if (hasToolBlocks && tools.tools === undefined) {
    // Anthropic rejects such a request (litellm #5747 / #5388; providers.md §3(g)); the tools are the caller's.
    context.other(
      'the history holds tool_use / tool_result blocks but no tools are sent; Anthropic rejects that',
    );
  }
  const value: AnthropicRequest = {
    model: request.model ?? '',
    max_tokens: request.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    ...(system === undefined ? {} : { system }),
    messages,
    ...tools,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
  };
  return { value, warnings: context.warnings };
}
