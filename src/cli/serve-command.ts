import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { UsageError } from './usage-error.js';

/** `toolwire serve --help`. */
export const serveUsage = `usage:
  toolwire serve --config FILE [--host HOST] [--port PORT] [--api-key KEY] [--body-limit BYTES]
      [--max-concurrent N] [--request-timeout MS] [--cors ORIGIN] [--reasoning-field F]
      [--playground] [--quiet]
  toolwire serve --backend URL --model NAME --format ID [--template FILE|builtin:ID] [options]
  toolwire serve --model-file FILE.gguf [--format ID] [--model NAME] [--threads N] [options]

Serves OpenAI Chat Completions (POST /v1/chat/completions), OpenAI Responses (POST /v1/responses),
Anthropic Messages (POST /v1/messages), GET /v1/models and GET /health in front of a model server,
with the model's own chat template, tool-call parsing for its format, and tool_choice /
parallel_tool_calls / strict enforced.
Documentation: https://github.com/toolwire/toolwire/blob/main/docs/serve.md

  --config FILE          a JSON config file with one or more models ("Config file" in the documentation);
                         the flags from --host on combine with it (replacing the file's value),
                         the one-model flags (--backend to --timeout) belong in the file
  --backend URL          the model server's base URL (one-model form), e.g. http://127.0.0.1:8080
  --backend-type TYPE    openai-completions (default), llamacpp, ollama, openai-chat-passthrough
  --model-file FILE      run a GGUF model in this process instead of a server (needs the optional
                         package node-llama-cpp); its chat template comes from the file unless
                         --template is given, its format is detected from the template when
                         --format is not given, --model defaults to the file name
  --threads N            CPU threads for --model-file (default 1)
  --context-size N       context window in tokens for --model-file (default the model's, at most
                         8192), or for --backend-type ollama (options.num_ctx; default Ollama's)
  --model NAME           the model name clients send (and the backend gets, unless --backend-model)
  --backend-model NAME   the model name sent to the backend
  --format ID            the tool-call format of the model's output (toolwire formats lists them)
  --template SOURCE      the chat template: a .jinja file, a tokenizer_config.json, or builtin:ID
                         (default: the format's built-in template, where it has one)
  --grammar-field FIELD  where openai-completions takes grammars: grammar (llama.cpp server),
                         structured_outputs (vLLM), guided_grammar (older vLLM), ebnf (SGLang;
                         needs --max-tokens), none
  --reasoning-budget N   with tool_choice required or named: at most N characters of reasoning
                         before the call (0: none); default unbounded
  --max-tokens N         max_tokens sent when a request sets no output limit (vLLM: the rest of the
                         context; give one for SGLang, whose default is 16)
  --retries N            ask again (0-5 times) when an unconstrained answer breaks tool_choice
  --timeout MS           backend wait for the first byte and between chunks (default 120000)
  --host HOST            address to bind (default 127.0.0.1: this machine only)
  --port PORT            port to bind (default 8000; 0 picks a free one)
  --api-key KEY          require "Authorization: Bearer KEY" (or x-api-key); also TOOLWIRE_API_KEY
  --body-limit BYTES     largest request body (default 10485760); larger ones get 413
  --max-concurrent N     most POST requests at once; more get 429
  --request-timeout MS   time for a request's headers and body to arrive (default 60000); then 408
  --cors ORIGIN          allow this browser origin (repeatable; * for any); default: none
  --reasoning-field F    where Chat Completions answers carry reasoning: both (default),
                         reasoning_content or reasoning
  --playground           also serve the playground page at /playground/ (build it first:
                         npm run build:playground in a toolwire checkout)
  --quiet                no start line and no request log lines on standard error
`;

/**
 * Runs `toolwire serve`: checks the flags or the config file (every mistake one line, exit 2), starts
 * the gateway, writes one JSON log line per request to standard error (unless `--quiet`), and
 * resolves to 0 after SIGINT or SIGTERM once requests in flight have finished (at most 10 s).
 */
export async function runServeCommand(
  args: readonly string[],
  io: { stdout: (text: string) => void; stderr: (text: string) => void },
  env: Readonly<Record<string, string | undefined>> = process.env,
  stopSignal?: Promise<void>,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      backend: { type: 'string' },
      'backend-type': { type: 'string' },
      'model-file': { type: 'string' },
      threads: { type: 'string' },
      'context-size': { type: 'string' },
      model: { type: 'string' },
      'backend-model': { type: 'string' },
      format: { type: 'string' },
      template: { type: 'string' },
      'grammar-field': { type: 'string' },
      retries: { type: 'string' },
      'reasoning-budget': { type: 'string' },
      'max-tokens': { type: 'string' },
      timeout: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      'api-key': { type: 'string' },
      'body-limit': { type: 'string' },
      'max-concurrent': { type: 'string' },
      'request-timeout': { type: 'string' },
      cors: { type: 'string', multiple: true },
      'reasoning-field': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      playground: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    io.stdout(serveUsage);
    return 0;
  }
  if (positionals.length > 0)
    throw new UsageError(`serve takes no positional arguments, got ${positionals[0]}`);
  const playground = values.playground ? builtPlayground() : undefined;
  const {
    readGatewayConfig,
    createGateway,
    serveGateway,
    gatewayOptions,
    CHAT_REASONING_FIELDS,
    loadConfigFile,
    configFolder,
    GatewayConfigError,
    loadEmbeddedModel,
  } = await import('../server/node/index.js');
  const { defaultBuiltinTemplate } = await import('../server/template/default-template.js');
  let fileConfig: Awaited<ReturnType<typeof loadConfigFile>>;
  let baseDir: string;
  try {
    if (values.config !== undefined) {
      for (const flag of [
        'backend',
        'backend-type',
        'model-file',
        'threads',
        'context-size',
        'model',
        'backend-model',
        'format',
        'template',
        'grammar-field',
        'retries',
        'reasoning-budget',
        'max-tokens',
        'timeout',
      ] as const) {
        if (values[flag] !== undefined)
          throw new UsageError(`--${flag} belongs in the config file when --config is given`);
      }
      fileConfig = await loadConfigFile(values.config, env);
      baseDir = configFolder(values.config);
    } else {
      // Flags for a model run in this process mean nothing for a model server: refused, not ignored.
      if (values['model-file'] === undefined) {
        if (values.threads !== undefined) throw new UsageError('--threads applies to --model-file only');
        if (values['context-size'] !== undefined && values['backend-type'] !== 'ollama')
          throw new UsageError('--context-size applies to --model-file and --backend-type ollama only');
      }
      if (values['model-file'] !== undefined) {
        const modelFile = values['model-file'];
        const backend = embeddedBackendFlags(values, modelFile);
        // The format, when not given, is read from the file's chat template (the model loads once:
        // the gateway reuses it).
        if (values.format === undefined) {
          const embedded = await loadEmbeddedModel(backend, process.cwd()).catch((error: Error) => {
            throw new GatewayConfigError([`--model-file: ${error.message}`]);
          });
          if (embedded.format === undefined)
            throw new UsageError(
              `--format is needed: the chat template of ${modelFile} names no format toolwire detects (toolwire formats lists them)`,
            );
          values.format = embedded.format;
        }
        values.model ??= basename(modelFile).replace(/\.gguf$/i, '');
      }
      const { config, errors } = readGatewayConfig(flagConfig(values), env);
      if (config === undefined) throw new GatewayConfigError(errors.map(flagName));
      fileConfig = config;
      baseDir = process.cwd();
    }
    const host = values.host ?? fileConfig.host;
    const port = values.port === undefined ? fileConfig.port : integerFlag('port', values.port, 0, 65535);
    const quiet = values.quiet || fileConfig.quiet;
    // An empty key would be required and match nothing: every request refused.
    if (values['api-key'] === '') throw new UsageError('--api-key must not be empty');
    const apiKey = values['api-key'] ?? fileConfig.apiKey ?? (env.TOOLWIRE_API_KEY || undefined);
    const options = await gatewayOptions(
      {
        ...fileConfig,
        ...(apiKey === undefined ? {} : { apiKey }),
        ...(values['body-limit'] === undefined
          ? {}
          : { bodyLimit: integerFlag('body-limit', values['body-limit'], 1, 2 ** 31) }),
        ...(values['max-concurrent'] === undefined
          ? {}
          : { maxConcurrent: integerFlag('max-concurrent', values['max-concurrent'], 1, 1_000_000) }),
        ...(values.cors === undefined ? {} : { cors: { origins: values.cors } }),
        ...(values['reasoning-field'] === undefined
          ? {}
          : { reasoningField: reasoningFieldFlag(values['reasoning-field'], CHAT_REASONING_FIELDS) }),
      },
      baseDir,
      quiet
        ? {}
        : {
            log: (line) => io.stderr(`${JSON.stringify(line)}\n`),
            notice: (message, id) =>
              io.stderr(
                `${JSON.stringify(id === undefined ? { notice: message } : { notice: message, id })}\n`,
              ),
          },
    );
    let gateway: ReturnType<typeof createGateway>;
    try {
      gateway = createGateway(options);
    } catch (error) {
      throw new GatewayConfigError([(error as Error).message]);
    }
    const requestTimeoutMs =
      values['request-timeout'] === undefined
        ? fileConfig.requestTimeoutMs
        : integerFlag('request-timeout', values['request-timeout'], 1000, 3_600_000);
    const serving = await serveGateway(gateway, {
      host,
      port,
      ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
      ...(playground === undefined ? {} : { playground }),
    }).catch((error: NodeJS.ErrnoException) => {
      const hint =
        error.code === 'EADDRINUSE' ? ': something else listens there; choose another port with --port' : '';
      throw new UsageError(`cannot listen on ${host}:${port} (${error.code ?? error.message})${hint}`);
    });
    if (!quiet) {
      const names = options.models.map((model) => model.name).join(', ');
      io.stderr(
        `toolwire serve: listening on ${serving.url} (models: ${names})${apiKey === undefined ? '' : ', API key required'}\n`,
      );
      if (playground !== undefined) io.stderr(`toolwire serve: playground at ${serving.url}/playground/\n`);
      for (const line of versionedBackendNotes(fileConfig.models)) io.stderr(`toolwire serve: ${line}\n`);
      for (const line of defaultTemplateNotes(fileConfig.models, defaultBuiltinTemplate))
        io.stderr(`toolwire serve: ${line}\n`);
    }
    await (stopSignal ?? untilSignal());
    if (!quiet) io.stderr('toolwire serve: shutting down\n');
    await serving.close();
    return 0;
  } catch (error) {
    if (error instanceof GatewayConfigError) {
      const named = values.config === undefined ? flagName : (line: string) => line;
      for (const problem of error.problems) io.stderr(`toolwire: ${named(problem)}\n`);
      return 2;
    }
    throw error;
  }
}

/**
 * The built playground page (`playground/dist/` of a checkout, beside `src/` and `dist/`).
 * @throws {UsageError} when it is not built (the published package does not ship it).
 */
function builtPlayground(): string {
  const folder = fileURLToPath(new URL('../../playground/dist/', import.meta.url));
  if (!existsSync(`${folder}index.html`))
    throw new UsageError(
      `--playground: the playground is not built (no ${folder}index.html): run npm run build:playground in a toolwire checkout`,
    );
  return folder;
}

type Flags = Record<string, string | string[] | boolean | undefined>;

/** The one-model flags as a config object, so both forms are checked by the same reader. */
function flagConfig(values: Flags): Record<string, unknown> {
  const template = values.template as string | undefined;
  const model = {
    name: values.model,
    format: values.format,
    ...(template === undefined ? {} : { template: templateSource(template) }),
    ...(values.retries === undefined
      ? {}
      : { retries: integerFlag('retries', values.retries as string, 0, 5) }),
    ...(values['reasoning-budget'] === undefined
      ? {}
      : {
          reasoningBudget: integerFlag('reasoning-budget', values['reasoning-budget'] as string, 0, 10_000),
        }),
    ...(values['max-tokens'] === undefined
      ? {}
      : { maxTokens: integerFlag('max-tokens', values['max-tokens'] as string, 1, 100_000_000) }),
  };
  if (values['model-file'] !== undefined)
    return { models: [{ ...model, backend: embeddedBackendFlags(values, values['model-file'] as string) }] };
  if (values.backend === undefined)
    throw new UsageError(
      'serve needs --config FILE, --backend URL with --model and --format, or --model-file FILE',
    );
  return {
    models: [
      {
        ...model,
        backend: {
          type: values['backend-type'] ?? 'openai-completions',
          url: values.backend,
          ...(values['backend-model'] === undefined ? {} : { model: values['backend-model'] }),
          ...(values['grammar-field'] === undefined ? {} : { grammarField: values['grammar-field'] }),
          ...(values.timeout === undefined
            ? {}
            : { timeoutMs: integerFlag('timeout', values.timeout as string, 1, 3_600_000) }),
          ...(values['context-size'] === undefined
            ? {}
            : { contextSize: integerFlag('context-size', values['context-size'] as string, 16, 10_000_000) }),
        },
      },
    ],
  };
}

/** The `llamacpp-embedded` backend of `--model-file` and its flags. */
function embeddedBackendFlags(
  values: Flags,
  modelFile: string,
): { type: 'llamacpp-embedded'; modelFile: string; threads?: number; contextSize?: number } {
  for (const flag of ['backend', 'backend-type', 'backend-model', 'grammar-field', 'timeout'] as const)
    if (values[flag] !== undefined)
      throw new UsageError(`--${flag} applies to a server, not to --model-file`);
  return {
    type: 'llamacpp-embedded',
    modelFile,
    ...(values.threads === undefined
      ? {}
      : { threads: integerFlag('threads', values.threads as string, 1, 256) }),
    ...(values['context-size'] === undefined
      ? {}
      : { contextSize: integerFlag('context-size', values['context-size'] as string, 16, 10_000_000) }),
  };
}

function templateSource(text: string): Record<string, string> {
  if (text.startsWith('builtin:')) return { builtin: text.slice('builtin:'.length) };
  if (text.endsWith('.json')) return { tokenizerConfig: text };
  return { jinja: text };
}

/** A config reader's line about `models[0].x` said in terms of the flag that set it. */
function flagName(line: string): string {
  const names: Record<string, string> = {
    'models[0].name': '--model',
    'models[0].format': '--format',
    'models[0].template': '--template',
    'models[0].backend.url': '--backend',
    'models[0].backend.type': '--backend-type',
    'models[0].backend.modelFile': '--model-file',
    'models[0].backend.grammarField': '--grammar-field',
  };
  // A flag left out, said as such (the reader checks the config object the flags make).
  if (line === 'models[0].name: must be a non-empty string')
    return '--model: missing; give the model name clients send, e.g. --model qwen3-coder';
  if (line === 'models[0].format: must be a format id (toolwire formats lists them)')
    return "--format: missing; give the model's tool-call format, e.g. --format hermes (toolwire formats lists them)";
  // The in-process backend is not a --backend-type value: --model-file selects it.
  if (line.startsWith('models[0].backend.type: must be one of '))
    return `--backend-type: must be one of ${line
      .slice('models[0].backend.type: must be one of '.length)
      .split(', ')
      .filter((kind) => kind !== 'llamacpp-embedded')
      .join(', ')} (a model run in-process takes --model-file)`;
  const [path] = line.split(':', 1);
  const flag = path === undefined ? undefined : names[path];
  if (flag === undefined) return line;
  // The template sources as flags write them, not as the config file does.
  const rest = line
    .slice(path?.length ?? 0)
    .replace(
      '({"jinja": FILE}, {"tokenizerConfig": FILE} or {"builtin": ID})',
      '(--template FILE.jinja, --template tokenizer_config.json or --template builtin:ID)',
    );
  return `${flag}${rest}`;
}

function integerFlag(name: string, text: string, low: number, high: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < low || value > high)
    throw new UsageError(`--${name} must be an integer from ${low} to ${high}, got ${text}`);
  return value;
}

function reasoningFieldFlag<Field extends string>(text: string, fields: readonly Field[]): Field {
  if (!(fields as readonly string[]).includes(text))
    throw new UsageError(`--reasoning-field must be ${fields.join(', ')}, got ${text}`);
  return text as Field;
}

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * A note for each OpenAI-protocol backend whose URL ends in `/v1`: the gateway adds the API's own
 * `/v1/...` path, and the base URL clients are told to use for the `openai` SDK ends in `/v1`, so a
 * URL copied from there asks `/v1/v1/completions` (a 404 at the first request).
 */
/**
 * One line per model rendering with its format's default built-in template: a format shared by several
 * models has one default, which may not be the served model's (its own template: --template).
 */
function defaultTemplateNotes(
  models: readonly {
    readonly name: string;
    readonly format: string;
    readonly template?: { readonly builtin: string } | object;
  }[],
  defaultBuiltinTemplate: (format: string) => string | undefined,
): string[] {
  return models.flatMap((model) => {
    const builtin =
      model.template !== undefined && 'builtin' in model.template ? model.template.builtin : undefined;
    return builtin !== undefined && builtin === defaultBuiltinTemplate(model.format)
      ? [
          `model "${model.name}": chat template builtin:${builtin} (format ${model.format}'s default; another: --template)`,
        ]
      : [];
  });
}

function versionedBackendNotes(
  models: readonly {
    readonly name: string;
    readonly backend: { readonly type: string; readonly url?: string };
  }[],
): string[] {
  const paths: Readonly<Record<string, string>> = {
    'openai-completions': '/v1/completions',
    'openai-chat-passthrough': '/v1/chat/completions',
  };
  const notes: string[] = [];
  for (const model of models) {
    const path = paths[model.backend.type];
    let url = model.backend.url;
    while (url?.endsWith('/')) url = url.slice(0, -1);
    if (path === undefined || url === undefined || !url.endsWith('/v1')) continue;
    notes.push(
      `note: model "${model.name}": requests go to ${url}${path}; if the server answers at ${url.slice(0, -3)}${path}, give its URL without /v1`,
    );
  }
  return notes;
}
