import { answerTurn } from '../core/answer-turn.js';
import { refuseContinueAtBackendTemplate } from '../core/continue-final.js';
import { refuseMediaForTextPrompt } from '../core/media-support.js';
import { findModel, type RouteContext } from '../core/route-context.js';
import type { ResolvedModel } from '../core/run-turn.js';
import { refuseUnsupportedSampling } from '../core/sampling-support.js';
import { loggable, type NoticeOnce } from '../http/notice-once.js';
import { noteAnthropicBetas } from './anthropic-beta.js';
import { anthropicErrorBody } from './anthropic-error.js';
import { MessagesEventWriter } from './messages-events.js';
import { messageMeta, messagesResponse } from './messages-response.js';
import { type MessagesRequest, readMessagesRequest } from './read-messages-request.js';

/** What the Messages routes need from the gateway. */
export interface MessagesRouteContext extends RouteContext {
  /** The request's headers (`anthropic-beta`, `anthropic-version`). */
  readonly headers: Headers;
  /** Notes ignored fields, tools and betas once per gateway. */
  readonly noticeOnce: NoticeOnce;
}

/**
 * Reads a Messages or `count_tokens` body, notes what it ignores, and finds its model.
 *
 * @throws {GatewayError} 400 for a bad body, `top_k` for a backend that does not take it
 *   (`openai-chat-passthrough`: hosted chat APIs refuse it), or images and documents for a backend that
 *   reads a rendered text prompt, or a prefill for a backend that renders its own template; 404 for an
 *   unknown model.
 */
export function messagesTurn(
  body: unknown,
  route: MessagesRouteContext,
  countTokens: boolean,
): { request: MessagesRequest; model: ResolvedModel } {
  noteAnthropicBetas(route.headers, route.noticeOnce);
  const request = readMessagesRequest(body, countTokens, route.notice);
  route.record.model = request.turn.model;
  const model = findModel(route.models, request.turn.model);
  refuseUnsupportedSampling(request.turn.params, model);
  refuseMediaForTextPrompt(request.turn.messages, model, 'messages');
  if (!countTokens) refuseContinueAtBackendTemplate(request.turn, model, 'messages');
  for (const field of request.ignoredFields) {
    const name = loggable(field);
    route.noticeOnce(`field:${name}`, `/v1/messages: "${name}" is not supported by this gateway; ignored`);
  }
  for (const tool of request.ignoredTools) {
    const named = `${loggable(tool.type)}${tool.name === undefined ? '' : ` (${loggable(tool.name)})`}`;
    route.noticeOnce(`tool:${named}`, `/v1/messages: tool ${named} is defined by Anthropic; left out`);
  }
  return { request, model };
}

/**
 * `POST /v1/messages`: reads the body, runs the turn, answers with a whole `message` or Anthropic's
 * event stream (see `MessagesEventWriter`). Failures before the first event are answered with their
 * status in Anthropic's error shape (a `tool_choice` / `disable_parallel_tool_use` violation on a
 * backend without grammars is 422 `invalid_request_error`); a failure mid-stream ends the stream with an
 * `error` event of the same shape.
 */
export async function messagesRoute(body: unknown, route: MessagesRouteContext): Promise<Response> {
  const { request, model } = messagesTurn(body, route, false);
  route.record.stream = request.turn.stream;
  const meta = messageMeta(request.turn.model);
  const writer = new MessagesEventWriter(meta);
  return answerTurn(request.turn, model, route, {
    whole: (events) => messagesResponse(events, meta),
    events: (event) => writer.write(event),
    errorEvent: (failure) => ({ event: 'error', data: anthropicErrorBody(failure) }),
  });
}
