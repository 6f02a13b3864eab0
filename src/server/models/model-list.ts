import type { ResolvedModel } from '../core/run-turn.js';

/**
 * `GET /v1/models` in OpenAI's list shape, with what clients read for model metadata beside it
 * (`context_length` where configured, the format and backend kind under `toolwire`).
 */
export function modelList(models: ReadonlyMap<string, ResolvedModel>): Record<string, unknown> {
  return {
    object: 'list',
    data: [...models.values()].map((model) => ({
      id: model.name,
      object: 'model',
      created: 0,
      owned_by: 'toolwire',
      ...(model.contextLength === undefined ? {} : { context_length: model.contextLength }),
      toolwire: { format: model.format, backend: model.backend.kind },
    })),
  };
}
