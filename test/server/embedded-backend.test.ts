/**
 * The `llamacpp-embedded` backend with a random-weight GGUF model (tiny-gguf.ts): what `generate`
 * yields (strict UTF-8 under grammars that meet byte tokens, stop strings split across tokens, the
 * token limit, seeds, abort), its config, and `toolwire serve --model-file`. The format matrix through
 * the gateway is test/server/embedded-formats.e2e.ts (`npm run test:e2e`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServeCommand } from '../../src/cli/serve-command.js';
import {
  type Backend,
  type BackendChunk,
  createBackend,
  type GenerateRequest,
  readGatewayConfig,
} from '../../src/server/index.js';
import { embeddedEngineLoads, folder, skipEmbedded, startEmbeddedGateway } from './embedded-harness.js';
import { writeTinyGguf } from './tiny-gguf.js';

const prompt = '<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n';

interface Collected {
  text: string;
  chunks: BackendChunk[];
}

async function collect(backend: Backend, overrides: Partial<GenerateRequest>): Promise<Collected> {
  const out: Collected = { text: '', chunks: [] };
  const request: GenerateRequest = {
    model: 'tiny',
    prompt,
    params: {},
    signal: new AbortController().signal,
    ...overrides,
  };
  for await (const chunk of backend.generate(request)) {
    out.chunks.push(chunk);
    if (chunk.type === 'text') out.text += chunk.text;
  }
  return out;
}

const grammar = (gbnf: string) => ({ gbnf, ebnf: '', lazy: false, triggers: [] });
const done = (result: Collected) => result.chunks.filter((chunk) => chunk.type === 'done');

describe('llamacpp-embedded config', () => {
  it('reads modelFile, threads and contextSize; refuses HTTP-only keys and a missing file, one line each', () => {
    const ok = readGatewayConfig(
      {
        models: [
          {
            name: 'tiny',
            format: 'hermes',
            reasoningBudget: 64,
            backend: { type: 'llamacpp-embedded', modelFile: 'm.gguf', threads: 2, contextSize: 2048 },
          },
        ],
      },
      {},
    );
    expect(ok.errors).toEqual([]);
    expect(ok.config?.models[0]).toEqual({
      name: 'tiny',
      format: 'hermes',
      reasoningBudget: 64,
      backend: { type: 'llamacpp-embedded', modelFile: 'm.gguf', threads: 2, contextSize: 2048 },
    });
    const bad = readGatewayConfig(
      {
        models: [
          {
            name: 'tiny',
            format: 'hermes',
            reasoningBudget: -1,
            maxTokens: 0,
            backend: { type: 'llamacpp-embedded', url: 'http://127.0.0.1:1', threads: 0 },
          },
        ],
      },
      {},
    );
    expect(bad.errors).toEqual([
      'models[0].backend.url: applies to HTTP backends, not llamacpp-embedded',
      'models[0].backend.modelFile: must be the path of a GGUF model file',
      'models[0].backend.threads: must be an integer from 1 to 256',
      'models[0].reasoningBudget: must be an integer from 0 to 10000',
      'models[0].maxTokens: must be an integer from 1 to 100000000',
    ]);
  });
});

describe('toolwire serve --model-file without node-llama-cpp', { timeout: 300_000 }, () => {
  it('fails with one line saying what to install, exit 2', () => {
    const root = new URL('../../', import.meta.url);
    if (!existsSync(new URL('dist/cli/main.js', root)))
      execFileSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'ignore' });
    // A resolve hook that answers as Node does for a package that is not installed.
    const hook = join(folder(), 'no-node-llama-cpp.mjs');
    const resolver = `export async function resolve(specifier, context, next) {
  if (specifier === 'node-llama-cpp') {
    const error = new Error("Cannot find package 'node-llama-cpp'");
    error.code = 'ERR_MODULE_NOT_FOUND';
    throw error;
  }
  return next(specifier, context);
}`;
    writeFileSync(
      hook,
      `import { register } from 'node:module';\nregister('data:text/javascript,' + encodeURIComponent(${JSON.stringify(resolver)}));\n`,
    );
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(hook).href,
        'bin/toolwire.js',
        'serve',
        '--model-file',
        join(folder(), 'absent.gguf'),
        '--format',
        'hermes',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(result.stderr).toBe(
      'toolwire: --model-file: the llamacpp-embedded backend needs node-llama-cpp: install it with npm install node-llama-cpp@3\n',
    );
    expect(result.status).toBe(2);
  });
});

const engine = await embeddedEngineLoads();
if (!engine.ok) skipEmbedded(engine.reason, 'llamacpp-embedded generation');
else {
  // Hang detectors (100 times the few seconds these take), not timings.
  const slow = { timeout: 120_000 };

  describe('llamacpp-embedded generation', slow, () => {
    let backend: Backend;
    let modelFile: string;
    beforeAll(() => {
      modelFile = writeTinyGguf(join(folder(), 'tiny-backend.gguf'), { seed: 1 });
      backend = createBackend({ type: 'llamacpp-embedded', modelFile });
    });

    it('keeps text well-formed UTF-8 where a grammar meets byte tokens (｜, 日本, 🙂), over 300 seeds', async () => {
      const gbnf = 'root ::= ("｜" | "日本" | "🙂" | [a-z]){1,8}';
      const language = /^(?:｜|日本|🙂|[a-z]){1,8}$/u;
      const outside: string[] = [];
      let multibyte = 0;
      for (let seed = 1; seed <= 300; seed++) {
        // The whole distribution (top-k of the vocabulary size, top-p 1): byte tokens get their share.
        const params = { seed, temperature: 1, topK: 356, topP: 1 };
        const result = await collect(backend, { grammar: grammar(gbnf), params });
        if (!language.test(result.text) || done(result).length !== 1) outside.push(`${seed}: ${result.text}`);
        if (/[｜日本🙂]/u.test(result.text)) multibyte++;
      }
      expect(outside).toEqual([]);
      // Not vacuous: the sampled answers do hold the multi-byte characters.
      expect(multibyte).toBeGreaterThan(30);
    });

    it('the same grammar sampled by node-llama-cpp alone gives bytes that are not UTF-8 for some seeds (the hazard)', async () => {
      const { getLlama, LlamaGrammarEvaluationState, LlamaLogLevel } = await import('node-llama-cpp');
      const llama = await getLlama({ maxThreads: 1, build: 'never', logLevel: LlamaLogLevel.error });
      const model = await llama.loadModel({ modelPath: modelFile });
      const context = await model.createContext({ threads: 1, contextSize: 256 });
      const sequence = context.getSequence();
      const compiled = await llama.createGrammar({ grammar: 'root ::= ("｜" | "日本" | "🙂" | [a-z]){1,8}' });
      let broken = 0;
      for (let seed = 1; seed <= 300; seed++) {
        await sequence.clearHistory();
        const tokens: Parameters<typeof model.detokenize>[0][number][] = [];
        const state = new LlamaGrammarEvaluationState({ model, grammar: compiled });
        for await (const token of sequence.evaluate(model.tokenize(prompt, true), {
          temperature: 1,
          topK: 0,
          topP: 1,
          seed,
          grammarEvaluationState: state,
        }))
          tokens.push(token);
        if (model.detokenize(tokens).includes('\uFFFD')) broken++;
      }
      await context.dispose();
      await model.dispose();
      expect(broken).toBeGreaterThan(0);
    });

    it('ends before a stop string split across tokens and names it', async () => {
      const result = await collect(backend, {
        grammar: grammar('root ::= "abc" "STOP" "def"'),
        params: { seed: 1, stop: ['STOP'] },
      });
      expect(result.text).toBe('abc');
      expect(done(result)).toEqual([
        { type: 'done', finishReason: 'stop', usage: expect.any(Object), stopSequence: 'STOP' },
      ]);
    });

    it('stops at maxTokens with finish length and counts the tokens', async () => {
      const result = await collect(backend, {
        grammar: grammar('root ::= [a-z]{50}'),
        params: { seed: 1, maxTokens: 5 },
      });
      expect(result.text).toMatch(/^[a-z]{5}$/);
      expect(done(result)).toEqual([
        { type: 'done', finishReason: 'length', usage: { promptTokens: 21, completionTokens: 5 } },
      ]);
    });

    it('a seed repeats its answer; other seeds give other answers', async () => {
      const run = (seed: number) =>
        collect(backend, { grammar: grammar('root ::= [a-z]{12}'), params: { seed, temperature: 1 } });
      const first = await run(3);
      expect((await run(3)).text).toBe(first.text);
      const others = new Set([first.text, (await run(4)).text, (await run(5)).text]);
      expect(others.size).toBe(3);
      expect(done(first)).toEqual([
        { type: 'done', finishReason: 'stop', usage: { promptTokens: 21, completionTokens: 12 } },
      ]);
    });

    it('ends quietly on abort: no done after it, and nothing when aborted before', async () => {
      const controller = new AbortController();
      const chunks: BackendChunk[] = [];
      for await (const chunk of backend.generate({
        model: 'tiny',
        prompt,
        grammar: grammar('root ::= [a-z]{40}'),
        params: { seed: 1 },
        signal: controller.signal,
      })) {
        chunks.push(chunk);
        controller.abort();
      }
      expect(chunks.map((chunk) => chunk.type)).toEqual(['text']);
      expect((await collect(backend, { signal: controller.signal })).chunks).toEqual([]);
      // The sequence is free again for the next generation.
      expect(
        done(await collect(backend, { grammar: grammar('root ::= "ok"'), params: { seed: 1 } })),
      ).toHaveLength(1);
    });
  });

  describe('a schema the grammar cannot express, through the gateway', slow, () => {
    it('says so in a header and a notice, the grammar keeping the rest; declared strict, it is a 400', async () => {
      const gateway = await startEmbeddedGateway([{ name: 'tiny', format: 'hermes', reasoningBudget: 0 }], {
        seed: 3,
      });
      try {
        const tools = [
          {
            type: 'function' as const,
            function: {
              name: 'echo',
              parameters: {
                type: 'object',
                properties: { s: { type: 'string', pattern: '^(a)\\1$', maxLength: 8 } },
                required: ['s'],
                additionalProperties: false,
              },
            },
          },
        ];
        for (let seed = 1; seed <= 5; seed++) {
          const { data: completion, response } = await gateway.client.chat.completions
            .create({
              model: 'tiny',
              messages: [{ role: 'user', content: 'echo' }],
              tools,
              tool_choice: 'required',
              seed,
              max_tokens: 200,
            })
            .withResponse();
          // The client is told what the grammar left out, in a header.
          expect(JSON.parse(response.headers.get('x-toolwire-grammar-warnings') ?? '[]')).toEqual([
            'unsupported: pattern (echo: /properties/s: /^(a)\\1$/: backreferences; not applied)',
          ]);
          // The backreference is not applied (the notice says so); the object, its one key, the
          // string type and its length are.
          for (const call of completion.choices[0]?.message.tool_calls ?? []) {
            const args = call.type === 'function' ? JSON.parse(call.function.arguments) : undefined;
            expect(Object.keys(args)).toEqual(['s']);
            expect(typeof args.s).toBe('string');
            expect([...args.s].length).toBeLessThanOrEqual(8);
          }
          expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
        }
        expect(gateway.notices).toContain(
          'grammar: 1 warning, the first "unsupported: pattern (echo: /properties/s: /^(a)\\\\1$/: backreferences; not applied)" (all in x-toolwire-grammar-warnings)',
        );
        // Declared strict, the same tool is refused before the model samples anything.
        const strict = await gateway.client.chat.completions
          .create({
            model: 'tiny',
            messages: [{ role: 'user', content: 'echo' }],
            tools: tools.map((tool) => ({ ...tool, function: { ...tool.function, strict: true } })),
            tool_choice: 'required',
          })
          .then(
            () => undefined,
            (error: unknown) => error as { status?: number; code?: string },
          );
        expect([strict?.status, strict?.code]).toEqual([400, 'invalid_function_parameters']);
      } finally {
        await gateway.close();
      }
    });
  });

  describe('toolwire serve --model-file', slow, () => {
    let stop: () => void;
    let exit: Promise<number>;
    const stderr: string[] = [];
    afterAll(async () => {
      stop?.();
      await exit;
    });

    it('detects the format from the GGUF chat template and serves the file under its name', async () => {
      const modelFile = writeTinyGguf(join(folder(), 'tiny-cli.gguf'), { seed: 2 });
      const stopped = new Promise<void>((resolve) => {
        stop = resolve;
      });
      exit = runServeCommand(
        ['--model-file', modelFile, '--port', '0'],
        { stdout: () => {}, stderr: (text) => stderr.push(text) },
        {},
        stopped,
      );
      // Wait for the start line (a hang detector bounds the wait, not a timing).
      for (
        let waited = 0;
        !stderr.some((line) => line.includes('listening on')) && waited < 60_000;
        waited += 50
      )
        await new Promise((resolve) => setTimeout(resolve, 50));
      const url = /listening on (http:\/\/[^ ]+)/.exec(stderr.join(''))?.[1];
      const models = (await (await fetch(`${url}/v1/models`)).json()) as {
        data: Array<{ id: string; toolwire: unknown }>;
      };
      expect(
        models.data.map((model: { id: string; toolwire: unknown }) => [model.id, model.toolwire]),
      ).toEqual([['tiny-cli', { format: 'hermes', backend: 'llamacpp-embedded' }]]);
      stop();
      expect(await exit).toBe(0);
    });
  });
}
