import type { ResolvedModel } from '../core/run-turn.js';
import { codexModelInfo } from './codex-model-info.js';

/**
 * One model in OpenAI's shape (`GET /v1/models/{model}`), with what clients read for model metadata
 * beside it: `context_length` where configured, the format and backend kind under `toolwire`.
 */
export function openAIModel(model: ResolvedModel): Record<string, unknown> {
  return {
    id: model.name,
    object: 'model',
    created: 0,
    owned_by: 'toolwire',
    ...(model.contextLength === undefined ? {} : { context_length: model.contextLength }),
    toolwire: { format: model.format, backend: model.backend.kind },
  };
}

/**
 * `GET /v1/models` in OpenAI's list shape (`{"object": "list", "data": [...]}`). With `codex` (Codex
 * CLI asks with a `client_version` query parameter), the same body also carries `models`: each model
 * as Codex's model metadata (`codexModelInfo`), the list Codex decodes.
 */
export function openAIModelList(
  models: ReadonlyMap<string, ResolvedModel>,
  codex = false,
): Record<string, unknown> {
  const served = [...models.values()];
  return {
    object: 'list',
    data: served.map(openAIModel),
    ...(codex ? { models: served.map(codexModelInfo) } : {}),
  };
}
