import { noteEnd, turnContext, turnHeaders } from '../core/answer-turn.js';
import { newCallId } from '../core/call-id.js';
import { refuseMediaForTextPrompt } from '../core/media-support.js';
import { findModel, type RouteContext } from '../core/route-context.js';
import { runTurn } from '../core/run-turn.js';
import type { TurnEvent } from '../core/turn-event.js';
import { GatewayError } from '../http/gateway-error.js';
import type { NoticeOnce } from '../http/notice-once.js';
import { type SseEvent, sseBody } from '../http/sse-response.js';
import { readResponsesRequest } from './read-responses-request.js';
import { ResponseEventWriter } from './response-events.js';
import type { ResponseStore } from './response-store.js';

/** What the Responses routes need from the gateway: the Chat route's context and the store. */
export interface ResponsesRouteContext extends RouteContext {
  readonly store: ResponseStore;
  /** Notes what a request asks for that adds nothing (`include` values), once per gateway. */
  readonly noticeOnce: NoticeOnce;
}

/**
 * `POST /v1/responses`: reads the body (`readResponsesRequest`), runs the turn on the gateway core,
 * answers a `response` object whole or as the Responses event stream (`ResponseEventWriter`), and
 * keeps the response (for `previous_response_id`, `item_reference`, `GET` and `DELETE`) unless
 * `store` is false. Failures before the first
 * event are answered with their status in OpenAI's error shape; a failure mid-stream ends the stream
 * with an `error` event and `response.failed`.
 */
export async function responsesRoute(body: unknown, route: ResponsesRouteContext): Promise<Response> {
  const { record, store } = route;
  const request = readResponsesRequest(
    body,
    { response: (id) => store.get(id), item: (id) => store.item(id) },
    route.notice,
    route.noticeOnce,
  );
  const { turn: turnRequest } = request;
  record.model = turnRequest.model;
  record.stream = turnRequest.stream;
  const model = findModel(route.models, turnRequest.model);
  refuseMediaForTextPrompt(turnRequest.messages, model, 'input');
  const meta = {
    id: newCallId('resp_'),
    createdAt: Math.floor(Date.now() / 1000),
    model: turnRequest.model,
    echo: request.echo,
  };
  const writer = new ResponseEventWriter(meta, request.customTools);
  const turn = runTurn(turnRequest, turnContext(route, model));
  const ended = (end: Extract<TurnEvent, { type: 'end' }>) => {
    noteEnd(record, end);
    const response = writer.response;
    if (request.store && response !== undefined) {
      store.put(meta.id, {
        previous: request.previous,
        input: request.input,
        output: writer.output,
        response,
      });
    }
  };
  const headers = () => turnHeaders(record);
  if (!turnRequest.stream) {
    for await (const event of turn) {
      writer.write(event);
      if (event.type === 'end') ended(event);
    }
    record.firstByteSent();
    route.done();
    return Response.json(writer.response, { headers: headers() });
  }
  // The first event is awaited before answering, so a turn that fails at once (backend down, a rule
  // broken on a backend without grammars) gets its status, not a stream that fails.
  let pending: IteratorResult<TurnEvent> | undefined = await turn.next();
  record.firstByteSent();
  let opening: SseEvent[] | undefined = writer.start();
  let finished = false;
  const failure = (error: unknown) => {
    const failed =
      error instanceof GatewayError
        ? error
        : new GatewayError(500, 'server_error', 'internal_error', 'internal error');
    record.error = failed.code;
    return writer.fail(failed);
  };
  const stream = sseBody({
    async next() {
      if (finished) return undefined;
      const events = opening ?? [];
      opening = undefined;
      let result: IteratorResult<TurnEvent>;
      try {
        result = pending ?? (await turn.next());
      } catch (error) {
        finished = true;
        return [...events, ...failure(error)];
      }
      pending = undefined;
      if (result.done) {
        finished = true;
        return events;
      }
      events.push(...writer.write(result.value));
      if (result.value.type === 'end') ended(result.value);
      return events;
    },
    errorEvent(error) {
      return failure(error).at(-1) as SseEvent;
    },
    close(reason) {
      if (reason === 'cancelled') {
        record.error = 'client_closed';
        void turn.return(undefined);
      }
      route.done();
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...headers(),
    },
  });
}
