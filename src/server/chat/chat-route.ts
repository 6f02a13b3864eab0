import type { ResolvedModel, TurnContext } from '../core/run-turn.js';
import { runTurn, runTurnBatches } from '../core/run-turn.js';
import type { TurnEvent } from '../core/turn-event.js';
import { badField, errorBody, GatewayError } from '../http/gateway-error.js';
import type { RequestRecord } from '../http/request-record.js';
import { type SseEvent, sseBody } from '../http/sse-response.js';
import { ChatChunkWriter } from './chat-chunks.js';
import { chatCompletion } from './chat-completion.js';
import { readChatRequest } from './read-chat-request.js';

/** What the Chat Completions route needs from the gateway. */
export interface RouteContext {
  readonly models: ReadonlyMap<string, ResolvedModel>;
  readonly record: RequestRecord;
  readonly notice: (message: string) => void;
  /** Aborted when the client goes away or the gateway shuts down. */
  readonly signal: AbortSignal;
  /** Called once when the answer has been sent whole (or abandoned). */
  readonly done: () => void;
}

/** Looks up the model a request names; 404 `model_not_found` in OpenAI's shape when none. */
export function findModel(models: ReadonlyMap<string, ResolvedModel>, name: string): ResolvedModel {
  const model = models.get(name);
  if (model === undefined) {
    throw new GatewayError(
      404,
      'invalid_request_error',
      'model_not_found',
      `The model "${name}" does not exist on this gateway`,
      'model',
    );
  }
  return model;
}

/**
 * `POST /v1/chat/completions`: reads the body, runs the turn, answers whole or as an SSE stream of
 * `chat.completion.chunk`s ending in `data: [DONE]`. Failures before the first chunk are answered with
 * their status; a failure mid-stream ends the stream with a `data: {"error": ...}` event.
 */
export async function chatRoute(body: unknown, route: RouteContext): Promise<Response> {
  const request = readChatRequest(body);
  const { record } = route;
  record.model = request.model;
  record.stream = request.stream;
  const model = findModel(route.models, request.model);
  if (request.params.seed !== undefined && !model.backend.capabilities.seed) {
    throw badField(
      'seed',
      `"seed" is not supported by the backend of "${model.name}"`,
      'unsupported_parameter',
    );
  }
  const context: TurnContext = {
    model,
    signal: route.signal,
    notice: route.notice,
    onHistoryRepairs: (changes) => {
      record.historyRepairs = changes;
    },
  };
  const meta = {
    id: `chatcmpl-${crypto.randomUUID().replaceAll('-', '')}`,
    created: Math.floor(Date.now() / 1000),
    model: request.model,
  };
  const headers = () => ({
    'x-request-id': record.id,
    'x-toolwire-history-repairs': String(record.historyRepairs ?? 0),
  });
  if (!request.stream) {
    const { body: answer, end } = await chatCompletion(runTurn(request, context), meta);
    noteEnd(record, end);
    record.firstByteSent();
    route.done();
    return Response.json(answer, { headers: headers() });
  }
  const writer = new ChatChunkWriter(meta, request.includeUsage);
  // In batches: the events of one backend read go out in one write.
  const turn = runTurnBatches(request, context);
  const first = await turn.next();
  record.firstByteSent();
  let pending: IteratorResult<readonly TurnEvent[]> | undefined = first;
  const body_ = sseBody({
    async next() {
      const result = pending ?? (await turn.next());
      pending = undefined;
      if (result.done) return undefined;
      const events: SseEvent[] = [];
      for (const event of result.value) {
        if (event.type === 'end') noteEnd(record, event);
        for (const data of writer.write(event)) events.push({ data });
      }
      return events;
    },
    errorEvent(error) {
      const failure =
        error instanceof GatewayError
          ? error
          : new GatewayError(500, 'server_error', 'internal_error', 'internal error');
      record.error = failure.code;
      return { data: errorBody(failure) };
    },
    close(reason) {
      if (reason === 'cancelled') {
        record.error = 'client_closed';
        void turn.return(undefined);
      }
      route.done();
    },
    terminator: '[DONE]',
  });
  return new Response(body_, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...headers(),
    },
  });
}

function noteEnd(record: RequestRecord, end: Extract<TurnEvent, { type: 'end' }>): void {
  record.promptTokens = end.usage.promptTokens;
  record.completionTokens = end.usage.completionTokens;
  record.calls = end.stats.calls;
  record.invalidCalls = end.stats.invalidCalls;
}
