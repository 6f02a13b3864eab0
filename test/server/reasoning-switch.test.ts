import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { promptRendererFromText } from '../../src/server/index.js';
import { type GatewayHarness, startGateway } from './gateway-harness.js';

// A template that writes what it was told: `enable_thinking` and `reasoning_effort` (as Qwen3 and
// gpt-oss templates read them), then the last user message.
const template =
  '{{ "thinking=" ~ (enable_thinking if enable_thinking is defined else "default") }}' +
  '{{ " effort=" ~ (reasoning_effort if reasoning_effort is defined else "default") }}\n' +
  '{{ messages[-1].content }}\n';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

async function promptFor(request: (h: GatewayHarness) => Promise<unknown>): Promise<string> {
  harness = await startGateway({
    replay: { recordings: [{ output: 'ok' }] },
    model: { renderer: promptRendererFromText(template) },
  });
  await request(harness);
  return String(harness.replay.requests[0]?.body.prompt);
}

describe('reasoning effort reaches the template as its reasoning switch', () => {
  it.each([
    [undefined, 'thinking=default effort=default\nhi'],
    ['none', 'thinking=false effort=default\nhi'],
    ['minimal', 'thinking=true effort=low\nhi'],
    ['medium', 'thinking=true effort=medium\nhi'],
    ['high', 'thinking=true effort=high\nhi'],
  ] as const)('Chat reasoning_effort %s', async (effort, prompt) => {
    expect(
      await promptFor((h) =>
        h.client.chat.completions.create({
          model: 'm',
          messages: [{ role: 'user', content: 'hi' }],
          ...(effort === undefined ? {} : { reasoning_effort: effort }),
        }),
      ),
    ).toBe(prompt);
  });

  it('Responses reasoning.effort', async () => {
    expect(
      await promptFor((h) =>
        h.client.responses.create({ model: 'm', input: 'hi', reasoning: { effort: 'low' } }),
      ),
    ).toBe('thinking=true effort=low\nhi');
  });

  it.each([
    [undefined, 'thinking=default effort=default\nhi'],
    [{ type: 'enabled', budget_tokens: 2048 }, 'thinking=true effort=default\nhi'],
    [{ type: 'disabled' }, 'thinking=false effort=default\nhi'],
    [{ type: 'adaptive' }, 'thinking=default effort=default\nhi'],
  ] as const)('Anthropic Messages thinking %j', async (thinking, prompt) => {
    expect(
      await promptFor((h) =>
        new Anthropic({ baseURL: h.url, apiKey: 'unused', maxRetries: 0 }).messages.create({
          model: 'm',
          max_tokens: 4096,
          messages: [{ role: 'user', content: 'hi' }],
          ...(thinking === undefined ? {} : { thinking }),
        } as Anthropic.MessageCreateParamsNonStreaming),
      ),
    ).toBe(prompt);
  });

  it('an unknown effort is a 400 naming the field', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const response = await fetch(`${harness.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        reasoning_effort: 'max',
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: '"reasoning_effort" must be one of none, minimal, low, medium, high, xhigh',
        type: 'invalid_request_error',
        param: 'reasoning_effort',
        code: 'invalid_value',
      },
    });
  });
});

describe('the built-in templates', () => {
  it('builtin:qwen3 with reasoning_effort none: the empty think block Qwen3 writes, no notice', async () => {
    harness = await startGateway({
      template: 'qwen3',
      replay: { recordings: [{ output: 'ok' }, { output: 'ok' }] },
    });
    const ask = (reasoning_effort?: 'none' | 'high') =>
      harness?.client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        ...(reasoning_effort === undefined ? {} : { reasoning_effort }),
      });
    await ask('none');
    await ask('high');
    const prompts = harness.replay.requests.map((request) => String(request.body.prompt).slice(-52));
    expect(prompts).toEqual(
      [
        '<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n<think>\n\n</think>\n\n',
        '<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n',
      ].map((end) => end.slice(-52)),
    );
    expect(harness.notices).toEqual([]);
  });

  it('builtin:gpt-oss writes the asked effort in its Reasoning line, as its own template does', async () => {
    harness = await startGateway({
      template: 'gpt-oss',
      format: 'harmony',
      replay: { recordings: ['ok', 'ok', 'ok', 'ok'].map((output) => ({ output })) },
    });
    for (const reasoning_effort of ['low', 'high', 'xhigh', undefined] as const)
      await harness.client.chat.completions.create({
        model: 'm',
        messages: [{ role: 'user', content: 'hi' }],
        ...(reasoning_effort === undefined ? {} : { reasoning_effort }),
      });
    const lines = harness.replay.requests.map((request) =>
      String(request.body.prompt)
        .split('\n')
        .filter((line) => line.startsWith('Reasoning:')),
    );
    expect(lines).toEqual([
      ['Reasoning: low'],
      ['Reasoning: high'],
      ['Reasoning: high'],
      ['Reasoning: medium'],
    ]);
    expect(harness.notices).toEqual([]);
  });

  it('a built-in without a reasoning switch: the setting is not applied, and a notice says so', async () => {
    harness = await startGateway({ template: 'qwen2.5', replay: { recordings: [{ output: 'ok' }] } });
    await harness.client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      reasoning_effort: 'none',
    });
    expect(harness.notices).toEqual([
      'the chat template of model "m" (builtin:qwen2.5) has no reasoning switch: the request\'s reasoning setting is not applied',
    ]);
    // The notice names its request: the id of the request's log line.
    expect(harness.noticeIds).toEqual([harness.logs[0]?.id]);
  });
});
