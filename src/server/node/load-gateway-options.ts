import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { GatewayModel, GatewayOptions } from '../config/gateway-config.js';
import { type GatewayFileConfig, readGatewayConfig } from '../config/read-gateway-config.js';
import { loadPromptRenderer } from '../template/load-prompt-renderer.js';
import { loadEmbeddedModel } from './embedded-model.js';
import { loadTokenCounter } from './load-token-counter.js';

/** A config that cannot be used: every mistake, one line each. */
export class GatewayConfigError extends Error {
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'GatewayConfigError';
    this.problems = problems;
  }
}

/**
 * Reads a config file (JSON), checks it (`readGatewayConfig`) and loads each model's chat template
 * (paths relative to the file's folder).
 *
 * @throws {GatewayConfigError} with one line per mistake: unreadable file, not JSON, a bad field, a
 *   template that does not load.
 */
export async function loadConfigFile(
  file: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<GatewayFileConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new GatewayConfigError([
      `${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    ]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new GatewayConfigError([`${file}: not JSON (${(error as Error).message})`]);
  }
  const { config, errors } = readGatewayConfig(parsed, env);
  if (config === undefined) throw new GatewayConfigError(errors.map((line) => `${file}: ${line}`));
  return config;
}

/**
 * The gateway options of a checked config: each model's template and tokenizer loaded (relative to
 * `baseDir`), and each `llamacpp-embedded` model's GGUF file loaded (its template, unless the config
 * gives one, is the file's `tokenizer.chat_template`).
 *
 * @throws {GatewayConfigError} naming each template, tokenizer or model file that does not load (one
 *   line saying what to install when node-llama-cpp is missing).
 */
export async function gatewayOptions(
  config: GatewayFileConfig,
  baseDir: string,
  hooks: Pick<GatewayOptions, 'log' | 'notice'> = {},
): Promise<GatewayOptions> {
  const problems: string[] = [];
  const models: GatewayModel[] = [];
  for (const [index, model] of config.models.entries()) {
    // Each file that does not load is one line; the model's other files are still tried.
    const load = async <F, T>(field: string, file: F | undefined, loader: (file: F) => Promise<T>) => {
      if (file === undefined) return undefined;
      try {
        return await loader(file);
      } catch (error) {
        problems.push(`models[${index}].${field}: ${(error as Error).message}`);
        return undefined;
      }
    };
    let renderer = await load('template', model.template, (source) =>
      loadPromptRenderer(source, { baseDir }),
    );
    const tokenCounter = await load('tokenizer', model.tokenizer, (file) =>
      loadTokenCounter(file, { baseDir }),
    );
    const { tokenizer: _path, ...fields } = model;
    let backend: GatewayModel['backend'] = model.backend;
    if (model.backend.type === 'llamacpp-embedded') {
      const embedded = await load('backend.modelFile', model.backend, (config) =>
        loadEmbeddedModel(config, baseDir),
      );
      if (embedded === undefined) continue;
      renderer ??= embedded.renderer;
      if (renderer === undefined) {
        problems.push(
          `models[${index}].template: the GGUF file has no tokenizer.chat_template; give a template`,
        );
        continue;
      }
      backend = embedded.backend;
    }
    models.push({
      ...fields,
      backend,
      ...(renderer === undefined ? {} : { renderer }),
      ...(tokenCounter === undefined ? {} : { tokenCounter }),
    });
  }
  if (problems.length > 0) throw new GatewayConfigError(problems);
  return {
    models,
    ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
    ...(config.bodyLimit === undefined ? {} : { bodyLimit: config.bodyLimit }),
    ...(config.maxConcurrent === undefined ? {} : { maxConcurrent: config.maxConcurrent }),
    ...(config.responseStoreSize === undefined ? {} : { responseStoreSize: config.responseStoreSize }),
    ...(config.responseStoreBytes === undefined ? {} : { responseStoreBytes: config.responseStoreBytes }),
    ...(config.maxAnswerCharacters === undefined ? {} : { maxAnswerCharacters: config.maxAnswerCharacters }),
    ...(config.reasoningField === undefined ? {} : { reasoningField: config.reasoningField }),
    ...(config.cors === undefined ? {} : { cors: config.cors }),
    ...hooks,
  };
}

/** The folder a config file's relative paths are read from. */
export function configFolder(file: string): string {
  return dirname(resolve(file));
}
