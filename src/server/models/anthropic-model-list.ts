import type { ResolvedModel } from '../core/run-turn.js';
import { badField, GatewayError } from '../http/gateway-error.js';

/** The release date the gateway gives every model (the epoch, as Anthropic allows when it is unknown). */
const unknownRelease = '1970-01-01T00:00:00Z';

/**
 * One model in Anthropic's shape (`GET /v1/models/{model_id}`, https://docs.anthropic.com/en/api/models):
 * `type: "model"`, `id`, `display_name`, `created_at` (RFC 3339), `lifecycle: "active"`,
 * `max_input_tokens` (the configured `contextLength`, else null), and null for what a self-hosted
 * model has no value for (`capabilities`, `line`, `max_tokens`, `deprecated_at`, `retires_at`).
 */
export function anthropicModel(model: ResolvedModel): Record<string, unknown> {
  return {
    type: 'model',
    id: model.name,
    display_name: model.name,
    created_at: unknownRelease,
    capabilities: null,
    deprecated_at: null,
    lifecycle: 'active',
    line: null,
    max_input_tokens: model.contextLength ?? null,
    max_tokens: null,
    retires_at: null,
  };
}

/**
 * `GET /v1/models` in Anthropic's list shape: `{data, has_more, first_id, last_id}`, a page of the
 * models in config order. Reads the query's `limit` (1-1000, default 20), `after_id` and `before_id`
 * (the page after or before that model).
 *
 * @throws {GatewayError} 400 for a `limit` out of range, 404 for an `after_id` / `before_id` that is
 *   not a served model.
 */
export function anthropicModelList(
  models: ReadonlyMap<string, ResolvedModel>,
  query: URLSearchParams,
): Record<string, unknown> {
  const names = [...models.keys()];
  const limitText = query.get('limit');
  const limit = limitText === null ? 20 : Number(limitText);
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000)
    throw badField('limit', '"limit" must be an integer from 1 to 1000');
  const position = (param: 'after_id' | 'before_id'): number | undefined => {
    const id = query.get(param);
    if (id === null) return undefined;
    const index = names.indexOf(id);
    if (index < 0)
      throw new GatewayError(404, 'not_found_error', 'model_not_found', `model "${id}" not found`, param);
    return index;
  };
  const after = position('after_id');
  const before = position('before_id');
  let start = after === undefined ? 0 : after + 1;
  let end = before ?? names.length;
  if (before !== undefined && after === undefined) start = Math.max(0, end - limit);
  else end = Math.min(end, start + limit);
  const page = start < end ? names.slice(start, end) : [];
  const hasMore = before !== undefined && after === undefined ? start > 0 : end < (before ?? names.length);
  return {
    data: page.map((name) => anthropicModel(models.get(name) as ResolvedModel)),
    has_more: hasMore,
    first_id: page[0] ?? null,
    last_id: page[page.length - 1] ?? null,
  };
}
