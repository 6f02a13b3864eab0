import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolwireError } from '../../src/errors/index.js';
import {
  type Backend,
  type BackendChunk,
  type BackendConfig,
  BackendError,
  type BackendKind,
  type GenerateRequest,
} from '../../src/server/backends/backend.js';
import { backendKinds, createBackend } from '../../src/server/backends/create-backend.js';
import { type ReplayBackend, type ReplayRecording, startReplayBackend } from './replay-backend.js';

const prompt = '<|im_start|>user\nWeather in Zürich? 🌧<|im_end|>\n<|im_start|>assistant\n';
const output =
  'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Zürich 🌧", "unit": "°C"}}\n</tool_call>';
const params = { maxTokens: 64, temperature: 0.2, topP: 0.9, stop: ['<|im_end|>'], seed: 7 };
const chat = {
  messages: [{ role: 'user', content: 'Weather in Zürich? 🌧' }],
  tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
  tool_choice: 'auto',
};
const grammar = {
  gbnf: 'root ::= "<tool_call>" [^<]* "</tool_call>"',
  ebnf: 'root ::= "<tool_call>" [^<]* "</tool_call>"',
  lazy: false,
  triggers: [],
};
const lazyGrammar = { ...grammar, lazy: true, triggers: ['<tool_call>'] };

interface KindCase {
  readonly type: BackendKind;
  readonly path: string;
  readonly config?: Partial<BackendConfig>;
}

const kinds: readonly KindCase[] = [
  { type: 'openai-completions', path: '/v1/completions', config: { grammarField: 'structured_outputs' } },
  { type: 'llamacpp', path: '/completion' },
  { type: 'ollama', path: '/api/generate' },
  { type: 'openai-chat-passthrough', path: '/v1/chat/completions' },
];

/**
 * Kinds these HTTP cases do not apply to, and why: `llamacpp-embedded` runs a GGUF model in this
 * process (no server, URL, key or connection); test/server/embedded-backend.test.ts covers it.
 */
const inProcessKinds: readonly BackendKind[] = ['llamacpp-embedded'];

it('runs the cases below for every backend kind createBackend makes that talks to a server', () => {
  expect(kinds.map((kind) => kind.type).sort()).toEqual(
    backendKinds.filter((kind) => !inProcessKinds.includes(kind)).sort(),
  );
});

/** The prompt the replay server sees: the raw prompt, or the chat messages as JSON for a passthrough. */
function seenPrompt(type: BackendKind): string {
  return type === 'openai-chat-passthrough' ? JSON.stringify(chat.messages) : prompt;
}

let servers: ReplayBackend[] = [];
let resourcesAtStart = 0;

/** Sockets, servers and timers: what a leaked connection or timer leaves behind. */
function openResources(): number {
  return process
    .getActiveResourcesInfo()
    .filter((name) => name === 'TCPSocketWrap' || name === 'TCPServerWrap' || name === 'Timeout').length;
}

beforeEach(() => {
  resourcesAtStart = openResources();
});

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
  // Closed sockets leave the list a few event-loop turns later; 2 s is a hang detector, not a timing.
  for (let waited = 0; openResources() > resourcesAtStart && waited < 2000; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(openResources()).toBeLessThanOrEqual(resourcesAtStart);
});

async function replay(recordings: readonly ReplayRecording[], seed = 1): Promise<ReplayBackend> {
  const server = await startReplayBackend({ recordings, seed });
  servers.push(server);
  return server;
}

function backendFor(kind: KindCase, url: string, config: Partial<BackendConfig> = {}): Backend {
  return createBackend({ type: kind.type, url, ...kind.config, ...config });
}

function request(overrides: Partial<GenerateRequest> = {}): GenerateRequest {
  return { model: 'qwen3', prompt, chat, params, signal: new AbortController().signal, ...overrides };
}

interface Collected {
  text: string;
  reasoning: string;
  done: BackendChunk[];
  chunks: number;
}

async function collect(chunks: AsyncIterable<BackendChunk>): Promise<Collected> {
  const out: Collected = { text: '', reasoning: '', done: [], chunks: 0 };
  for await (const chunk of chunks) {
    out.chunks++;
    if (chunk.type === 'text') out.text += chunk.text;
    else if (chunk.type === 'reasoning') out.reasoning += chunk.text;
    else out.done.push(chunk);
  }
  return out;
}

async function failure(chunks: AsyncIterable<BackendChunk>): Promise<BackendError> {
  try {
    await collect(chunks);
  } catch (error) {
    if (error instanceof BackendError) return error;
    throw error;
  }
  throw new Error('the generation did not fail');
}

describe.each(kinds)('$type backend against a replay server', (kind) => {
  it('yields the recorded text in order, then one done with the reported usage', async () => {
    for (const seed of [1, 2, 3]) {
      const server = await replay(
        [{ output, expectPrompt: seenPrompt(kind.type), usage: { promptTokens: 31, completionTokens: 29 } }],
        seed,
      );
      const result = await collect(backendFor(kind, server.url).generate(request()));
      expect(result.text).toBe(output);
      expect(result.done).toEqual([
        { type: 'done', finishReason: 'stop', usage: { promptTokens: 31, completionTokens: 29 } },
      ]);
      expect(result.chunks).toBeGreaterThan(2);
      expect(server.requests.map((r) => r.path)).toEqual([kind.path]);
      expect(await server.requests[0]!.ended).toBe('completed');
    }
  });

  it('maps the token limit to finish length', async () => {
    const server = await replay([
      { output: 'cut sho', finishReason: 'length', usage: { promptTokens: 5, completionTokens: 3 } },
    ]);
    const result = await collect(backendFor(kind, server.url).generate(request()));
    expect(result.text).toBe('cut sho');
    expect(result.done).toEqual([
      { type: 'done', finishReason: 'length', usage: { promptTokens: 5, completionTokens: 3 } },
    ]);
  });

  it('sends the API key as a bearer token and the configured headers', async () => {
    const server = await replay([{ output: 'ok' }]);
    const backend = backendFor(kind, server.url, { apiKey: 'sk-secret-key', headers: { 'X-Org': 'team-a' } });
    await collect(backend.generate(request()));
    expect(server.requests[0]!.headers.authorization).toBe('Bearer sk-secret-key');
    expect(server.requests[0]!.headers['x-org']).toBe('team-a');
    expect(server.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('answers a prompt the recording does not expect with backend_status 400 and the difference', async () => {
    const server = await replay([{ output: 'ok', expectPrompt: 'something else' }]);
    const error = await failure(backendFor(kind, server.url).generate(request()));
    expect(error.code).toBe('backend_status');
    expect(error.backendStatus).toBe(400);
    expect(error.status).toBe(502);
    expect(error.message).toContain('prompt differs from the recording at UTF-16 offset 0');
  });

  it('reports a refused connection as backend_unreachable', async () => {
    const server = await replay([{ output: 'x', refuse: true }]);
    const error = await failure(backendFor(kind, server.url).generate(request()));
    expect([error.code, error.status]).toEqual(['backend_unreachable', 502]);
  });

  it('reports a port where nothing listens as backend_unreachable', async () => {
    const server = await startReplayBackend({ recordings: [] });
    const url = server.url;
    await server.close();
    const error = await failure(backendFor(kind, url).generate(request()));
    expect(error.code).toBe('backend_unreachable');
    expect(error.message).toBe(`backend ${url}${kind.path} could not be reached (ECONNREFUSED)`);
  });

  it('does not follow a redirect: backend_status, and the address it points to is never asked', async () => {
    const asked: string[] = [];
    const elsewhere = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.end();
    });
    const redirecting = createServer((_req, res) => {
      res.writeHead(307, { location: `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/x` });
      res.end();
    });
    for (const server of [elsewhere, redirecting]) {
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
    }
    try {
      const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      const error = await failure(backendFor(kind, url).generate(request()));
      expect([error.code, error.status, error.message]).toEqual([
        'backend_status',
        502,
        `backend ${url}${kind.path} answered with a redirect, which is not followed: set the backend url to where it points`,
      ]);
      expect(asked).toEqual([]);
    } finally {
      for (const server of [elsewhere, redirecting]) {
        server.closeAllConnections();
        server.close();
      }
    }
  });

  it('reports an error status with an excerpt of the body, the API key blanked out', async () => {
    const body = {
      error: { message: `invalid key sk-secret-key for model qwen3 ${'x'.repeat(400)}`, code: 401 },
    };
    const server = await replay([{ output: '', status: 401, errorBody: body }]);
    const backend = backendFor(kind, server.url, { apiKey: 'sk-secret-key' });
    const error = await failure(backend.generate(request()));
    expect([error.code, error.status, error.backendStatus]).toEqual(['backend_status', 502, 401]);
    const excerpt = JSON.stringify(body).replace('sk-secret-key', '***').slice(0, 300);
    expect(error.message).toBe(`backend ${server.url}${kind.path} answered 401: ${excerpt}...`);
    expect(error.message).not.toContain('sk-secret-key');
  });

  it('reports a connection reset mid-stream as backend_protocol', async () => {
    const server = await replay([{ output, resetAfterChunks: 2 }]);
    const error = await failure(backendFor(kind, server.url).generate(request()));
    expect(error.code).toBe('backend_protocol');
    expect(error.message).toContain('closed the connection mid-stream');
  });

  it('reports an event that is not JSON as backend_protocol', async () => {
    const server = await replay([{ output, malformed: true }]);
    const error = await failure(backendFor(kind, server.url).generate(request()));
    expect(error.code).toBe('backend_protocol');
    expect(error.message).toBe('the backend sent an event that is not JSON: {not json');
  });

  it('reports a stream that ends before its end marker as backend_protocol', async () => {
    const server = await replay([{ output, omitEnd: true }]);
    const error = await failure(backendFor(kind, server.url).generate(request()));
    expect(error.code).toBe('backend_protocol');
    expect(error.message).toMatch(new RegExp(`^backend ${server.url}${kind.path} ended its stream before `));
  });

  it('reports an error event mid-stream as backend_status', async () => {
    const server = await replay([{ output, errorEventAfterChunks: 1 }]);
    const error = await failure(backendFor(kind, server.url).generate(request()));
    expect(error.code).toBe('backend_status');
    expect(error.message).toBe('the backend reported an error mid-stream: replay error event');
    expect(error.backendStatus).toBe(kind.type === 'ollama' ? undefined : 500);
  });

  it('reports a stall between chunks past timeoutMs as backend_timeout (504)', async () => {
    const server = await replay([{ output, stallAfterChunks: 2 }]);
    const backend = backendFor(kind, server.url, { timeoutMs: 200 });
    const seen: string[] = [];
    let error: unknown;
    try {
      for await (const chunk of backend.generate(request())) if (chunk.type === 'text') seen.push(chunk.text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BackendError);
    expect([(error as BackendError).code, (error as BackendError).status]).toEqual(['backend_timeout', 504]);
    expect((error as BackendError).message).toBe(`backend ${server.url}${kind.path} sent nothing for 200 ms`);
    expect(output.startsWith(seen.join(''))).toBe(true);
    expect(await server.requests[0]!.ended).toBe('client_closed');
  });

  it('reports a server that never answers past timeoutMs as backend_timeout', async () => {
    const server = await replay([{ output, silent: true }]);
    const error = await failure(backendFor(kind, server.url, { timeoutMs: 200 }).generate(request()));
    expect(error.code).toBe('backend_timeout');
  });

  it('ends quietly when the request is aborted mid-stream, and closes the connection', async () => {
    const server = await replay([{ output, stallAfterChunks: 3 }]);
    const controller = new AbortController();
    const chunks: BackendChunk[] = [];
    for await (const chunk of backendFor(kind, server.url).generate(request({ signal: controller.signal }))) {
      chunks.push(chunk);
      controller.abort();
    }
    expect(chunks.length).toBe(1);
    expect(chunks[0]!.type).toBe('text');
    expect(await server.requests[0]!.ended).toBe('client_closed');
  });

  it('ends quietly when the request is aborted while waiting for the headers', async () => {
    const server = await replay([{ output, silent: true }]);
    const controller = new AbortController();
    const pending = collect(backendFor(kind, server.url).generate(request({ signal: controller.signal })));
    // Abort once the server holds the request (a hang detector bounds the wait, not a timing).
    for (let waited = 0; server.requests.length === 0 && waited < 2000; waited += 5) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    controller.abort();
    expect((await pending).chunks).toBe(0);
    expect(await server.requests[0]!.ended).toBe('client_closed');
  });

  it('closes the connection when the consumer stops reading early', async () => {
    const server = await replay([{ output, stallAfterChunks: 3 }]);
    for await (const chunk of backendFor(kind, server.url).generate(request())) {
      expect(chunk.type).toBe('text');
      break;
    }
    expect(await server.requests[0]!.ended).toBe('client_closed');
  });

  it('makes no request when the signal is already aborted', async () => {
    const server = await replay([{ output }]);
    const controller = new AbortController();
    controller.abort();
    const result = await collect(
      backendFor(kind, server.url).generate(request({ signal: controller.signal })),
    );
    expect(result.chunks).toBe(0);
    expect(server.requests).toEqual([]);
  });
});

describe('request bodies', () => {
  async function bodyFor(config: BackendConfig, overrides: Partial<GenerateRequest> = {}): Promise<unknown> {
    const server = await replay([{ output: 'ok' }]);
    await collect(createBackend({ ...config, url: server.url }).generate(request(overrides)));
    return server.requests[0]!.body;
  }
  const openAISampling = { max_tokens: 64, temperature: 0.2, top_p: 0.9, stop: ['<|im_end|>'], seed: 7 };
  const streamFields = { stream: true, stream_options: { include_usage: true } };
  // Sent to every openai-completions backend: the format's markers may be special tokens.
  const specialTokens = { skip_special_tokens: false, spaces_between_special_tokens: false };

  it.each([
    ['structured_outputs', { structured_outputs: { grammar: grammar.ebnf } }, 'ebnf'],
    ['guided_grammar', { guided_grammar: grammar.ebnf }, 'ebnf'],
    ['ebnf', { ebnf: grammar.ebnf }, 'ebnf'],
    ['grammar', { grammar: grammar.gbnf }, 'gbnf'],
  ] as const)('openai-completions sends a grammar in %s', async (grammarField, fields, dialect) => {
    const config = { type: 'openai-completions', url: 'http://127.0.0.1:1', grammarField } as const;
    expect(createBackend(config).capabilities).toEqual({
      grammar: dialect,
      lazyGrammar: grammarField === 'grammar',
      seed: true,
      topK: true,
    });
    expect(await bodyFor(config, { grammar })).toEqual({
      model: 'qwen3',
      prompt,
      ...openAISampling,
      ...fields,
      ...specialTokens,
      ...streamFields,
    });
  });

  it('openai-completions with grammarField grammar sends a lazy grammar as llama.cpp reads it', async () => {
    const body = await bodyFor(
      { type: 'openai-completions', url: '', grammarField: 'grammar' },
      { grammar: lazyGrammar },
    );
    expect(body).toEqual({
      model: 'qwen3',
      prompt,
      ...openAISampling,
      grammar: grammar.gbnf,
      grammar_lazy: true,
      grammar_triggers: [{ type: 1, value: '<tool_call>' }],
      preserved_tokens: ['<tool_call>'],
      ...specialTokens,
      ...streamFields,
    });
  });

  it("the format's markers are preserved tokens for llama.cpp (its server prints special tokens only then)", async () => {
    const preservedTexts = ['[TOOL_CALLS]', '[ARGS]', '<tool_call>'];
    const native = (await bodyFor(
      { type: 'llamacpp', url: '' },
      { grammar: lazyGrammar, preservedTexts },
    )) as {
      preserved_tokens: unknown;
    };
    const server = (await bodyFor(
      { type: 'openai-completions', url: '', grammarField: 'grammar' },
      { preservedTexts },
    )) as { preserved_tokens: unknown };
    const vllm = (await bodyFor(
      { type: 'openai-completions', url: '', grammarField: 'structured_outputs' },
      { preservedTexts },
    )) as Record<string, unknown>;
    expect([native.preserved_tokens, server.preserved_tokens, 'preserved_tokens' in vllm]).toEqual([
      ['[TOOL_CALLS]', '[ARGS]', '<tool_call>'],
      ['[TOOL_CALLS]', '[ARGS]', '<tool_call>'],
      false,
    ]);
  });

  it('openai-completions sends add_special_tokens false for a prompt that starts with a BOS text (no second BOS)', async () => {
    const config = { type: 'openai-completions', url: '' } as const;
    const llama = (await bodyFor(config, { prompt: '<|begin_of_text|><|start_header_id|>user' })) as Record<
      string,
      unknown
    >;
    const qwen = (await bodyFor(config, { prompt: '<|im_start|>user\nhi' })) as Record<string, unknown>;
    expect([llama.add_special_tokens, 'add_special_tokens' in qwen]).toEqual([false, false]);
  });

  it('openai-completions without a grammar field (default) sends no grammar and leaves unset params out', async () => {
    expect(await bodyFor({ type: 'openai-completions', url: '' }, { params: { maxTokens: 10 } })).toEqual({
      model: 'qwen3',
      prompt,
      max_tokens: 10,
      ...specialTokens,
      ...streamFields,
    });
    const backend = createBackend({ type: 'openai-completions', url: 'http://127.0.0.1:1' });
    expect(backend.capabilities).toEqual({ grammar: false, lazyGrammar: false, seed: true, topK: true });
  });

  it('llamacpp sends /completion fields with a lazy grammar and word triggers', async () => {
    expect(await bodyFor({ type: 'llamacpp', url: '' }, { grammar: lazyGrammar })).toEqual({
      model: 'qwen3',
      prompt,
      n_predict: 64,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['<|im_end|>'],
      seed: 7,
      grammar: grammar.gbnf,
      grammar_lazy: true,
      grammar_triggers: [{ type: 1, value: '<tool_call>' }],
      preserved_tokens: ['<tool_call>'],
      stream: true,
    });
  });

  it('llamacpp sends a whole-output grammar without the lazy fields', async () => {
    expect(await bodyFor({ type: 'llamacpp', url: '' }, { grammar, params: {} })).toEqual({
      model: 'qwen3',
      prompt,
      grammar: grammar.gbnf,
      stream: true,
    });
  });

  it('ollama sends a raw prompt with options, and think false (the reasoning stays in the text)', async () => {
    expect(await bodyFor({ type: 'ollama', url: '' })).toEqual({
      model: 'qwen3',
      prompt,
      raw: true,
      think: false,
      stream: true,
      options: { num_predict: 64, temperature: 0.2, top_p: 0.9, stop: ['<|im_end|>'], seed: 7 },
    });
  });

  it('ollama sends contextSize as options.num_ctx', async () => {
    const body = await bodyFor({ type: 'ollama', url: '', contextSize: 32768 });
    expect((body as { options: unknown }).options).toEqual({
      num_predict: 64,
      temperature: 0.2,
      top_p: 0.9,
      stop: ['<|im_end|>'],
      seed: 7,
      num_ctx: 32768,
    });
  });

  it('openai-chat-passthrough sends the chat fields with the sampling params', async () => {
    expect(await bodyFor({ type: 'openai-chat-passthrough', url: '' })).toEqual({
      ...chat,
      model: 'qwen3',
      ...openAISampling,
      ...streamFields,
    });
  });

  it.each([
    ['ollama', grammar],
    ['openai-chat-passthrough', grammar],
    ['openai-completions', grammar],
  ] as const)('%s refuses a grammar it cannot apply with ToolwireError unsupported', async (type, given) => {
    const server = await replay([]);
    const backend = createBackend({ type, url: server.url });
    expect(backend.capabilities.grammar).toBe(false);
    // API misuse (the gateway checks capabilities first), so `generate` throws before any request.
    expect(() => backend.generate(request({ grammar: given }))).toThrow(
      expect.objectContaining({
        code: 'unsupported',
        message: 'this backend takes no grammar; check capabilities.grammar first',
      }),
    );
    expect(server.requests).toEqual([]);
  });

  it('an EBNF openai-completions backend refuses a lazy grammar', async () => {
    const server = await replay([]);
    const backend = createBackend({ type: 'openai-completions', url: server.url, grammarField: 'ebnf' });
    expect(() => backend.generate(request({ grammar: lazyGrammar }))).toThrow(
      'this backend takes no lazy grammar; check capabilities.lazyGrammar first',
    );
    expect(server.requests).toEqual([]);
  });
});

describe('openai-chat-passthrough streams', () => {
  it.each([
    'reasoning_content',
    'reasoning',
  ] as const)('yields delta.%s as reasoning chunks', async (field) => {
    const server = await replay([
      {
        output: 'The answer.',
        reasoning: 'Thinking about 🌧 in Zürich.',
        reasoningField: field,
        usage: { promptTokens: 52, completionTokens: 4 },
      },
    ]);
    const backend = createBackend({ type: 'openai-chat-passthrough', url: server.url });
    const result = await collect(backend.generate(request()));
    expect([result.reasoning, result.text]).toEqual(['Thinking about 🌧 in Zürich.', 'The answer.']);
    expect(result.done).toEqual([
      { type: 'done', finishReason: 'stop', usage: { promptTokens: 52, completionTokens: 4 } },
    ]);
  });

  it('refuses tool calls the server parsed itself with a clear backend_protocol error', async () => {
    const server = await replay([{ output: '', toolCalls: [{ name: 'get_weather', arguments: '{}' }] }]);
    const backend = createBackend({ type: 'openai-chat-passthrough', url: server.url });
    const error = await failure(backend.generate(request()));
    expect(error.code).toBe('backend_protocol');
    expect(error.message).toContain(
      'the backend parsed tool calls itself (delta.tool_calls); turn its tool-call parser off',
    );
  });
});

describe('createBackend config checks and secrets', () => {
  it.each([
    [
      { type: 'vllm', url: 'http://127.0.0.1:8000' },
      'backend type must be one of openai-completions, llamacpp, ollama, openai-chat-passthrough, llamacpp-embedded, not "vllm"',
    ],
    [{ type: 'llamacpp', url: 'localhost:8080' }, 'backend url must use http or https, not localhost:'],
    [{ type: 'llamacpp', url: 'not a url' }, 'backend url must be an absolute http or https URL'],
    [{ type: 'ollama', url: 'http://h/?key=1' }, 'backend url must not have a query or a fragment'],
    [
      { type: 'ollama', url: 'http://h', timeoutMs: 0 },
      'backend timeoutMs must be a positive number of milliseconds',
    ],
    [
      { type: 'openai-completions', url: 'http://h', grammarField: 'xgrammar' },
      'backend grammarField must be one of grammar, structured_outputs, guided_grammar, ebnf, none, not "xgrammar"',
    ],
    [
      { type: '__proto__', url: 'http://h' },
      'backend type must be one of openai-completions, llamacpp, ollama, openai-chat-passthrough, llamacpp-embedded, not "__proto__"',
    ],
    [{ type: 'llamacpp-embedded', modelFile: '' }, 'backend modelFile must be the path of a GGUF file'],
    [
      { type: 'llamacpp', url: 'http://h', headers: { 'bad header': 'x' } },
      'backend header name "bad header" is not a valid HTTP header name',
    ],
    [
      { type: 'llamacpp', url: 'http://h', headers: { 'x-a': 'one\r\nx-b: two' } },
      'backend header "x-a" must be a string without line breaks or NUL',
    ],
  ])('refuses %j', (config, message) => {
    const call = () => createBackend(config as unknown as BackendConfig);
    expect(call).toThrow(ToolwireError);
    expect(call).toThrow(message);
    try {
      call();
    } catch (error) {
      expect((error as ToolwireError).code).toBe('invalid_argument');
    }
  });

  it('moves URL credentials into a Basic header and keeps them out of messages; a base path and trailing slash are kept right', async () => {
    const server = await replay([
      { output: 'ok' },
      { output: '', status: 500, errorBody: 'bad pass: hunter22' },
    ]);
    const url = server.url.replace('http://', 'http://user:hunter22@') + '/';
    const backend = createBackend({ type: 'llamacpp', url });
    await collect(backend.generate(request()));
    expect(server.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('user:hunter22').toString('base64')}`,
    );
    expect(server.requests[0]!.path).toBe('/completion');
    const error = await failure(backend.generate(request()));
    expect(error.message).toBe(`backend ${server.url}/completion answered 500: "bad pass: ***"`);
  });

  it('redacts a URL password written with a percent escape, as sent, from error excerpts', async () => {
    const server = await replay([
      { output: '', status: 500, errorBody: 'bad pass: hunter@22 (hunter%4022)' },
    ]);
    const backend = createBackend({
      type: 'llamacpp',
      url: server.url.replace('http://', 'http://user:hunter%4022@'),
    });
    const error = await failure(backend.generate(request()));
    expect(error.message).toBe(`backend ${server.url}/completion answered 500: "bad pass: *** (***)"`);
  });

  it('redacts a header value holding a run of whitespace, echoed back by the backend', async () => {
    const secret = 'tok  en   with spaces-1234';
    const server = await replay([
      { output: '', status: 401, errorBody: `rejected header value ${secret} here` },
    ]);
    const backend = createBackend({ type: 'llamacpp', url: server.url, headers: { 'x-secret': secret } });
    const error = await failure(backend.generate(request()));
    expect(error.message).toBe(
      `backend ${server.url}/completion answered 401: "rejected header value *** here"`,
    );
  });

  it('redacts a one-letter api key where it stands alone, not inside the words of the excerpt', async () => {
    const server = await replay([
      { output: '', status: 401, errorBody: 'key x rejected: expected syntax x-y or "x"; got x' },
    ]);
    const backend = createBackend({ type: 'llamacpp', url: server.url, apiKey: 'x' });
    const error = await failure(backend.generate(request()));
    expect(error.message).toBe(
      `backend ${server.url}/completion answered 401: "key *** rejected: expected syntax x-y or \\"***\\"; got ***"`,
    );
  });
});

/** Runs `use` against a server on loopback that answers every request with `body` as an SSE stream. */
async function withSseServer<T>(body: string, use: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('finish reasons and reasoning fields as servers send them', () => {
  async function served(path: string, body: string): Promise<Awaited<ReturnType<typeof collect>>> {
    const type = path === '/completion' ? 'llamacpp' : 'openai-chat-passthrough';
    return withSseServer(body, (url) =>
      collect(createBackend({ type, url }).generate(request({ chat: { messages: [] } }))),
    );
  }

  it('llama.cpp: truncated true with stop_type eos is a stop (the context was shifted), not length', async () => {
    const collected = await served(
      '/completion',
      'data: {"content":"Hi","stop":false}\n\ndata: {"content":"","stop":true,"stop_type":"eos","truncated":true}\n\n',
    );
    expect(collected.done.map((done) => done.type === 'done' && done.finishReason)).toEqual(['stop']);
  });

  it('passthrough: an empty reasoning_content beside a reasoning with text keeps the text', async () => {
    const collected = await served(
      '/v1/chat/completions',
      'data: {"choices":[{"index":0,"delta":{"reasoning_content":"","reasoning":"think A"}}]}\n\ndata: {"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
    );
    expect([collected.reasoning, collected.text]).toEqual(['think A', 'ok']);
  });
});

describe("llama.cpp's error field mid-stream (`error: {…}`, then `data: [DONE]`)", () => {
  it.each([
    ['\n', 'backend_status', 'the backend reported an error mid-stream: slot unavailable'],
    ['\r\n', 'backend_status', 'the backend reported an error mid-stream: slot unavailable'],
  ])('is a backend error, not the end of an answer (line ends %j)', async (eol, code, message) => {
    const body = [
      'data: {"choices":[{"index":0,"text":"Hel","finish_reason":null}]}',
      '',
      'error: {"code":500,"message":"slot unavailable","type":"server_error"}',
      '',
      'data: [DONE]',
      '',
      '',
    ].join(eol);
    const error = await withSseServer(body, (url) =>
      failure(createBackend({ type: 'openai-completions', url }).generate(request())),
    );
    expect([error.code, error.message]).toEqual([code, message]);
  });

  it('a prompt longer than the context is context_length_exceeded (a 400)', async () => {
    const body =
      'error: {"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error"}\n\ndata: [DONE]\n\n';
    const error = await withSseServer(body, (url) =>
      failure(createBackend({ type: 'openai-completions', url }).generate(request())),
    );
    expect([error.code, error.status]).toEqual(['context_length_exceeded', 400]);
  });
});

describe('events of the wrong shape', () => {
  // Text or fields the backend garbled are a protocol error, not an answer with no text.
  const garbled: readonly [string, string][] = [
    [
      '{"choices":[{"index":0,"text":5,"finish_reason":null}]}',
      'the backend sent text that is not a string: a number',
    ],
    [
      '{"choices":[{"index":0,"text":{"a":1},"finish_reason":null}]}',
      'the backend sent text that is not a string: an object',
    ],
    ['{"choices":{"text":"x"}}', 'the backend sent an event whose "choices" is not an array'],
    [
      '{"choices":[{"index":0,"text":"","finish_reason":7}]}',
      'the backend sent a "finish_reason" that is not a string',
    ],
  ];
  it.each(garbled)('openai-completions: %s', async (event, message) => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(
        `data: {"choices":[{"index":0,"text":"Hi","finish_reason":null}]}\n\ndata: ${event}\n\ndata: [DONE]\n\n`,
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const error = await failure(createBackend({ type: 'openai-completions', url }).generate(request()));
      expect([error.code, error.message]).toEqual(['backend_protocol', message]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('null text and a null choices list are nothing, as servers send them on events that only finish', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.end(
        'data: {"choices":[{"index":0,"text":"Hi","finish_reason":null}]}\n\ndata: {"choices":null,"usage":{"prompt_tokens":3,"completion_tokens":1}}\n\ndata: {"choices":[{"index":0,"text":null,"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
      );
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const collected = await collect(createBackend({ type: 'openai-completions', url }).generate(request()));
      expect(collected.text).toBe('Hi');
      expect(collected.done).toEqual([
        { type: 'done', finishReason: 'stop', usage: { promptTokens: 3, completionTokens: 1 } },
      ]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
