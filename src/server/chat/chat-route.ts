import { answerTurn } from '../core/answer-turn.js';
import { refuseContinueAtBackendTemplate } from '../core/continue-final.js';
import { refuseMediaForTextPrompt } from '../core/media-support.js';
import { findModel, type RouteContext } from '../core/route-context.js';
import { refuseUnsupportedSampling } from '../core/sampling-support.js';
import { errorBody } from '../http/gateway-error.js';
import { ChatChunkWriter } from './chat-chunks.js';
import { chatCompletion } from './chat-completion.js';
import { readChatRequest } from './read-chat-request.js';

export { findModel, type RouteContext } from '../core/route-context.js';

/**
 * `POST /v1/chat/completions`: reads the body, runs the turn, answers whole or as an SSE stream of
 * `chat.completion.chunk`s ending in `data: [DONE]`. Failures before the first chunk are answered with
 * their status; a failure mid-stream ends the stream with a `data: {"error": ...}` event.
 */
export async function chatRoute(body: unknown, route: RouteContext): Promise<Response> {
  const request = readChatRequest(body, route.notice);
  const { record } = route;
  record.model = request.model;
  record.stream = request.stream;
  const model = findModel(route.models, request.model);
  refuseUnsupportedSampling(request.params, model);
  refuseMediaForTextPrompt(request.messages, model, 'messages');
  refuseContinueAtBackendTemplate(request, model, 'continue_final_message');
  const meta = {
    id: `chatcmpl-${crypto.randomUUID().replaceAll('-', '')}`,
    created: Math.floor(Date.now() / 1000),
    model: request.model,
  };
  const chunks = new ChatChunkWriter(meta, request.includeUsage, route.reasoningField);
  return answerTurn(request, model, route, {
    whole: (events) => chatCompletion(events, meta, route.reasoningField),
    events: (event) => chunks.write(event).map((data) => ({ data })),
    errorEvent: (failure) => ({ data: errorBody(failure) }),
    terminator: '[DONE]',
  });
}
