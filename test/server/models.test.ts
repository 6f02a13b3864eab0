/**
 * `GET /v1/models` and `GET /v1/models/{id}` in the shape each client reads: OpenAI's list through the
 * `openai` SDK, Anthropic's through `@anthropic-ai/sdk` (chosen by its `anthropic-version` header), and
 * Codex CLI's model metadata (chosen by its `client_version` query parameter) with every field Codex
 * requires to decode the list.
 */
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { builtinPromptRenderer } from '../../src/server/index.js';
import { type GatewayHarness, startGateway } from './gateway-harness.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A gateway serving `m` (hermes, context 32768), `Qwen/Qwen3-8B` (hermes) and `gpt-oss` (harmony). */
async function withExtraModels(): Promise<GatewayHarness> {
  harness = await startGateway({
    replay: { recordings: [] },
    gateway: {
      models: [
        {
          name: 'm',
          format: 'hermes',
          renderer: builtinPromptRenderer('qwen2.5'),
          backend: { type: 'openai-completions', url: 'http://127.0.0.1:9' },
          contextLength: 32768,
        },
        {
          name: 'Qwen/Qwen3-8B',
          format: 'hermes',
          renderer: builtinPromptRenderer('qwen3'),
          backend: { type: 'llamacpp', url: 'http://127.0.0.1:9' },
        },
        {
          name: 'gpt-oss',
          format: 'harmony',
          renderer: builtinPromptRenderer('gpt-oss'),
          backend: { type: 'ollama', url: 'http://127.0.0.1:9' },
        },
      ],
    },
  });
  return harness;
}

const anthropicClient = (gateway: GatewayHarness) =>
  new Anthropic({ baseURL: gateway.url, apiKey: 'unused', maxRetries: 0 });

const anthropicEntry = (id: string, maxInputTokens: number | null) => ({
  type: 'model',
  id,
  display_name: id,
  created_at: '1970-01-01T00:00:00Z',
  capabilities: null,
  deprecated_at: null,
  lifecycle: 'active',
  line: null,
  max_input_tokens: maxInputTokens,
  max_tokens: null,
  retires_at: null,
});

describe('OpenAI shape', () => {
  it('models.list() and models.retrieve() of the openai SDK', async () => {
    const gateway = await withExtraModels();
    const page = await gateway.client.models.list();
    expect(page.data).toEqual([
      {
        id: 'm',
        object: 'model',
        created: 0,
        owned_by: 'toolwire',
        context_length: 32768,
        toolwire: { format: 'hermes', backend: 'openai-completions' },
      },
      {
        id: 'Qwen/Qwen3-8B',
        object: 'model',
        created: 0,
        owned_by: 'toolwire',
        toolwire: { format: 'hermes', backend: 'llamacpp' },
      },
      {
        id: 'gpt-oss',
        object: 'model',
        created: 0,
        owned_by: 'toolwire',
        toolwire: { format: 'harmony', backend: 'ollama' },
      },
    ]);
    expect(await gateway.client.models.retrieve('Qwen/Qwen3-8B')).toEqual(page.data[1]);
  });

  it('an unknown id is a 404 model_not_found in OpenAI shape', async () => {
    const gateway = await withExtraModels();
    const response = await fetch(`${gateway.url}/v1/models/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: {
        message: 'model "nope" not found',
        type: 'not_found_error',
        param: 'model',
        code: 'model_not_found',
      },
    });
  });
});

describe('Codex CLI shape', () => {
  it('with client_version, the list also carries each model as Codex model metadata', async () => {
    const gateway = await withExtraModels();
    const response = await fetch(`${gateway.url}/v1/models?client_version=0.171.0`, {
      headers: { authorization: 'Bearer unused' },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { object: string; data: unknown[]; models: unknown[] };
    expect(body.object).toBe('list');
    expect(body.data).toHaveLength(3);
    const codexEntry = (slug: string, format: string, priority: number) => ({
      slug,
      display_name: slug,
      description: `${format} tool calls through toolwire`,
      supported_reasoning_levels: [],
      shell_type: 'unified_exec',
      visibility: 'list',
      supported_in_api: true,
      priority,
      upgrade: null,
      base_instructions: '',
      supports_reasoning_summaries: false,
      support_verbosity: false,
      default_verbosity: null,
      apply_patch_tool_type: null,
      truncation_policy: { mode: 'bytes', limit: 10000 },
      supports_parallel_tool_calls: true,
      experimental_supported_tools: [],
      input_modalities: ['text'],
    });
    expect(body.models).toEqual([
      { ...codexEntry('m', 'hermes', 0), context_window: 32768 },
      codexEntry('Qwen/Qwen3-8B', 'hermes', 1),
      codexEntry('gpt-oss', 'harmony', 2),
    ]);
  });

  it('without client_version there is no models key', async () => {
    const gateway = await withExtraModels();
    const body = (await (await fetch(`${gateway.url}/v1/models`)).json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['object', 'data']);
  });
});

describe('Anthropic shape', () => {
  it('models.list() and models.retrieve() of @anthropic-ai/sdk', async () => {
    const gateway = await withExtraModels();
    const client = anthropicClient(gateway);
    const page = await client.models.list();
    expect(page.data).toEqual([
      anthropicEntry('m', 32768),
      anthropicEntry('Qwen/Qwen3-8B', null),
      anthropicEntry('gpt-oss', null),
    ]);
    expect(page.has_more).toBe(false);
    expect(page.first_id).toBe('m');
    expect(page.last_id).toBe('gpt-oss');
    expect(await client.models.retrieve('gpt-oss')).toEqual(anthropicEntry('gpt-oss', null));
    const all: string[] = [];
    for await (const model of client.models.list({ limit: 1 })) all.push(model.id);
    expect(all).toEqual(['m', 'Qwen/Qwen3-8B', 'gpt-oss']);
  });

  it('pages by limit, after_id and before_id', async () => {
    const gateway = await withExtraModels();
    const get = async (query: string) =>
      (await (
        await fetch(`${gateway.url}/v1/models${query}`, { headers: { 'anthropic-version': '2023-06-01' } })
      ).json()) as {
        data: { id: string }[];
        has_more: boolean;
        first_id: string | null;
        last_id: string | null;
      };
    const summary = async (query: string) => {
      const page = await get(query);
      return {
        ids: page.data.map((model) => model.id),
        has_more: page.has_more,
        first: page.first_id,
        last: page.last_id,
      };
    };
    expect(await summary('?limit=2')).toEqual({
      ids: ['m', 'Qwen/Qwen3-8B'],
      has_more: true,
      first: 'm',
      last: 'Qwen/Qwen3-8B',
    });
    expect(await summary('?limit=2&after_id=Qwen%2FQwen3-8B')).toEqual({
      ids: ['gpt-oss'],
      has_more: false,
      first: 'gpt-oss',
      last: 'gpt-oss',
    });
    expect(await summary('?limit=1&before_id=gpt-oss')).toEqual({
      ids: ['Qwen/Qwen3-8B'],
      has_more: true,
      first: 'Qwen/Qwen3-8B',
      last: 'Qwen/Qwen3-8B',
    });
    expect(await summary('?after_id=gpt-oss')).toEqual({ ids: [], has_more: false, first: null, last: null });
  });

  it('x-api-key alone picks the Anthropic shape; errors are Anthropic-shaped', async () => {
    const gateway = await withExtraModels();
    const list = await fetch(`${gateway.url}/v1/models`, { headers: { 'x-api-key': 'unused' } });
    expect(((await list.json()) as { data: unknown[] }).data[0]).toEqual(anthropicEntry('m', 32768));
    const headers = { 'anthropic-version': '2023-06-01' };
    const missing = await fetch(`${gateway.url}/v1/models/nope`, { headers });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      type: 'error',
      error: { type: 'not_found_error', message: 'model "nope" not found' },
    });
    const badLimit = await fetch(`${gateway.url}/v1/models?limit=0`, { headers });
    expect(badLimit.status).toBe(400);
    expect(await badLimit.json()).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: '"limit" must be an integer from 1 to 1000' },
    });
    const unknownAfter = await fetch(`${gateway.url}/v1/models?after_id=nope`, { headers });
    expect(unknownAfter.status).toBe(404);
  });
});
