import { GatewayError } from '../http/gateway-error.js';
import type { RequestRecord } from '../http/request-record.js';
import { type SseEvent, sseBody } from '../http/sse-response.js';
import type { RouteContext } from './route-context.js';
import { type ResolvedModel, runTurn, runTurnBatches, type TurnContext } from './run-turn.js';
import type { TurnEvent } from './turn-event.js';
import type { TurnRequest } from './turn-request.js';

type EndEvent = Extract<TurnEvent, { type: 'end' }>;

/** How one surface writes a turn's answer, whole and streamed. */
export interface TurnAnswerWriter {
  /** The whole answer's JSON body, from all the turn's events, and the turn's end. */
  whole(events: AsyncIterable<TurnEvent>): Promise<{ body: unknown; end: EndEvent }>;
  /** The SSE events of one turn event, in order from the turn's first event (none is fine). */
  events(event: TurnEvent): SseEvent[];
  /** The SSE event that reports a failure mid-stream, in the surface's error shape. */
  errorEvent(failure: GatewayError): SseEvent;
  /** Sent as `data: TERMINATOR` after the last event (`[DONE]` for OpenAI Chat); none when absent. */
  readonly terminator?: string;
}

/**
 * Runs `request`'s turn on `model` and answers it through `writer`: a JSON body when not streamed, else
 * an SSE stream pulled as the client reads. The first event is awaited before the answer starts, so a
 * failure before it (a bad template, a backend error, a rule broken on a backend without grammars) is
 * thrown and answered with its status; a failure after it ends the stream with `writer.errorEvent`
 * (errors other than `GatewayError` as 500 `internal_error`). Fills the request's log record (tokens,
 * calls, history repairs, `client_closed`) and sends `x-request-id` and `x-toolwire-history-repairs`.
 *
 * @throws {GatewayError} what `runTurn` throws before its first event.
 */
export async function answerTurn(
  request: TurnRequest,
  model: ResolvedModel,
  route: RouteContext,
  writer: TurnAnswerWriter,
): Promise<Response> {
  const { record } = route;
  const context = turnContext(route, model);
  const headers = () => turnHeaders(record);
  if (!request.stream) {
    const { body, end } = await writer.whole(runTurn(request, context));
    noteEnd(record, end);
    record.firstByteSent();
    route.done();
    return Response.json(body, { headers: headers() });
  }
  // In batches: the events of one backend read go out in one socket write, not one per token.
  const turn = runTurnBatches(request, context);
  const first = await turn.next();
  record.firstByteSent();
  let pending: IteratorResult<readonly TurnEvent[]> | undefined = first;
  const stream = sseBody({
    async next() {
      const result = pending ?? (await turn.next());
      pending = undefined;
      if (result.done) return undefined;
      const events: SseEvent[] = [];
      for (const event of result.value) {
        if (event.type === 'end') noteEnd(record, event);
        for (const sse of writer.events(event)) events.push(sse);
      }
      return events;
    },
    errorEvent(error) {
      const failure =
        error instanceof GatewayError
          ? error
          : new GatewayError(500, 'server_error', 'internal_error', 'internal error');
      record.error = failure.code;
      return writer.errorEvent(failure);
    },
    close(reason) {
      if (reason === 'cancelled') {
        record.error = 'client_closed';
        void turn.return(undefined);
      }
      route.done();
    },
    ...(writer.terminator === undefined ? {} : { terminator: writer.terminator }),
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...headers(),
    },
  });
}

/** The context a route runs a turn in: the request's signal and notices, its log line told of repairs. */
export function turnContext(route: RouteContext, model: ResolvedModel): TurnContext {
  return {
    model,
    signal: route.signal,
    notice: route.notice,
    maxAnswerCharacters: route.maxAnswerCharacters,
    onHistoryRepairs: (changes) => {
      route.record.historyRepairs = changes;
    },
    onGrammarWarnings: (warnings) => {
      route.record.grammarWarnings = warnings;
    },
  };
}

/** How many bytes of grammar warnings one answer's header carries at most. */
const WARNINGS_HEADER_BYTES = 4096;

/**
 * The headers every turn's answer carries: `x-request-id`, `x-toolwire-history-repairs` (how many
 * changes `repairHistory` made), and, when the grammar could not express part of a tool's schema,
 * `x-toolwire-grammar-warnings`: a JSON array of one line per warning, non-ASCII characters as `\u`
 * escapes (header values are bytes), cut to 4 KB with a last entry saying how many were left out.
 */
export function turnHeaders(record: RequestRecord): Record<string, string> {
  const headers: Record<string, string> = {
    'x-request-id': record.id,
    'x-toolwire-history-repairs': String(record.historyRepairs ?? 0),
  };
  const warnings = record.grammarWarnings ?? [];
  if (warnings.length > 0) headers['x-toolwire-grammar-warnings'] = warningsHeader(warnings);
  return headers;
}

function warningsHeader(warnings: readonly string[]): string {
  const entries: string[] = [];
  let bytes = 2;
  for (const [index, warning] of warnings.entries()) {
    const entry = headerEntry(warning);
    if (bytes + entry.length + 16 > WARNINGS_HEADER_BYTES) {
      entries.push(headerJson(`${warnings.length - index} more`));
      break;
    }
    entries.push(entry);
    bytes += entry.length + 1;
  }
  return `[${entries.join(',')}]`;
}

/** How many bytes one warning takes in the header at most (escaped, quotes included). */
const WARNING_ENTRY_BYTES = 1024;

/**
 * `headerJson(warning)`, cut (with `...`) so that its escaped form fits `WARNING_ENTRY_BYTES`: a
 * warning of non-ASCII text grows up to six times when escaped. Never cuts a surrogate pair apart.
 */
function headerEntry(warning: string): string {
  let entry = headerJson(warning);
  let length = warning.length;
  while (entry.length > WARNING_ENTRY_BYTES) {
    length = Math.min(length - 1, Math.floor((length * WARNING_ENTRY_BYTES) / entry.length) - 2);
    const code = warning.charCodeAt(length - 1);
    const end = code >= 0xd800 && code <= 0xdbff ? length - 1 : length;
    entry = headerJson(`${warning.slice(0, Math.max(0, end))}...`);
  }
  return entry;
}

/** A JSON string of `text` in printable ASCII: controls and non-ASCII code units as `\\u` escapes. */
function headerJson(text: string): string {
  return JSON.stringify(text).replace(
    /[^\x20-\x7e]/g,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Copies a turn's end (token counts, calls) into the request's log line. */
export function noteEnd(record: RequestRecord, end: EndEvent): void {
  record.promptTokens = end.usage.promptTokens;
  record.completionTokens = end.usage.completionTokens;
  record.calls = end.stats.calls;
  record.invalidCalls = end.stats.invalidCalls;
}
