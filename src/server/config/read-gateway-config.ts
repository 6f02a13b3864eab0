import { detectFormatFromModel, getFormat, listFormats } from '../../formats/index.js';
import type { BackendConfig, BackendKind } from '../backends/backend.js';
import { defaultBuiltinTemplate } from '../template/default-template.js';
import type { TemplateSource } from '../template/prompt-renderer.js';
import { CHAT_REASONING_FIELDS, type ChatReasoningField } from './gateway-config.js';

/** One model as the config file spells it (templates as sources, keys possibly from the environment). */
export interface ModelFileConfig {
  readonly name: string;
  readonly format: string;
  readonly template?: TemplateSource;
  readonly backend: BackendConfig;
  readonly retries?: number;
  readonly reasoningStartedInPrompt?: boolean;
  readonly reasoningBudget?: number;
  readonly maxTokens?: number;
  readonly contextLength?: number;
  /** A `tokenizer.json` (Hugging Face tokenizers) for `count_tokens`, relative to the config file. */
  readonly tokenizer?: string;
}

/** The config file (`toolwire serve --config FILE`), checked. */
export interface GatewayFileConfig {
  readonly host: string;
  readonly port: number;
  readonly apiKey?: string;
  readonly bodyLimit?: number;
  readonly maxConcurrent?: number;
  /** Milliseconds for a request's headers and body to arrive (`serveGateway`'s `requestTimeoutMs`). */
  readonly requestTimeoutMs?: number;
  readonly responseStoreSize?: number;
  readonly responseStoreBytes?: number;
  readonly maxAnswerCharacters?: number;
  readonly reasoningField?: ChatReasoningField;
  readonly cors?: { readonly origins: readonly string[] };
  readonly quiet: boolean;
  readonly models: readonly ModelFileConfig[];
}

const backendKinds: readonly BackendKind[] = [
  'openai-completions',
  'llamacpp',
  'ollama',
  'openai-chat-passthrough',
  'llamacpp-embedded',
];
/** Keys of HTTP backends that an in-process (`llamacpp-embedded`) backend has no use for. */
const httpOnlyKeys = ['url', 'apiKey', 'apiKeyEnv', 'grammarField', 'timeoutMs', 'toolsIn', 'headers'];
const grammarFields = ['grammar', 'structured_outputs', 'guided_grammar', 'ebnf', 'none'];
const topKeys = [
  'host',
  'port',
  'apiKey',
  'apiKeyEnv',
  'bodyLimit',
  'maxConcurrent',
  'requestTimeoutMs',
  'responseStoreSize',
  'responseStoreBytes',
  'maxAnswerCharacters',
  'reasoningField',
  'cors',
  'quiet',
  'models',
];
const modelKeys = [
  'name',
  'format',
  'template',
  'backend',
  'retries',
  'reasoningStartedInPrompt',
  'reasoningBudget',
  'maxTokens',
  'contextLength',
  'tokenizer',
];
const backendKeys = [
  'type',
  'url',
  'apiKey',
  'apiKeyEnv',
  'model',
  'grammarField',
  'timeoutMs',
  'toolsIn',
  'headers',
  'modelFile',
  'threads',
  'contextSize',
];

/**
 * Checks a parsed config file and returns it typed, or every mistake as one line each
 * (`models[0].backend.url: must be an http:// or https:// URL`). Keys named `apiKeyEnv` are read from
 * `env`. Unknown keys are mistakes (a misspelt key would otherwise be ignored silently).
 */
export function readGatewayConfig(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
): { config: GatewayFileConfig; errors: [] } | { config: undefined; errors: string[] } {
  const errors: string[] = [];
  const at = (path: string, message: string) => errors.push(`${path}: ${message}`);
  if (!isRecord(value)) return { config: undefined, errors: ['the config must be a JSON object'] };
  unknownKeys(value, topKeys, '', at);
  const host = optionalString(value, 'host', '', at) ?? '127.0.0.1';
  const port = optionalInteger(value, 'port', '', at, 0, 65535) ?? 8000;
  const apiKey = secret(value, '', env, at);
  const bodyLimit = optionalInteger(value, 'bodyLimit', '', at, 1, 2 ** 31);
  const maxConcurrent = optionalInteger(value, 'maxConcurrent', '', at, 1, 1_000_000);
  const requestTimeoutMs = optionalInteger(value, 'requestTimeoutMs', '', at, 1000, 3_600_000);
  const responseStoreSize = optionalInteger(value, 'responseStoreSize', '', at, 0, 1_000_000);
  const responseStoreBytes = optionalInteger(value, 'responseStoreBytes', '', at, 0, 2 ** 40);
  const maxAnswerCharacters = optionalInteger(value, 'maxAnswerCharacters', '', at, 1, 2 ** 29);
  const reasoningField = value.reasoningField;
  if (reasoningField !== undefined && !CHAT_REASONING_FIELDS.includes(reasoningField as ChatReasoningField))
    at('reasoningField', `must be one of ${CHAT_REASONING_FIELDS.map((field) => `"${field}"`).join(', ')}`);
  const quiet = value.quiet === undefined ? false : value.quiet === true;
  if (value.quiet !== undefined && typeof value.quiet !== 'boolean') at('quiet', 'must be true or false');
  let cors: { origins: string[] } | undefined;
  if (value.cors !== undefined) {
    const origins = isRecord(value.cors) ? value.cors.origins : undefined;
    if (!Array.isArray(origins) || !origins.every((origin) => typeof origin === 'string'))
      at('cors.origins', 'must be an array of origins');
    else cors = { origins: origins as string[] };
  }
  const models: ModelFileConfig[] = [];
  if (!Array.isArray(value.models) || value.models.length === 0) at('models', 'must be a non-empty array');
  else {
    const names = new Set<string>();
    value.models.forEach((entry: unknown, index) => {
      const model = readModel(entry, `models[${index}]`, env, at);
      if (model === undefined) return;
      if (names.has(model.name)) at(`models[${index}].name`, `"${model.name}" is configured twice`);
      names.add(model.name);
      models.push(model);
    });
  }
  if (errors.length > 0) return { config: undefined, errors };
  return {
    config: {
      host,
      port,
      quiet,
      models,
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      ...(maxConcurrent === undefined ? {} : { maxConcurrent }),
      ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
      ...(responseStoreSize === undefined ? {} : { responseStoreSize }),
      ...(responseStoreBytes === undefined ? {} : { responseStoreBytes }),
      ...(maxAnswerCharacters === undefined ? {} : { maxAnswerCharacters }),
      ...(reasoningField === undefined ? {} : { reasoningField: reasoningField as ChatReasoningField }),
      ...(cors === undefined ? {} : { cors }),
    },
    errors: [],
  };
}

type At = (path: string, message: string) => void;

function readModel(
  entry: unknown,
  path: string,
  env: Readonly<Record<string, string | undefined>>,
  at: At,
): ModelFileConfig | undefined {
  if (!isRecord(entry)) {
    at(path, 'must be an object');
    return undefined;
  }
  let mistakes = 0;
  const check: At = (p, m) => {
    mistakes++;
    at(p, m);
  };
  unknownKeys(entry, modelKeys, path, check);
  const name = typeof entry.name === 'string' && entry.name !== '' ? entry.name : undefined;
  if (name === undefined) check(`${path}.name`, 'must be a non-empty string');
  let format = typeof entry.format === 'string' ? entry.format : undefined;
  if (format === undefined) check(`${path}.format`, 'must be a format id (toolwire formats lists them)');
  else {
    try {
      getFormat(format);
    } catch {
      // A model name in place of the format id (qwen3 for hermes) is the likely slip: name its format.
      const model = detectFormatFromModel(format, listFormats());
      check(
        `${path}.format`,
        `unknown format "${format}"${model === undefined ? '' : `: that names a model, whose format is ${model.id}`} (toolwire formats lists them)`,
      );
      // (Already reported: no second line about that format's template.)
      format = undefined;
    }
  }
  let template = readTemplate(entry.template, `${path}.template`, check);
  const backend = readBackend(entry.backend, `${path}.backend`, env, check);
  if (backend?.type === 'openai-chat-passthrough' && entry.template !== undefined) {
    // The server renders its own prompt: a template here would be read and never used.
    check(
      `${path}.template`,
      'is not used by an openai-chat-passthrough backend (the server renders its own prompt)',
    );
  }
  if (
    backend !== undefined &&
    backend.type !== 'openai-chat-passthrough' &&
    backend.type !== 'llamacpp-embedded' &&
    entry.template === undefined
  ) {
    // (An embedded model's template is the GGUF file's `tokenizer.chat_template`, read at load.)
    // A raw-text backend needs a template; without one, the format's default built-in template.
    const builtin = format === undefined ? undefined : defaultBuiltinTemplate(format);
    if (builtin !== undefined) template = { builtin };
    else if (format !== undefined) {
      check(
        `${path}.template`,
        `${format === 'auto' ? 'format "auto" (detected from the model\'s text) has no template of its own' : `format "${format}" has no built-in template`}; the ${backend.type} backend needs a chat template ({"jinja": FILE}, {"tokenizerConfig": FILE} or {"builtin": ID})`,
      );
    }
  }
  const retries = optionalInteger(entry, 'retries', path, check, 0, 5);
  const contextLength = optionalInteger(entry, 'contextLength', path, check, 1, 100_000_000);
  const reasoningBudget = optionalInteger(entry, 'reasoningBudget', path, check, 0, 10_000);
  const maxTokens = optionalInteger(entry, 'maxTokens', path, check, 1, 100_000_000);
  // SGLang (the server `grammarField: "ebnf"` names) types `max_tokens` as an integer: the `null` sent
  // for a request without a limit is refused, and without it SGLang stops every answer at 16 tokens.
  if (
    maxTokens === undefined &&
    backend !== undefined &&
    backend.type === 'openai-completions' &&
    backend.grammarField === 'ebnf'
  )
    check(
      `${path}.maxTokens`,
      'is required with grammarField "ebnf" (SGLang): SGLang refuses max_tokens null and otherwise stops every answer at 16 tokens',
    );
  const started = entry.reasoningStartedInPrompt;
  if (started !== undefined && typeof started !== 'boolean')
    check(`${path}.reasoningStartedInPrompt`, 'must be true or false');
  const tokenizer = entry.tokenizer;
  if (tokenizer !== undefined && (typeof tokenizer !== 'string' || tokenizer === ''))
    check(`${path}.tokenizer`, 'must be the path of a tokenizer.json file');
  if (mistakes > 0 || name === undefined || format === undefined || backend === undefined) return undefined;
  return {
    name,
    format,
    backend,
    ...(template === undefined ? {} : { template }),
    ...(retries === undefined ? {} : { retries }),
    ...(contextLength === undefined ? {} : { contextLength }),
    ...(reasoningBudget === undefined ? {} : { reasoningBudget }),
    ...(maxTokens === undefined ? {} : { maxTokens }),
    ...(typeof started === 'boolean' ? { reasoningStartedInPrompt: started } : {}),
    ...(typeof tokenizer === 'string' ? { tokenizer } : {}),
  };
}

function readTemplate(value: unknown, path: string, at: At): TemplateSource | undefined {
  if (value === undefined) return undefined;
  if (isRecord(value)) {
    const keys = Object.keys(value);
    const [key] = keys;
    if (
      keys.length === 1 &&
      (key === 'jinja' || key === 'tokenizerConfig' || key === 'builtin') &&
      typeof value[key] === 'string' &&
      value[key] !== ''
    ) {
      return { [key]: value[key] } as unknown as TemplateSource;
    }
  }
  at(path, 'must be {"jinja": FILE}, {"tokenizerConfig": FILE} or {"builtin": ID}');
  return undefined;
}

function readBackend(
  value: unknown,
  path: string,
  env: Readonly<Record<string, string | undefined>>,
  at: At,
): BackendConfig | undefined {
  if (!isRecord(value)) {
    at(path, `must be an object with "type" (${backendKinds.join(', ')}) and "url"`);
    return undefined;
  }
  unknownKeys(value, backendKeys, path, at);
  if (value.type === 'llamacpp-embedded') return readEmbeddedBackend(value, path, at);
  const type = value.type as BackendKind;
  if (!backendKinds.includes(type)) at(`${path}.type`, `must be one of ${backendKinds.join(', ')}`);
  const url = value.url;
  if (typeof url !== 'string' || !isHttpUrl(url)) at(`${path}.url`, 'must be an http:// or https:// URL');
  const model = optionalString(value, 'model', path, at);
  const grammarField = value.grammarField;
  if (grammarField !== undefined && !grammarFields.includes(grammarField as string)) {
    at(`${path}.grammarField`, `must be one of ${grammarFields.join(', ')}`);
  }
  if (grammarField !== undefined && grammarField !== 'none' && type !== 'openai-completions') {
    at(`${path}.grammarField`, 'applies to openai-completions backends only');
  }
  const timeoutMs = optionalInteger(value, 'timeoutMs', path, at, 1, 3_600_000);
  const toolsIn = value.toolsIn;
  if (toolsIn !== undefined && toolsIn !== 'tools' && toolsIn !== 'system')
    at(`${path}.toolsIn`, 'must be "tools" or "system"');
  else if (toolsIn !== undefined && type !== 'openai-chat-passthrough')
    at(`${path}.toolsIn`, 'applies to openai-chat-passthrough backends only');
  const headers = value.headers;
  if (
    headers !== undefined &&
    (!isRecord(headers) || !Object.values(headers).every((entry) => typeof entry === 'string'))
  ) {
    at(`${path}.headers`, 'must be an object of strings');
  }
  for (const key of ['modelFile', 'threads'])
    if (value[key] !== undefined) at(`${path}.${key}`, 'applies to llamacpp-embedded backends only');
  const contextSize = optionalInteger(value, 'contextSize', path, at, 16, 10_000_000);
  if (contextSize !== undefined && type !== 'ollama')
    at(`${path}.contextSize`, 'applies to llamacpp-embedded and ollama backends only');
  const apiKey = secret(value, path, env, at);
  if (!backendKinds.includes(type) || typeof url !== 'string' || !isHttpUrl(url)) return undefined;
  return {
    type,
    url,
    ...(apiKey === undefined ? {} : { apiKey }),
    ...(model === undefined ? {} : { model }),
    ...(grammarField === undefined
      ? {}
      : { grammarField: grammarField as BackendConfig['grammarField'] & string }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(toolsIn === undefined ? {} : { toolsIn: toolsIn as 'tools' | 'system' }),
    ...(isRecord(headers) ? { headers: headers as Record<string, string> } : {}),
    ...(contextSize === undefined ? {} : { contextSize }),
  };
}

/** A `llamacpp-embedded` backend: `modelFile` (a path), optional `threads`, `contextSize`, `model`. */
function readEmbeddedBackend(
  value: Record<string, unknown>,
  path: string,
  at: At,
): BackendConfig | undefined {
  let mistakes = 0;
  const check: At = (p, m) => {
    mistakes++;
    at(p, m);
  };
  for (const key of httpOnlyKeys)
    if (value[key] !== undefined) check(`${path}.${key}`, 'applies to HTTP backends, not llamacpp-embedded');
  const modelFile = value.modelFile;
  if (typeof modelFile !== 'string' || modelFile === '')
    check(`${path}.modelFile`, 'must be the path of a GGUF model file');
  const model = optionalString(value, 'model', path, check);
  const threads = optionalInteger(value, 'threads', path, check, 1, 256);
  const contextSize = optionalInteger(value, 'contextSize', path, check, 16, 10_000_000);
  if (mistakes > 0) return undefined;
  return {
    type: 'llamacpp-embedded',
    modelFile: modelFile as string,
    ...(model === undefined ? {} : { model }),
    ...(threads === undefined ? {} : { threads }),
    ...(contextSize === undefined ? {} : { contextSize }),
  };
}

/** `apiKey` given inline, or `apiKeyEnv` naming an environment variable that must be set. */
function secret(
  record: Record<string, unknown>,
  path: string,
  env: Readonly<Record<string, string | undefined>>,
  at: At,
): string | undefined {
  const prefix = path === '' ? '' : `${path}.`;
  if (record.apiKey !== undefined && record.apiKeyEnv !== undefined)
    at(`${prefix}apiKey`, 'give apiKey or apiKeyEnv, not both');
  if (record.apiKey !== undefined) {
    if (typeof record.apiKey !== 'string' || record.apiKey === '')
      at(`${prefix}apiKey`, 'must be a non-empty string');
    else return record.apiKey;
  }
  if (record.apiKeyEnv !== undefined) {
    if (typeof record.apiKeyEnv !== 'string')
      at(`${prefix}apiKeyEnv`, 'must be the name of an environment variable');
    else {
      const key = env[record.apiKeyEnv];
      if (key === undefined || key === '')
        at(
          `${prefix}apiKeyEnv`,
          `the environment variable ${record.apiKeyEnv} is ${key === undefined ? 'not set' : 'empty'}`,
        );
      else return key;
    }
  }
  return undefined;
}

function unknownKeys(record: Record<string, unknown>, known: readonly string[], path: string, at: At): void {
  for (const key of Object.keys(record)) {
    if (!known.includes(key))
      at(path === '' ? key : `${path}.${key}`, `unknown key (known: ${known.join(', ')})`);
  }
}

function optionalString(
  record: Record<string, unknown>,
  key: string,
  path: string,
  at: At,
): string | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') {
    at(path === '' ? key : `${path}.${key}`, 'must be a non-empty string');
    return undefined;
  }
  return value;
}

function optionalInteger(
  record: Record<string, unknown>,
  key: string,
  path: string,
  at: At,
  low: number,
  high: number,
): number | undefined {
  const value = record[key];
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || (value as number) < low || (value as number) > high) {
    at(path === '' ? key : `${path}.${key}`, `must be an integer from ${low} to ${high}`);
    return undefined;
  }
  return value as number;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
