import { ToolwireError } from '../../errors/toolwire-error.js';
import { describe } from '../../internal/describe-value.js';
import type { AssistantMessage, AssistantPart } from '../../types/message.js';
import type { ParseResult } from '../../types/tool-call.js';

/** Options for {@link fromParseResult}. */
export interface FromParseResultOptions {
  /**
   * What to do with reasoning or content that is only whitespace:
   * - `'keep'`: Default. Kept as a part, as the model wrote it (only `''` is left out).
   * - `'omit'`: left out, as `''` is (providers reject blank text blocks: providers.md H12).
   */
  readonly blankText?: 'keep' | 'omit';
}

/**
 * Turns one parsed assistant turn (`parseToolCalls` / `EventCollector.result`) into a canonical
 * assistant message, parts in this order: the `reasoning` part, the `text` part (`content`), one
 * `tool-call` part per call in `toolCalls` order (`toolCallId` = `id`, `toolName` = `name`, `input` =
 * `arguments`), then one `tool-call-invalid` part per invalid call in `invalidToolCalls` order (its
 * `raw`, `error`, `issues`, and `toolCallId` / `toolName` when the call had them). A `ParseResult` keeps
 * calls and invalid calls in two lists, so their relative order in the text is not known; valid calls
 * come first. Empty reasoning and content are left out (see `blankText` for whitespace); a call's
 * `issues` and `flags` have no place in a canonical part and are not carried.
 *
 * Pure: the result shares no mutable state with its input beyond the arguments objects.
 *
 * @throws {ToolwireError} code `invalid_argument` when `result` is not a parse result (string `content`
 *   and `reasoning`, arrays `toolCalls` and `invalidToolCalls`) or `blankText` is not `'keep'` / `'omit'`.
 *
 * @example
 * fromParseResult({ format: 'hermes', content: 'Checking.', reasoning: '', invalidToolCalls: [],
 *   toolCalls: [{ id: 'call_0', name: 'get_weather', arguments: { city: 'Oslo' } }] })
 * // → { role: 'assistant', content: [{ type: 'text', text: 'Checking.' },
 * //     { type: 'tool-call', toolCallId: 'call_0', toolName: 'get_weather', input: { city: 'Oslo' } }] }
 */
export function fromParseResult(result: ParseResult, options?: FromParseResultOptions): AssistantMessage {
  checkArguments(result, options);
  const omitBlank = options?.blankText === 'omit';
  const keep = (text: string): boolean => text !== '' && !(omitBlank && text.trim() === '');
  const content: AssistantPart[] = [];
  if (keep(result.reasoning)) content.push({ type: 'reasoning', text: result.reasoning });
  if (keep(result.content)) content.push({ type: 'text', text: result.content });
  for (const call of result.toolCalls) {
    content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments });
  }
  for (const call of result.invalidToolCalls) {
    content.push({
      type: 'tool-call-invalid',
      ...(call.id === undefined ? {} : { toolCallId: call.id }),
      ...(call.name === undefined ? {} : { toolName: call.name }),
      raw: call.raw,
      error: call.error,
      issues: call.issues,
    });
  }
  return { role: 'assistant', content };
}

function checkArguments(result: ParseResult, options: FromParseResultOptions | undefined): void {
  const fields = result as Partial<Record<keyof ParseResult, unknown>> | null;
  if (
    typeof fields !== 'object' ||
    fields === null ||
    typeof fields.content !== 'string' ||
    typeof fields.reasoning !== 'string' ||
    !Array.isArray(fields.toolCalls) ||
    !Array.isArray(fields.invalidToolCalls)
  ) {
    throw new ToolwireError(
      'invalid_argument',
      `fromParseResult() takes a parse result ({ content, reasoning, toolCalls, invalidToolCalls }), got ${describe(result)}`,
    );
  }
  const blankText = options?.blankText;
  if (blankText !== undefined && blankText !== 'keep' && blankText !== 'omit') {
    throw new ToolwireError('invalid_argument', "options.blankText must be 'keep' or 'omit'");
  }
}
