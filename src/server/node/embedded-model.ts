import { resolve } from 'node:path';
import { detectFormatFromModel, detectFormatFromText, listFormats } from '../../formats/index.js';
import type { Backend, BackendConfig } from '../backends/backend.js';
import { type LlamaEngine, loadLlamaEngine } from '../backends/llama-engine.js';
import { llamaCppEmbeddedBackend } from '../backends/llamacpp-embedded.js';
import { promptRendererFromText } from '../template/jinja-renderer.js';
import { type PromptRenderer, TemplateError } from '../template/prompt-renderer.js';

/** A GGUF model loaded in this process, ready to serve. */
export interface EmbeddedModel {
  /** The `llamacpp-embedded` backend generating with it. */
  readonly backend: Backend;
  /** Its chat template: the GGUF file's `tokenizer.chat_template` (with its BOS / EOS token text). */
  readonly renderer: PromptRenderer | undefined;
  /** `general.name` of the GGUF metadata, when it has one. */
  readonly name: string | undefined;
  /**
   * The tool-call format its chat template writes, as toolwire's detection reads it (the first
   * format marker in the template's text, else `general.name`); `undefined` when neither decides.
   */
  readonly format: string | undefined;
}

/**
 * Loads the GGUF file of a `llamacpp-embedded` backend config (`modelFile` relative to `baseDir`) and
 * makes its backend and chat template.
 *
 * @throws ToolwireError `unsupported` when node-llama-cpp is not installed; `invalid_argument` when the
 *   file does not load; `TemplateError` when the file's chat template does not parse.
 */
export async function loadEmbeddedModel(config: BackendConfig, baseDir: string): Promise<EmbeddedModel> {
  const modelFile = resolve(baseDir, config.modelFile ?? '');
  const engine = await loadLlamaEngine({
    modelFile,
    ...(config.threads === undefined ? {} : { threads: config.threads }),
    ...(config.contextSize === undefined ? {} : { contextSize: config.contextSize }),
  });
  const backend = llamaCppEmbeddedBackend({ ...config, modelFile }, Promise.resolve(engine));
  return {
    backend,
    renderer: ggufRenderer(engine, modelFile),
    name: engine.name,
    format: ggufFormat(engine),
  };
}

function ggufRenderer(engine: LlamaEngine, file: string): PromptRenderer | undefined {
  if (engine.chatTemplate === undefined) return undefined;
  try {
    return promptRendererFromText(engine.chatTemplate, {
      name: `${file} (tokenizer.chat_template)`,
      bosToken: engine.bosToken,
      eosToken: engine.eosToken,
    });
  } catch (error) {
    throw new TemplateError((error as Error).message);
  }
}

function ggufFormat(engine: LlamaEngine): string | undefined {
  const fromTemplate =
    engine.chatTemplate === undefined ? undefined : detectFormatFromText(engine.chatTemplate);
  if (fromTemplate !== undefined && fromTemplate !== '?') return fromTemplate;
  return engine.name === undefined ? undefined : detectFormatFromModel(engine.name, listFormats())?.id;
}
