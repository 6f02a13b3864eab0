import type { AssistantMessage, AssistantPart } from '../types/message.js';
import type { ParseResult } from '../types/tool-call.js';

/**
 * The assistant message of a parsed turn: a `reasoning` part (when there is reasoning), a `text` part
 * (when there is content), then one `tool-call` part per call and one `tool-call-invalid` part per
 * invalid call, in parse order; an invalid call without an id gets `invalid_N` (N its index among the
 * invalid calls), so its error result can be paired with it.
 *
 * Private to `tools/` until `providers/canonical/from-parse-result.ts` lands (the lead swaps this for it).
 */
export function parseResultMessage(result: ParseResult): AssistantMessage {
  const content: AssistantPart[] = [];
  if (result.reasoning !== '') content.push({ type: 'reasoning', text: result.reasoning });
  if (result.content !== '') content.push({ type: 'text', text: result.content });
  for (const call of result.toolCalls) {
    content.push({ type: 'tool-call', toolCallId: call.id, toolName: call.name, input: call.arguments });
  }
  result.invalidToolCalls.forEach((call, index) => {
    content.push({
      type: 'tool-call-invalid',
      toolCallId: call.id ?? `invalid_${index}`,
      ...(call.name === undefined ? {} : { toolName: call.name }),
      raw: call.raw,
      error: call.error,
      issues: call.issues,
    });
  });
  return { role: 'assistant', content };
}
