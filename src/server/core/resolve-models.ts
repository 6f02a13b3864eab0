import { getFormat } from '../../formats/index.js';
import type { Backend, BackendConfig } from '../backends/backend.js';
import { createBackend } from '../backends/create-backend.js';
import type { GatewayModel } from '../config/gateway-config.js';
import { endOfTurnMarkers } from './end-of-turn.js';
import type { ResolvedModel } from './run-turn.js';

/** A `GatewayModel` whose backend is a config (not a `Backend` object). */
function isBackend(value: BackendConfig | Backend): value is Backend {
  return typeof (value as Backend).generate === 'function';
}

/**
 * The served models by name, each with its backend made. Checks what `createGateway` must refuse to
 * start with: duplicate names, unknown formats, a raw-text backend without a template.
 *
 * @throws {TypeError} naming the model and the mistake.
 */
export function resolveModels(models: readonly GatewayModel[]): Map<string, ResolvedModel> {
  const resolved = new Map<string, ResolvedModel>();
  for (const model of models) {
    if (resolved.has(model.name)) throw new TypeError(`model "${model.name}" is configured twice`);
    const format = getFormat(model.format).id;
    const backend = isBackend(model.backend) ? model.backend : createBackend(model.backend);
    if (backend.kind !== 'openai-chat-passthrough' && model.renderer === undefined) {
      throw new TypeError(`model "${model.name}": a ${backend.kind} backend needs a chat template`);
    }
    resolved.set(model.name, {
      name: model.name,
      format,
      renderer: model.renderer,
      backend,
      backendModel: (isBackend(model.backend) ? undefined : model.backend.model) ?? model.name,
      retries: model.retries ?? 0,
      reasoningStartedInPrompt: model.reasoningStartedInPrompt,
      reasoningBudget: model.reasoningBudget,
      maxTokens: model.maxTokens,
      contextLength: model.contextLength,
      tokenCounter: model.tokenCounter,
      toolsIn: (isBackend(model.backend) ? undefined : model.backend.toolsIn) ?? 'tools',
      // A passthrough backend renders its own template and answers without the special tokens.
      endOfTurn: backend.kind === 'openai-chat-passthrough' ? [] : endOfTurnMarkers(model.renderer, format),
    });
  }
  return resolved;
}
