import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { nestedDeeperThan } from '../json/index.js';
import { chatRoute, type RouteContext } from './chat/chat-route.js';
import {
  DEFAULT_BODY_LIMIT,
  DEFAULT_MAX_ANSWER_CHARACTERS,
  type GatewayOptions,
} from './config/gateway-config.js';
import { resolveModels } from './core/resolve-models.js';
import { keysEqual, presentedKey } from './http/check-api-key.js';
import { errorResponse, GatewayError } from './http/gateway-error.js';
import { noticeOnce } from './http/notice-once.js';
import { RequestRecord } from './http/request-record.js';
import { anthropicErrorResponse, isMessagesPath } from './messages/anthropic-error.js';
import { countTokensRoute } from './messages/count-tokens.js';
import { messagesRoute } from './messages/messages-route.js';
import { modelsRoute } from './models/models-route.js';
import { ResponseStore } from './responses/response-store.js';
import { responsesRoute } from './responses/responses-route.js';
import { deleteResponse, listInputItems, retrieveResponse } from './responses/stored-responses-route.js';

/**
 * A gateway: a web-standard request handler (`(request: Request) => Promise<Response>`, for Node,
 * Bun, Deno and edge runtimes alike) with the means to shut it down gracefully.
 */
export interface Gateway {
  (request: Request): Promise<Response>;
  /** Requests being answered now (streams count until they end). */
  readonly inFlight: number;
  /**
   * Stops taking requests (new ones get 503), waits up to `graceMs` (default 10000) for those in
   * flight to finish, then aborts the rest: their backend requests are cancelled and their streams
   * end with an error event (code `shutting_down`, no `[DONE]`) when next read.
   */
  close(graceMs?: number): Promise<void>;
}

type Variables = { record: RequestRecord; signal: AbortSignal; done: () => void; admit: () => void };

/**
 * Makes the gateway for `options`: OpenAI Chat Completions (`POST /v1/chat/completions`), OpenAI
 * Responses (`POST /v1/responses`, with `previous_response_id` and `item_reference` from an in-memory
 * store, and `GET` / `DELETE /v1/responses/{id}`, `GET /v1/responses/{id}/input_items`), Anthropic
 * Messages (`POST /v1/messages`, `POST /v1/messages/count_tokens`), `GET /v1/models` and
 * `GET /v1/models/{id}` (in OpenAI's or Anthropic's shape: see `modelsRoute`), `GET /health`, with
 * API-key checks (constant time), a request body limit (413 before the body is read whole), an
 * optional concurrency limit (429), optional CORS, and one log line per request. Errors are
 * OpenAI-shaped (`{"error": {"message", "type", "param", "code"}}`), and Anthropic-shaped
 * (`{"type": "error", "error": {"type", "message"}}`) under `/v1/messages` and for Anthropic clients'
 * model requests.
 *
 * @throws {TypeError} for options it cannot start with (a model configured twice, an unknown format,
 *   a raw-text backend without `renderer` whose format has no built-in template, a bad backend config).
 */
export function createGateway(options: GatewayOptions): Gateway {
  const models = resolveModels(options.models);
  const notice = options.notice ?? (() => {});
  const noteOnce = noticeOnce(notice);
  /** An error answer in the shape of the surface `path` belongs to. */
  const errorAnswer = (path: string, error: GatewayError) =>
    isMessagesPath(path) ? anthropicErrorResponse(error) : errorResponse(error);
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const store = new ResponseStore(options.responseStoreSize, options.responseStoreBytes);
  const maxAnswerCharacters = options.maxAnswerCharacters ?? DEFAULT_MAX_ANSWER_CHARACTERS;
  const reasoningField = options.reasoningField ?? 'both';
  const active = new Set<AbortController>();
  /** POST requests in flight, which `maxConcurrent` limits (reads such as `/health` are not limited). */
  let busy = 0;
  let closing = false;
  let drained: (() => void) | undefined;

  const app = new Hono<{ Variables: Variables }>();
  if (options.cors !== undefined && options.cors.origins.length > 0) {
    const origins = [...options.cors.origins];
    app.use(
      '*',
      cors({
        origin: origins.includes('*') ? '*' : origins,
        allowHeaders: ['authorization', 'content-type', 'x-api-key', 'anthropic-version', 'anthropic-beta'],
      }),
    );
  }
  app.use('*', async (c, next) => {
    const record = new RequestRecord(c.req.method, new URL(c.req.url).pathname, options.log);
    const controller = new AbortController();
    const clientSignal = c.req.raw.signal;
    const onAbort = () => controller.abort(clientSignal.reason);
    if (clientSignal.aborted) onAbort();
    else clientSignal.addEventListener('abort', onAbort, { once: true });
    let finished = false;
    let admitted = false;
    const done = () => {
      if (finished) return;
      finished = true;
      if (admitted) busy--;
      clientSignal.removeEventListener('abort', onAbort);
      active.delete(controller);
      record.finish();
      if (closing && active.size === 0) drained?.();
    };
    c.set('record', record);
    c.set('signal', controller.signal);
    c.set('done', done);
    c.set('admit', () => {
      admitted = true;
      busy++;
    });
    if (closing) {
      record.status = 503;
      done();
      const refused = errorAnswer(
        c.req.path,
        new GatewayError(503, 'server_error', 'shutting_down', 'the gateway is shutting down'),
      );
      refused.headers.set('x-request-id', record.id);
      return refused;
    }
    active.add(controller);
    await next();
    record.status = c.res.status;
    // Every answer names its request (the turn routes set it already; /health, 401, 404... here).
    if (!c.res.headers.has('x-request-id')) c.res.headers.set('x-request-id', record.id);
    // A streamed answer calls `done` when its stream ends; anything else is done now.
    if (!(c.res.headers.get('content-type') ?? '').startsWith('text/event-stream')) done();
  });
  if (options.apiKey !== undefined) {
    const expected = options.apiKey;
    app.use('/v1/*', async (c, next) => {
      const presented = presentedKey(c.req.raw.headers);
      if (presented === undefined || !(await keysEqual(presented, expected))) {
        return errorAnswer(
          c.req.path,
          new GatewayError(
            401,
            'authentication_error',
            'invalid_api_key',
            presented === undefined
              ? 'an API key is required (Authorization: Bearer KEY, or x-api-key: KEY)'
              : 'the API key is not valid',
          ),
        );
      }
      await next();
    });
  }
  // After the key check (a client without a key learns nothing of the load), for the POST routes
  // only: a health probe or a model list is answered however busy the gateway is.
  const maxConcurrent = options.maxConcurrent;
  if (maxConcurrent !== undefined) {
    app.use('/v1/*', async (c, next) => {
      if (c.req.method !== 'POST') return next();
      if (busy >= maxConcurrent) {
        return errorAnswer(
          c.req.path,
          new GatewayError(
            429,
            'rate_limit_error',
            'too_many_requests',
            `too many requests at once (at most ${maxConcurrent})`,
          ),
        );
      }
      c.get('admit')();
      await next();
    });
  }
  app.use(
    '/v1/*',
    bodyLimit({
      maxSize: limit,
      onError: (c) =>
        errorAnswer(
          c.req.path,
          new GatewayError(
            413,
            'invalid_request_error',
            'request_too_large',
            `the request body is larger than ${limit} bytes`,
          ),
        ),
    }),
  );

  app.get('/health', (c) => c.json({ status: 'ok', models: models.size }));
  app.get('/v1/models', (c) => modelsRoute(models, c.req.raw));
  // Model names may hold slashes (`Qwen/Qwen3-8B`): the id is the rest of the path.
  app.get('/v1/models/*', (c) => modelsRoute(models, c.req.raw, modelId(c.req.raw.url)));
  const routeContext = (c: Context<{ Variables: Variables }>): RouteContext => ({
    models,
    record: c.get('record'),
    notice: (message: string) => notice(message, c.get('record').id),
    signal: c.get('signal'),
    done: c.get('done'),
    maxAnswerCharacters,
    reasoningField,
  });
  app.post('/v1/chat/completions', async (c) => chatRoute(await readJson(c.req.raw), routeContext(c)));
  app.post('/v1/responses', async (c) =>
    responsesRoute(await readJson(c.req.raw), { ...routeContext(c), store, noticeOnce: noteOnce }),
  );
  const query = (c: Context<{ Variables: Variables }>) => new URL(c.req.url).searchParams;
  app.get('/v1/responses/:id', (c) => retrieveResponse(c.req.param('id'), query(c), store, noteOnce));
  app.delete('/v1/responses/:id', (c) => deleteResponse(c.req.param('id'), store));
  app.get('/v1/responses/:id/input_items', (c) =>
    listInputItems(c.req.param('id'), query(c), store, noteOnce),
  );
  const messagesRoutes = [
    ['/v1/messages', messagesRoute],
    ['/v1/messages/count_tokens', countTokensRoute],
  ] as const;
  for (const [path, route] of messagesRoutes) {
    app.post(path, async (c) =>
      route(await readJson(c.req.raw), {
        ...routeContext(c),
        noticeOnce: noteOnce,
        headers: c.req.raw.headers,
      }),
    );
  }
  app.notFound((c) =>
    errorAnswer(
      c.req.path,
      new GatewayError(
        404,
        'invalid_request_error',
        'not_found',
        `no route for ${c.req.method} ${new URL(c.req.url).pathname}`,
      ),
    ),
  );
  app.onError((error, c) => {
    const failure =
      error instanceof GatewayError
        ? error
        : new GatewayError(500, 'server_error', 'internal_error', 'internal error');
    if (!(error instanceof GatewayError))
      notice(
        `internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        c.get('record').id,
      );
    c.get('record').error = failure.code;
    return errorAnswer(c.req.path, failure);
  });

  const handler = (async (request: Request) => app.fetch(request)) as Gateway;
  Object.defineProperty(handler, 'inFlight', { get: () => active.size });
  /** Resolves once no request is in flight, or after `ms`. */
  const settled = (ms: number) =>
    new Promise<void>((resolve) => {
      if (active.size === 0) return resolve();
      drained = resolve;
      setTimeout(resolve, ms).unref?.();
    });
  handler.close = async (graceMs = 10_000) => {
    closing = true;
    await settled(graceMs);
    if (active.size === 0) return;
    const cutOff = new GatewayError(
      503,
      'server_error',
      'shutting_down',
      'the gateway shut down before the answer ended',
    );
    for (const controller of active) controller.abort(cutOff);
    // The requests cut off answer with that error (a 503, or an error event ending their stream).
    await settled(cutOffMs);
  };
  return handler;
}

/** How long requests cut off at shutdown get to send their error answer. */
const cutOffMs = 2000;

/** The percent-decoded path after `/v1/models/` (as sent when it is not valid percent-encoding). */
function modelId(url: string): string {
  const rest = new URL(url).pathname.slice('/v1/models/'.length);
  try {
    return decodeURIComponent(rest);
  } catch {
    return rest;
  }
}

/**
 * How many levels of objects and arrays a request body may nest: the alignment bound
 * (`MAX_VALUE_DEPTH`), some hundred levels past any real tool schema; a chat template renders
 * `tools` by recursion, and a schema nested a few thousand levels overflows the stack there.
 */
const MAX_BODY_DEPTH = 256;

async function readJson(request: Request): Promise<unknown> {
  let text: string;
  try {
    text = await request.text();
  } catch (error) {
    // A client that leaves before its whole request arrived: nobody to answer, logged as 499.
    if (request.signal.aborted) {
      throw new GatewayError(
        499,
        'server_error',
        'client_closed',
        'the client closed the connection before its request body arrived',
      );
    }
    throw error;
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new GatewayError(
      400,
      'invalid_request_error',
      'invalid_json',
      'the request body is not valid JSON',
    );
  }
  if (nestedDeeperThan(body, MAX_BODY_DEPTH)) {
    throw new GatewayError(
      400,
      'invalid_request_error',
      'nested_too_deep',
      `the request body nests objects and arrays more than ${MAX_BODY_DEPTH} levels deep`,
    );
  }
  return body;
}
