import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, hermesCall, startGateway, weatherTools } from './gateway-harness.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const question = [{ role: 'user' as const, content: 'What time is it in Paris?' }];
const timeCall = hermesCall('get_time', { zone: 'Europe/Paris' });
/** Chat's allowed_tools choice of get_time alone, under `required`. */
const onlyTime = {
  type: 'allowed_tools' as const,
  allowed_tools: {
    mode: 'required' as const,
    tools: [{ type: 'function' as const, function: { name: 'get_time' } }],
  },
};

/** The tool names a Hermes prompt lists. */
function listed(prompt: unknown): string[] {
  return [...String(prompt).matchAll(/"name": "([a-z_]+)", "description"/g)].map((match) => match[1] ?? '');
}

describe('tool_choice allowed_tools (OpenAI): only the named tools are offered', () => {
  it('Chat, mode required: the prompt lists only the allowed tool, and its call comes back', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: timeCall }] } });
    const answer = await harness.client.chat.completions.create({
      model: 'm',
      messages: question,
      tools: weatherTools,
      tool_choice: onlyTime,
    });
    expect(listed(harness.replay.requests[0]?.body.prompt)).toEqual(['get_time']);
    expect(
      answer.choices[0]?.message.tool_calls?.map((call) => call.type === 'function' && call.function.name),
    ).toEqual(['get_time']);
    expect(answer.choices[0]?.finish_reason).toBe('tool_calls');
    // Read, so not noted as left out.
    expect(harness.notices).toEqual([]);
  });

  it('Chat, mode required: a call to a tool outside the list is no call, so a 422', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: hermesCall('get_weather', { city: 'Paris' }) }] },
    });
    const failure = await harness.client.chat.completions
      .create({
        model: 'm',
        messages: question,
        tools: weatherTools,
        tool_choice: onlyTime,
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 422, code: 'tool_choice_violation' });
  });

  it('Responses, mode auto: the prompt lists only the allowed tool', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: timeCall }] } });
    const response = await harness.client.responses.create({
      model: 'm',
      input: 'What time is it in Paris?',
      tools: weatherTools.map((tool) => ({ type: 'function' as const, ...tool.function, strict: false })),
      tool_choice: { type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'get_time' }] },
    });
    expect(listed(harness.replay.requests[0]?.body.prompt)).toEqual(['get_time']);
    expect(response.output).toEqual([
      expect.objectContaining({
        type: 'function_call',
        name: 'get_time',
        arguments: '{"zone":"Europe/Paris"}',
      }),
    ]);
  });

  it.each([
    [
      { mode: 'any', tools: [{ type: 'function', name: 'get_time' }] },
      '"tool_choice" allowed_tools "mode" must be "auto" or "required"',
    ],
    [{ mode: 'auto', tools: [] }, '"tool_choice" allowed_tools must name at least one tool'],
    [
      { mode: 'auto', tools: [{ type: 'function', name: 'get_stock' }] },
      '"tool_choice" allowed_tools names "get_stock", which is not in "tools"',
    ],
  ])('Responses %j is a 400 naming tool_choice', async (choice, message) => {
    harness = await startGateway({ replay: { recordings: [] } });
    const response = await fetch(`${harness.url}/v1/responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'm',
        input: 'hi',
        tools: weatherTools.map((tool) => ({ type: 'function', ...tool.function })),
        tool_choice: { type: 'allowed_tools', ...choice },
      }),
    });
    expect([response.status, await response.json()]).toEqual([
      400,
      { error: { message, type: 'invalid_request_error', param: 'tool_choice', code: 'invalid_value' } },
    ]);
  });
});
