import { badField, GatewayError } from '../http/gateway-error.js';
import type { NoticeOnce } from '../http/notice-once.js';
import { listedItem } from './input-item-ids.js';
import { readInclude } from './read-include.js';
import { contextItems, itemIdOf, type ResponseStore, type StoredResponse } from './response-store.js';

/** Default and largest `limit` of `input_items` (OpenAI's: 20, and 1 to 100). */
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 100;

/**
 * `GET /v1/responses/{id}`: the response object as it was answered (whole, or the last event's
 * response of a stream). `include` is read as on create; `stream=true` (replaying a background
 * response's events) is refused.
 *
 * @throws {GatewayError} 404 `response_not_found` for an id the store does not hold (never stored,
 *   `store: false`, deleted, or dropped once the store was full); 400 for `stream=true` or an unknown
 *   `include` value.
 */
export function retrieveResponse(
  id: string,
  query: URLSearchParams,
  store: ResponseStore,
  noticeOnce: NoticeOnce,
): Response {
  if (query.get('stream') === 'true')
    throw badField(
      'stream',
      'streaming a stored response is not supported by this gateway',
      'unsupported_parameter',
    );
  readInclude(includeOf(query), noticeOnce);
  return Response.json(stored(id, store).response);
}

/**
 * `DELETE /v1/responses/{id}`: drops a stored response, answering `{id, object: "response.deleted",
 * deleted: true}`. A continuation stored before keeps its own copy of the conversation's items.
 *
 * @throws {GatewayError} 404 `response_not_found` for an id the store does not hold.
 */
export function deleteResponse(id: string, store: ResponseStore): Response {
  if (!store.delete(id)) throw notFound(id);
  return Response.json({ id, object: 'response.deleted', deleted: true });
}

/**
 * `GET /v1/responses/{id}/input_items`: the items the response was generated from (the conversation
 * of the response it continued, then its own input; see `contextItems`) as a cursor page, `{object:
 * "list", data, first_id, last_id, has_more}`. Query: `order` (`desc`, OpenAI's default, or `asc`),
 * `limit` (1-100, default 20), `after` / `before` (an item id of the list: the items after or before
 * it in that order), `include` (as on create). Messages are listed in their item shape (`listedItem`).
 *
 * @throws {GatewayError} 404 `response_not_found` for an id the store does not hold; 400 naming the
 *   query parameter for a bad `order`, `limit`, `after`, `before` or `include`.
 */
export function listInputItems(
  id: string,
  query: URLSearchParams,
  store: ResponseStore,
  noticeOnce: NoticeOnce,
): Response {
  const entry = stored(id, store);
  readInclude(includeOf(query), noticeOnce);
  const order = query.get('order') ?? 'desc';
  if (order !== 'asc' && order !== 'desc') throw badField('order', '"order" must be "asc" or "desc"');
  const limit = readLimit(query.get('limit'));
  const items = contextItems(entry).map(listedItem);
  if (order === 'desc') items.reverse();
  let start = 0;
  let end = items.length;
  const after = query.get('after');
  if (after !== null) start = cursorIndex(items, after, 'after') + 1;
  const before = query.get('before');
  if (before !== null) end = cursorIndex(items, before, 'before');
  const window = items.slice(start, Math.max(start, end));
  const data = window.slice(0, limit);
  return Response.json({
    object: 'list',
    data,
    first_id: itemIdOf(data[0]) ?? null,
    last_id: itemIdOf(data.at(-1)) ?? null,
    has_more: window.length > data.length,
  });
}

function stored(id: string, store: ResponseStore): StoredResponse {
  const entry = store.get(id);
  if (entry === undefined) throw notFound(id);
  return entry;
}

function notFound(id: string): GatewayError {
  return new GatewayError(
    404,
    'invalid_request_error',
    'response_not_found',
    `Response with id '${id.slice(0, 100)}' not found.`,
  );
}

/** `include` of a query: `include[]=a&include[]=b` (as the SDKs send arrays) or `include=a`. */
function includeOf(query: URLSearchParams): string[] | undefined {
  const values = [...query.getAll('include[]'), ...query.getAll('include')];
  return values.length === 0 ? undefined : values;
}

function readLimit(value: string | null): number {
  if (value === null) return DEFAULT_LIMIT;
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_LIMIT)
    throw badField('limit', `"limit" must be an integer from 1 to ${MAX_LIMIT}`);
  return limit;
}

function cursorIndex(items: readonly unknown[], id: string, param: 'after' | 'before'): number {
  const index = items.findIndex((item) => itemIdOf(item) === id);
  if (index < 0) throw badField(param, `"${param}" names no item of this response's input`);
  return index;
}
