import type { InvalidToolCallPart } from '../../types/message.js';
import type { Warning } from '../../types/warning.js';

/**
 * What a writer does with a `tool-call-invalid` part (H10): one with an id and a name is sent as a call
 * with `{}` arguments (so the result that answers it stays paired) plus a warning; one without either is
 * skipped with a warning (its result, if any, is the history repair's business: `repairHistory`).
 */
export function invalidCallToWrite(
  part: InvalidToolCallPart,
  provider: string,
  warnings: Warning[],
): { readonly id: string; readonly name: string } | undefined {
  if (
    part.toolCallId !== undefined &&
    part.toolCallId !== '' &&
    part.toolName !== undefined &&
    part.toolName !== ''
  ) {
    warnings.push({
      type: 'compatibility',
      feature: 'tool-call-invalid',
      details: `${provider}: the invalid call ${part.toolCallId} (${part.toolName}) is sent with {} arguments; its raw text is not sent`,
    });
    return { id: part.toolCallId, name: part.toolName };
  }
  warnings.push({
    type: 'unsupported',
    feature: 'tool-call-invalid',
    details: `${provider}: an invalid call without ${part.toolCallId ? 'a name' : 'an id'} cannot be sent and was skipped`,
  });
  return undefined;
}
