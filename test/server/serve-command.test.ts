import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { runServeCommand } from '../../src/cli/serve-command.js';
import { hermesCall, weatherTools } from './gateway-harness.js';
import { type ReplayBackend, startReplayBackend } from './replay-backend.js';

const directory = mkdtempSync(join(tmpdir(), 'toolwire-serve-'));
const file = (name: string, text: string): string => {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
};

let replay: ReplayBackend | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

async function run(
  argv: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(
    ['serve', ...argv],
    { stdout: (text) => (stdout += String(text)), stderr: (text) => (stderr += text), color: false },
    new URL('../../examples/', import.meta.url),
  );
  void env;
  return { code, stdout, stderr };
}

describe('toolwire serve: flags and config mistakes', () => {
  it('--help documents every flag', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    for (const flag of [
      '--config',
      '--backend',
      '--backend-type',
      '--model-file',
      '--threads',
      '--context-size',
      '--reasoning-budget',
      '--max-tokens',
      '--model',
      '--backend-model',
      '--format',
      '--template',
      '--grammar-field',
      '--retries',
      '--timeout',
      '--host',
      '--port',
      '--api-key',
      '--body-limit',
      '--max-concurrent',
      '--cors',
      '--request-timeout',
      '--reasoning-field',
      '--playground',
      '--quiet',
    ]) {
      expect(stdout).toContain(flag);
    }
    // The flags that combine with --config, as the command takes them (the test below starts with them).
    expect(stdout).toContain(
      '  toolwire serve --config FILE [--host HOST] [--port PORT] [--api-key KEY] [--body-limit BYTES]\n' +
        '      [--max-concurrent N] [--request-timeout MS] [--cors ORIGIN] [--reasoning-field F]\n' +
        '      [--playground] [--quiet]\n',
    );
    // The package ships no docs/ folder: the help names the page by its address.
    expect(stdout).toContain('https://github.com/toolwire/toolwire/blob/main/docs/serve.md');
    expect(stdout).not.toMatch(/[^/]docs\/serve\.md/);
  });

  // Flag mistakes: each answered with its lines on stderr and exit 2.
  const backend = ['--backend', 'http://127.0.0.1:8080'];
  const mistakes: { name: string; argv: string[]; stderr: string }[] = [
    {
      name: 'no backend or config: one line',
      argv: [],
      stderr:
        'toolwire: serve needs --config FILE, --backend URL with --model and --format, or --model-file FILE\n',
    },
    {
      name: '--threads without --model-file: one line (it would be ignored)',
      argv: [...backend, '--model', 'm', '--format', 'hermes', '--threads', '4'],
      stderr: 'toolwire: --threads applies to --model-file only\n',
    },
    {
      name: '--context-size with an openai-completions backend: one line (it would be ignored)',
      argv: [...backend, '--model', 'm', '--format', 'hermes', '--context-size', '8192'],
      stderr: 'toolwire: --context-size applies to --model-file and --backend-type ollama only\n',
    },
    {
      name: '--template with an openai-chat-passthrough backend: one line (the server renders its own)',
      argv: [
        ...backend,
        '--backend-type',
        'openai-chat-passthrough',
        '--model',
        'm',
        '--format',
        'hermes',
        '--template',
        'builtin:qwen3',
      ],
      stderr:
        'toolwire: --template: is not used by an openai-chat-passthrough backend (the server renders its own prompt)\n',
    },
    {
      name: 'an unknown --reasoning-field: one line naming the three',
      argv: [...backend, '--model', 'm', '--format', 'hermes', '--reasoning-field', 'thoughts'],
      stderr: 'toolwire: --reasoning-field must be both, reasoning_content, reasoning, got thoughts\n',
    },
    {
      name: 'an empty --api-key: one line (it would refuse every request)',
      argv: [...backend, '--model', 'm', '--format', 'hermes', '--api-key', ''],
      stderr: 'toolwire: --api-key must not be empty\n',
    },
    {
      name: 'bad one-model flags: one line per mistake, named by flag',
      argv: ['--backend', 'ftp://x', '--model', 'm', '--format', 'nope', '--template', 'builtin:qwen2.5'],
      stderr:
        'toolwire: --format: unknown format "nope" (toolwire formats lists them)\n' +
        'toolwire: --backend: must be an http:// or https:// URL\n',
    },
    {
      name: 'a format with no built-in template and no --template: one line',
      argv: ['--backend', 'http://127.0.0.1:1', '--model', 'm', '--format', 'jamba'],
      stderr:
        'toolwire: --template: format "jamba" has no built-in template; the openai-completions backend needs a chat template (--template FILE.jinja, --template tokenizer_config.json or --template builtin:ID)\n',
    },
    {
      name: '--format auto and no --template: one line saying auto has no template of its own',
      argv: ['--backend', 'http://127.0.0.1:1', '--model', 'm', '--format', 'auto'],
      stderr:
        'toolwire: --template: format "auto" (detected from the model\'s text) has no template of its own; the openai-completions backend needs a chat template (--template FILE.jinja, --template tokenizer_config.json or --template builtin:ID)\n',
    },
    {
      name: 'a misspelt format and no --template: the one line about the format, none about its template',
      argv: [...backend, '--model', 'm', '--format', 'hermess'],
      stderr: 'toolwire: --format: unknown format "hermess" (toolwire formats lists them)\n',
    },
    {
      name: 'a model name given as --format: the line names the format of that model',
      argv: [...backend, '--model', 'm', '--format', 'qwen3'],
      stderr:
        'toolwire: --format: unknown format "qwen3": that names a model, whose format is hermes (toolwire formats lists them)\n',
    },
    {
      name: '--model and --format left out: a line each saying what to give',
      argv: backend,
      stderr:
        'toolwire: --model: missing; give the model name clients send, e.g. --model qwen3-coder\n' +
        "toolwire: --format: missing; give the model's tool-call format, e.g. --format hermes (toolwire formats lists them)\n",
    },
    {
      name: 'a misspelt flag: one line naming it and where the flags are listed',
      argv: [...backend, '--model', 'm', '--fromat', 'hermes'],
      stderr: 'toolwire serve: unknown option --fromat (toolwire serve --help lists the options)\n',
    },
    {
      name: 'an unknown --backend-type: the server kinds, and --model-file for a model run in-process',
      argv: [...backend, '--model', 'm', '--format', 'hermes', '--backend-type', 'vllm'],
      stderr:
        'toolwire: --backend-type: must be one of openai-completions, llamacpp, ollama, openai-chat-passthrough (a model run in-process takes --model-file)\n',
    },
  ];
  for (const mistake of mistakes) {
    it(`${mistake.name}, exit 2`, async () => {
      const { code, stderr } = await run(mistake.argv);
      expect({ code, stderr }).toEqual({ code: 2, stderr: mistake.stderr });
    });
  }

  it('a config file with mistakes: every one on its own line, exit 2', async () => {
    const config = file(
      'bad.json',
      JSON.stringify({
        port: 'eighty',
        requestTimeoutMs: 10,
        modles: [],
        reasoningField: 'thoughts',
        models: [
          { name: 'a', format: 'hermes', backend: { type: 'vllm', url: 'http://127.0.0.1:1' } },
          {
            name: 'a',
            format: 'hermes',
            template: { builtin: 'qwen2.5' },
            backend: {
              type: 'llamacpp',
              url: 'http://127.0.0.1:1',
              grammarField: 'grammar',
              toolsIn: 'system',
              threads: 2,
              contextSize: 8192,
            },
          },
          {
            name: 'b',
            format: 'hermes',
            backend: { type: 'openai-completions', url: 'http://127.0.0.1:1', grammarField: 'ebnf' },
          },
        ],
      }),
    );
    const { code, stderr } = await run(['--config', config]);
    expect(code).toBe(2);
    expect(stderr.split('\n').filter((line) => line !== '')).toEqual([
      `toolwire: ${config}: modles: unknown key (known: host, port, apiKey, apiKeyEnv, bodyLimit, maxConcurrent, requestTimeoutMs, responseStoreSize, responseStoreBytes, maxAnswerCharacters, reasoningField, cors, quiet, models)`,
      `toolwire: ${config}: port: must be an integer from 0 to 65535`,
      `toolwire: ${config}: requestTimeoutMs: must be an integer from 1000 to 3600000`,
      `toolwire: ${config}: reasoningField: must be one of "both", "reasoning_content", "reasoning"`,
      `toolwire: ${config}: models[0].backend.type: must be one of openai-completions, llamacpp, ollama, openai-chat-passthrough, llamacpp-embedded`,
      `toolwire: ${config}: models[1].backend.grammarField: applies to openai-completions backends only`,
      `toolwire: ${config}: models[1].backend.toolsIn: applies to openai-chat-passthrough backends only`,
      `toolwire: ${config}: models[1].backend.threads: applies to llamacpp-embedded backends only`,
      `toolwire: ${config}: models[1].backend.contextSize: applies to llamacpp-embedded and ollama backends only`,
      `toolwire: ${config}: models[2].maxTokens: is required with grammarField "ebnf" (SGLang): SGLang refuses max_tokens null and otherwise stops every answer at 16 tokens`,
    ]);
  });

  it('an unreadable config file or one that is not JSON: one line, exit 2', async () => {
    expect((await run(['--config', join(directory, 'missing.json')])).stderr).toBe(
      `toolwire: ${join(directory, 'missing.json')}: cannot read it (ENOENT)\n`,
    );
    const notJson = file('not.json', '{');
    const result = await run(['--config', notJson]);
    expect(result.code).toBe(2);
    expect(result.stderr.startsWith(`toolwire: ${notJson}: not JSON (`)).toBe(true);
  });

  it('apiKeyEnv naming an unset variable is a mistake', async () => {
    const config = file(
      'env.json',
      JSON.stringify({
        apiKeyEnv: 'TOOLWIRE_TEST_UNSET_KEY',
        models: [
          {
            name: 'm',
            format: 'hermes',
            template: { builtin: 'qwen2.5' },
            backend: { type: 'ollama', url: 'http://127.0.0.1:1' },
          },
        ],
      }),
    );
    const { code, stderr } = await run(['--config', config]);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `toolwire: ${config}: apiKeyEnv: the environment variable TOOLWIRE_TEST_UNSET_KEY is not set\n`,
    );
  });
});

describe('toolwire serve: environment and port mistakes', () => {
  it('apiKeyEnv naming a variable set to an empty string says it is empty', async () => {
    const config = file(
      'empty-env.json',
      JSON.stringify({
        apiKeyEnv: 'TOOLWIRE_TEST_EMPTY_KEY',
        models: [
          {
            name: 'm',
            format: 'hermes',
            backend: { type: 'ollama', url: 'http://127.0.0.1:1' },
          },
        ],
      }),
    );
    process.env.TOOLWIRE_TEST_EMPTY_KEY = '';
    try {
      const { code, stderr } = await run(['--config', config]);
      expect(code).toBe(2);
      expect(stderr).toBe(
        `toolwire: ${config}: apiKeyEnv: the environment variable TOOLWIRE_TEST_EMPTY_KEY is empty\n`,
      );
    } finally {
      delete process.env.TOOLWIRE_TEST_EMPTY_KEY;
    }
  });

  it('a port in use: one line suggesting --port, with the prefix of the other serve mistakes', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const { code, stderr } = await run([
        '--backend',
        'http://127.0.0.1:1',
        '--model',
        'm',
        '--format',
        'hermes',
        '--port',
        String(port),
      ]);
      expect(code).toBe(2);
      expect(stderr).toBe(
        `toolwire: cannot listen on 127.0.0.1:${port} (EADDRINUSE): something else listens there; choose another port with --port\n`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

/**
 * Runs `toolwire serve ARGV` in this process: `listening` resolves with the URL of its start line,
 * `stop()` ends it (as SIGTERM would) and resolves with its exit code, `stderr()` is what it wrote.
 */
function serveInProcess(argv: string[]): {
  listening: Promise<string>;
  stop: () => Promise<number>;
  stderr: () => string;
} {
  let stderr = '';
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let listened: (url: string) => void = () => {};
  const listening = new Promise<string>((resolve) => {
    listened = resolve;
  });
  const exit = runServeCommand(
    argv,
    {
      stdout: () => {},
      stderr: (text) => {
        stderr += text;
        const match = /listening on (http:\/\/\S+)/.exec(text);
        if (match?.[1]) listened(match[1]);
      },
    },
    {},
    stopped,
  );
  return {
    listening,
    stop: () => {
      stop();
      return exit;
    },
    stderr: () => stderr,
  };
}

/** The start lines holding `marker` of `toolwire serve --backend URL --model m --format FORMAT`. */
async function startLines(backend: string, format: string, marker: string): Promise<string[]> {
  const serving = serveInProcess(['--backend', backend, '--model', 'm', '--format', format, '--port', '0']);
  await serving.listening;
  expect(await serving.stop()).toBe(0);
  return serving
    .stderr()
    .split('\n')
    .filter((line) => line.includes(marker));
}

describe('toolwire serve: serving', () => {
  it('--config starts with every flag its usage line lists', async () => {
    const config = file(
      'combined.json',
      JSON.stringify({
        port: 1,
        models: [{ name: 'm', format: 'hermes', backend: { type: 'ollama', url: 'http://127.0.0.1:1' } }],
      }),
    );
    const serving = serveInProcess([
      ...['--config', config, '--host', '127.0.0.1', '--port', '0', '--api-key', 'k'],
      ...['--body-limit', '100000', '--max-concurrent', '2', '--request-timeout', '5000'],
      ...['--cors', '*', '--reasoning-field', 'reasoning'],
    ]);
    await serving.listening;
    expect(await serving.stop()).toBe(0);
    expect(serving.stderr()).toMatch(
      /listening on http:\/\/127\.0\.0\.1:\d+ \(models: m\), API key required\n/,
    );
  });

  it('the config-file form serves a model to the openai SDK and stops cleanly', async () => {
    replay = await startReplayBackend({
      recordings: [{ output: hermesCall('get_weather', { city: 'Lyon' }) }],
    });
    const config = file(
      'ok.json',
      JSON.stringify({
        port: 0,
        models: [
          {
            name: 'qwen',
            format: 'hermes',
            template: { builtin: 'qwen2.5' },
            backend: { type: 'openai-completions', url: replay.url },
          },
        ],
      }),
    );
    const serving = serveInProcess(['--config', config]);
    const url = await serving.listening;
    expect(url.startsWith('http://127.0.0.1:')).toBe(true);
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'x', maxRetries: 0 });
    const answer = await client.chat.completions.create({
      model: 'qwen',
      messages: [{ role: 'user', content: 'Lyon?' }],
      tools: weatherTools,
    });
    expect(answer.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      type: 'function',
      function: { name: 'get_weather', arguments: '{"city":"Lyon"}' },
    });
    expect(await serving.stop()).toBe(0);
    const logLine = serving
      .stderr()
      .split('\n')
      .find((line) => line.startsWith('{"id"'));
    expect(JSON.parse(logLine ?? '{}')).toMatchObject({
      method: 'POST',
      path: '/v1/chat/completions',
      model: 'qwen',
      status: 200,
      calls: 1,
    });
  });

  it('a backend URL ending in /v1 gets a note at start (requests would go to /v1/v1/...)', async () => {
    expect(await startLines('http://127.0.0.1:9/v1/', 'hermes', 'note:')).toEqual([
      'toolwire serve: note: model "m": requests go to http://127.0.0.1:9/v1/v1/completions; if the server answers at http://127.0.0.1:9/v1/completions, give its URL without /v1',
    ]);
  });

  it("names at start the chat template chosen by default: deepseek_v3's is deepseek-v3", async () => {
    expect(await startLines('http://127.0.0.1:9', 'deepseek_v3', 'chat template')).toEqual([
      'toolwire serve: model "m": chat template builtin:deepseek-v3 (format deepseek_v3\'s default; another: --template)',
    ]);
  });

  it("the built command: --backend form (the format's built-in template) with an API key answers, and SIGTERM ends it with exit 0", async () => {
    if (!existsSync('dist/cli/serve-command.js'))
      execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'ignore' });
    replay = await startReplayBackend({
      recordings: [
        {
          output: 'Hello there.',
          expectPrompt: '<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n',
        },
      ],
      maxChunkLength: 2,
    });
    const child = spawn(
      process.execPath,
      [
        'bin/toolwire.js',
        'serve',
        '--backend',
        replay.url,
        '--model',
        'm',
        '--format',
        'qwen3_coder',
        '--port',
        '0',
        '--api-key',
        'k1',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stderr.on('data', (data: Buffer) => {
        stderr += data.toString();
        const match = /listening on (http:\/\/\S+) \(models: m\), API key required/.exec(stderr);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });
    const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'k1', maxRetries: 0 });
    const answer = await client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(answer.choices[0]?.message.content).toBe('Hello there.');
    const unauthorized = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'wrong', maxRetries: 0 });
    await expect(
      unauthorized.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 401 });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(stderr).toContain('toolwire serve: shutting down');
  }, 30_000);
});
