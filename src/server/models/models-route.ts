import type { ResolvedModel } from '../core/run-turn.js';
import { errorResponse, GatewayError } from '../http/gateway-error.js';
import { anthropicErrorResponse } from '../messages/anthropic-error.js';
import { anthropicModel, anthropicModelList } from './anthropic-model-list.js';
import { openAIModel, openAIModelList } from './openai-model-list.js';

/**
 * Whether a request is from an Anthropic client: it carries `anthropic-version` (every Anthropic SDK
 * and Claude Code send it) or `x-api-key` (Anthropic's key header; OpenAI clients send
 * `Authorization`).
 */
export function isAnthropicRequest(headers: Headers): boolean {
  return headers.has('anthropic-version') || headers.has('x-api-key');
}

/**
 * `GET /v1/models` and `GET /v1/models/{id}` in the shape the asking client reads: Anthropic's for an
 * Anthropic request (`isAnthropicRequest`; errors Anthropic-shaped too), else OpenAI's, with Codex
 * CLI's model metadata beside the list when the query has Codex's `client_version`. An unknown id is a
 * 404 `model_not_found`.
 */
export function modelsRoute(
  models: ReadonlyMap<string, ResolvedModel>,
  request: Request,
  id?: string,
): Response {
  const anthropic = isAnthropicRequest(request.headers);
  const query = new URL(request.url).searchParams;
  try {
    if (id === undefined)
      return Response.json(
        anthropic ? anthropicModelList(models, query) : openAIModelList(models, query.has('client_version')),
      );
    const model = models.get(id);
    if (model === undefined)
      throw new GatewayError(404, 'not_found_error', 'model_not_found', `model "${id}" not found`, 'model');
    return Response.json(anthropic ? anthropicModel(model) : openAIModel(model));
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return anthropic ? anthropicErrorResponse(error) : errorResponse(error);
  }
}
