import { ToolwireError } from '../../errors/toolwire-error.js';
import { describe } from '../../internal/describe-value.js';
import type { CanonicalRequest, CanonicalResponse, ProviderConverter } from '../provider-converter.js';
import { checkMessageShapes } from './check-message-shapes.js';

const toolChoiceTypes: ReadonlySet<unknown> = new Set(['auto', 'none', 'required', 'tool']);

/**
 * Checks a canonical request before a converter writes it: an object whose `messages` have the canonical
 * shape (`checkMessageShapes`), `tools` an array of objects with a string `name`, `toolChoice` one of
 * `{type: 'auto' | 'none' | 'required'}` or `{type: 'tool', toolName}` (the AI SDK's call-option shape; a
 * bare string such as `'none'` is refused rather than read differently by each provider). Canonical
 * requests are developer input: a wrong shape is API misuse.
 *
 * @throws {ToolwireError} code `invalid_argument`, naming the first misfit.
 */
export function checkCanonicalRequest(request: unknown): asserts request is CanonicalRequest {
  const fail = (message: string): never => {
    throw new ToolwireError('invalid_argument', message);
  };
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    fail(`a canonical request is an object {messages, tools?, toolChoice?, ...}, got ${describe(request)}`);
  const { messages, tools, toolChoice } = request as Record<string, unknown>;
  checkMessageShapes(messages);
  if (tools !== undefined) {
    if (!Array.isArray(tools)) fail(`tools must be an array, got ${describe(tools)}`);
    (tools as unknown[]).forEach((tool, index) => {
      if (typeof (tool as { name?: unknown } | null)?.name !== 'string')
        fail(`tools[${index}] must be a tool object with a string name`);
    });
  }
  if (toolChoice !== undefined) {
    const choice = toolChoice as { type?: unknown; toolName?: unknown } | null;
    if (
      typeof choice !== 'object' ||
      choice === null ||
      !toolChoiceTypes.has(choice.type) ||
      (choice.type === 'tool' && typeof choice.toolName !== 'string')
    )
      fail(
        `toolChoice must be {type: 'auto' | 'none' | 'required'} or {type: 'tool', toolName}, got ${JSON.stringify(toolChoice) ?? describe(toolChoice)}`,
      );
  }
}

/**
 * Checks a canonical response before a converter writes it: an object whose `message` is an assistant
 * message of the canonical shape and whose `finishReason` is an object.
 *
 * @throws {ToolwireError} code `invalid_argument`, naming the first misfit.
 */
export function checkCanonicalResponse(response: unknown): asserts response is CanonicalResponse {
  const record = response as { message?: { role?: unknown }; finishReason?: unknown } | null;
  if (typeof record !== 'object' || record === null || record.message?.role !== 'assistant')
    throw new ToolwireError(
      'invalid_argument',
      'a canonical response is an object {message: an assistant message, finishReason, ...}',
    );
  checkMessageShapes([record.message]);
  if (typeof record.finishReason !== 'object' || record.finishReason === null)
    throw new ToolwireError('invalid_argument', 'a canonical response needs finishReason: {unified, raw?}');
}

/**
 * The converter with its writers guarded by `checkCanonicalRequest` / `checkCanonicalResponse`, so every
 * provider answers a malformed canonical input with the same typed error instead of a `TypeError` from
 * deep inside its writer. Readers are lenient on their own and are passed through.
 */
export function checkedConverter<Request, Response>(
  converter: ProviderConverter<Request, Response>,
): ProviderConverter<Request, Response> {
  return {
    ...converter,
    toRequest: (request) => {
      checkCanonicalRequest(request);
      return converter.toRequest(request);
    },
    toResponse: (response) => {
      checkCanonicalResponse(response);
      return converter.toResponse(response);
    },
  };
}
