import { getFormat } from '../../formats/index.js';
import type { Backend, BackendConfig } from '../backends/backend.js';
import { createBackend } from '../backends/create-backend.js';
import type { GatewayModel } from '../config/gateway-config.js';
import { builtinPromptRenderer } from '../template/builtin-renderer.js';
import { defaultBuiltinTemplate } from '../template/default-template.js';
import type { PromptRenderer } from '../template/prompt-renderer.js';
import { endOfTurnMarkers } from './end-of-turn.js';
import type { ResolvedModel } from './run-turn.js';

/** A `GatewayModel` whose backend is a config (not a `Backend` object). */
function isBackend(value: BackendConfig | Backend): value is Backend {
  return typeof (value as Backend).generate === 'function';
}

/**
 * The served models by name, each with its backend made. Checks what `createGateway` must refuse to
 * start with: duplicate names, unknown formats, a raw-text backend without a template. A raw-text
 * backend without `renderer` renders with the format's default built-in template, as the config file
 * and the CLI do (`defaultBuiltinTemplate`).
 *
 * @throws {TypeError} naming the model and the mistake.
 */
export function resolveModels(models: readonly GatewayModel[]): Map<string, ResolvedModel> {
  const resolved = new Map<string, ResolvedModel>();
  for (const model of models) {
    if (resolved.has(model.name)) throw new TypeError(`model "${model.name}" is configured twice`);
    const format = getFormat(model.format).id;
    const backend = isBackend(model.backend) ? model.backend : createBackend(model.backend);
    const renderer = model.renderer ?? defaultRenderer(model.name, model.format, backend.kind);
    resolved.set(model.name, {
      name: model.name,
      format,
      renderer,
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
      endOfTurn: backend.kind === 'openai-chat-passthrough' ? [] : endOfTurnMarkers(renderer, format),
    });
  }
  return resolved;
}

/**
 * The renderer of a model given without one: none for a passthrough backend (the server renders its
 * own prompt), else the format's default built-in template.
 *
 * @throws {TypeError} when the format has none, or the backend is embedded (its template is the GGUF
 *   file's, which only loading the file reads).
 */
function defaultRenderer(name: string, format: string, kind: Backend['kind']): PromptRenderer | undefined {
  if (kind === 'openai-chat-passthrough') return undefined;
  if (kind === 'llamacpp-embedded')
    throw new TypeError(
      `model "${name}": a llamacpp-embedded backend needs a chat template: pass renderer (loadEmbeddedModel resolves to the GGUF file's)`,
    );
  const builtin = defaultBuiltinTemplate(format);
  if (builtin !== undefined) return builtinPromptRenderer(builtin);
  // (Kinds begin with a vowel or not: "an openai-completions backend", "a llamacpp backend".)
  const article = /^[aeiou]/.test(kind) ? 'an' : 'a';
  throw new TypeError(
    `model "${name}": format "${format}" has no built-in template; ${article} ${kind} backend needs a chat template (renderer: builtinPromptRenderer('<id>'), promptRendererFromText or promptRendererFromTokenizerConfig)`,
  );
}
