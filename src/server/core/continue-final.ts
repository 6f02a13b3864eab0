import type { Message } from '../../types/index.js';
import { badField, GatewayError } from '../http/gateway-error.js';
import type { ResolvedModel } from './resolved-model.js';
import type { TurnRequest } from './turn-request.js';

/**
 * The text the answer continues when the conversation ends with an assistant message that holds text
 * and no tool call (Anthropic's prefill; vLLM's `continue_final_message`): the message's last text part,
 * trimmed at both ends (templates trim it). `undefined` when there is nothing to continue.
 */
export function finalAssistantText(messages: readonly Message[]): string | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return undefined;
  if (typeof last.content === 'string') return last.content.trim() || undefined;
  if (last.content.some((part) => part.type === 'tool-call' || part.type === 'tool-call-invalid'))
    return undefined;
  for (let at = last.content.length - 1; at >= 0; at--) {
    const part = last.content[at];
    if (part?.type === 'text') return part.text.trim() || undefined;
  }
  return undefined;
}

/**
 * `prompt` cut right after the last place it holds `text`: the template wrote the final assistant
 * message as a finished turn (and a generation prompt after it), and the model is to go on writing that
 * message instead, as transformers' `apply_chat_template(continue_final_message=True)` cuts it.
 *
 * @throws {GatewayError} 400 `invalid_value` (param `messages`) when the template does not write the
 *   text (a template that leaves out or rewrites the final assistant turn): the answer could not
 *   continue it.
 */
export function continuedPrompt(prompt: string, text: string, modelName: string): string {
  const at = prompt.lastIndexOf(text);
  if (at === -1) {
    throw new GatewayError(
      400,
      'invalid_request_error',
      'invalid_value',
      `the chat template of model "${modelName}" does not write the final assistant message's text, so the answer cannot continue it`,
      'messages',
    );
  }
  return prompt.slice(0, at + text.length);
}

/**
 * Refuses a request to continue the final assistant message (Anthropic's prefill; Chat's
 * `continue_final_message`) for a model whose backend renders its own template
 * (`openai-chat-passthrough`): the gateway cannot cut that prompt, and sending the message as a finished
 * turn would answer a different question without a word.
 *
 * @param param - the surface's field to name: `continue_final_message` (Chat) or `messages` (Messages).
 * @throws {GatewayError} 400 `unsupported_parameter`.
 */
export function refuseContinueAtBackendTemplate(
  request: TurnRequest,
  model: ResolvedModel,
  param: string,
): void {
  if (model.backend.kind !== 'openai-chat-passthrough' || request.continueFinal !== true) return;
  if (finalAssistantText(request.messages) === undefined) return;
  throw badField(
    param,
    `the backend of "${model.name}" renders its own chat template: a final assistant message cannot be continued there`,
    'unsupported_parameter',
  );
}
