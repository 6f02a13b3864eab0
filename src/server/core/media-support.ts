import type { Message } from '../../types/index.js';
import { badField } from '../http/gateway-error.js';
import type { ResolvedModel } from './run-turn.js';

/**
 * Refuses a conversation with images or documents (a user's media part, a tool result's media item)
 * for a model whose backend reads a rendered text prompt (every kind but `openai-chat-passthrough`):
 * a chat template prints text only. The client's request is what cannot be served, so it is a 400
 * (`unsupported_content`) named by the surface's own field, `param` (`messages`, `input`), not the
 * template's failure.
 *
 * @throws {GatewayError} 400 `invalid_request_error`, code `unsupported_content`.
 */
export function refuseMediaForTextPrompt(
  messages: readonly Message[],
  model: ResolvedModel,
  param: string,
): void {
  if (model.backend.kind === 'openai-chat-passthrough' || !holdsMedia(messages)) return;
  throw badField(
    param,
    `the backend of "${model.name}" reads a text prompt: images and documents are not supported`,
    'unsupported_content',
  );
}

function holdsMedia(messages: readonly Message[]): boolean {
  return messages.some((message) => {
    if (message.role === 'user' && typeof message.content !== 'string')
      return message.content.some((part) => part.type !== 'text');
    if (message.role !== 'tool') return false;
    return message.content.some(
      (part) => part.output.type === 'content' && part.output.value.some((item) => item.type !== 'text'),
    );
  });
}
