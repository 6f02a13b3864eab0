import { openaiChat, repairHistory } from '../../providers/index.js';
import { renderPrompt } from '../core/render-prompt.js';
import type { ResolvedModel } from '../core/run-turn.js';
import type { TurnRequest } from '../core/turn-request.js';
import { turnRules } from '../core/turn-rules.js';
import { estimateTokens } from './estimate-tokens.js';
import { type MessagesRouteContext, messagesTurn } from './messages-route.js';

/**
 * `POST /v1/messages/count_tokens`: `{"input_tokens": N}` for a Messages body (`max_tokens` not
 * needed), the prompt the model would be sent. For a raw-text backend that is the prompt rendered with
 * the model's chat template (history repaired and tools offered as a turn renders them); for an
 * `openai-chat-passthrough` backend, whose server renders its own template, the Chat request's
 * `messages` and `tools` as JSON. With the model's tokenizer (`GatewayModel.tokenCounter`, the config's
 * `tokenizer`) the count is the tokenizer's, and the answer says `x-toolwire-token-count: tokenizer`;
 * without one it is an estimate (`estimateTokens`), and the answer says `x-toolwire-token-count: estimated`.
 *
 * @throws {GatewayError} as `/v1/messages` for a bad body or model; 400 `template_refused` when the
 *   template refuses the conversation, 500 `template_error` when it fails.
 */
export function countTokensRoute(body: unknown, route: MessagesRouteContext): Response {
  const { request, model } = messagesTurn(body, route, true);
  const text = promptText(request.turn, model);
  const counter = model.tokenCounter;
  return Response.json(
    { input_tokens: counter === undefined ? estimateTokens(text) : counter.count(text) },
    {
      headers: {
        'x-request-id': route.record.id,
        'x-toolwire-token-count': counter === undefined ? 'estimated' : 'tokenizer',
      },
    },
  );
}

/** The text of the prompt `turn` would send to `model`'s backend. */
function promptText(turn: TurnRequest, model: ResolvedModel): string {
  const { messages } = repairHistory(turn.messages, {
    target: 'openai-chat',
    tools: turn.tools,
    policy: { resultOrder: 'calls', orphan: 'text' },
  });
  const tools = turnRules(turn).noCalls ? [] : turn.tools;
  if (model.backend.kind === 'openai-chat-passthrough') {
    const { value } = openaiChat.toRequest({ messages, ...(tools.length > 0 ? { tools } : {}) });
    return JSON.stringify({ messages: value.messages, tools: value.tools });
  }
  return renderPrompt(model, { messages, tools, toolChoice: turn.toolChoice });
}
