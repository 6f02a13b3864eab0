import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, hermesCall, startGateway } from './gateway-harness.js';

// A schema part the gateway can neither put in a grammar nor check: strict tools are refused before
// the backend is asked; other tools are served, and the answer says what the grammar left out.

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const question = [{ role: 'user' as const, content: 'Echo aa' }];
/** A backreference: beyond RE2, so neither a grammar nor the check can apply it. */
const echoParameters = {
  type: 'object',
  properties: { s: { type: 'string', pattern: '^(a)\\1$' } },
  required: ['s'],
  additionalProperties: false,
};
const echoCall = hermesCall('echo', { s: 'ab' });
const refusal =
  'tool "echo" is strict, but its parameters schema uses "pattern" at /properties/s (backreferences), which the gateway can neither enforce nor check: drop "strict" or the keyword';

async function openaiError(promise: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(caught instanceof OpenAI.APIError)) throw new Error(`expected an API error, got ${String(caught)}`);
  return caught;
}

describe('a strict schema the gateway cannot enforce or check', () => {
  it('Chat: a strict tool with a backreference pattern is a 400 before the backend is asked', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: echoCall }] } });
    const error = await openaiError(
      harness.client.chat.completions.create({
        model: 'm',
        messages: question,
        tools: [{ type: 'function', function: { name: 'echo', parameters: echoParameters, strict: true } }],
        tool_choice: 'required',
      }),
    );
    expect(error.status).toBe(400);
    expect(error.error).toEqual({
      message: refusal,
      type: 'invalid_request_error',
      param: 'tools',
      code: 'invalid_function_parameters',
    });
    expect(harness.replay.requests).toHaveLength(0);
  });

  it('Chat: `not`, `if` and an unresolved $ref are listed, three by name and the rest counted', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: echoCall }] } });
    // Parsed from JSON: a `then` key in an object literal reads as a thenable to linters.
    const parameters = JSON.parse(
      '{"type": "object", "properties": {"a": {"type": "string", "not": {"const": "x"}}, "b": {"type": "string", "if": {"const": "y"}, "then": {"minLength": 2}}, "c": {"$ref": "#/$defs/gone"}}}',
    ) as Record<string, unknown>;
    const error = await openaiError(
      harness.client.chat.completions.create({
        model: 'm',
        messages: question,
        tools: [{ type: 'function', function: { name: 'echo', parameters, strict: true } }],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      '400 tool "echo" is strict, but its parameters schema uses "not" at /properties/a, "if" at /properties/b, "then" at /properties/b and 1 more, which the gateway can neither enforce nor check: drop "strict" or the keyword',
    );
  });

  it('Chat: a strict json_schema response format with such a pattern is a 400 on response_format', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: '{"s": "ab"}' }] } });
    const error = await openaiError(
      harness.client.chat.completions.create({
        model: 'm',
        messages: question,
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'echo', schema: echoParameters, strict: true },
        },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.error).toEqual({
      message:
        'response_format "echo" is strict, but its schema uses "pattern" at /properties/s (backreferences), which the gateway can neither enforce nor check: drop "strict" or the keyword',
      type: 'invalid_request_error',
      param: 'response_format',
      code: 'invalid_response_format',
    });
  });

  it('Responses: function tools are strict unless they say not; strict false is served', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: echoCall }] } });
    const error = await openaiError(
      harness.client.responses.create({
        model: 'm',
        input: 'Echo aa',
        tools: [{ type: 'function', name: 'echo', parameters: echoParameters, strict: null }],
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe(`400 ${refusal}`);
    const answer = await harness.client.responses.create({
      model: 'm',
      input: 'Echo aa',
      tools: [{ type: 'function', name: 'echo', parameters: echoParameters, strict: false }],
    });
    expect(answer.output.map((item) => (item.type === 'function_call' ? item.arguments : item.type))).toEqual(
      ['{"s":"ab"}'],
    );
  });

  it("Messages: a strict tool is refused in Anthropic's error shape", async () => {
    harness = await startGateway({ replay: { recordings: [{ output: echoCall }] } });
    const client = new Anthropic({ baseURL: harness.url, apiKey: 'unused', maxRetries: 0 });
    const caught = await client.messages
      .create({
        model: 'm',
        max_tokens: 100,
        messages: question,
        tools: [
          {
            name: 'echo',
            input_schema: echoParameters as Anthropic.Tool.InputSchema,
            strict: true,
          } as Anthropic.Tool,
        ],
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    if (!(caught instanceof Anthropic.APIError)) throw new Error('expected an API error');
    expect(caught.status).toBe(400);
    expect(caught.error).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: refusal },
    });
    expect(harness.replay.requests).toHaveLength(0);
  });
});

describe('a tool schema the grammar cannot fully express, not strict', () => {
  it('is served under the rest of the grammar, and x-toolwire-grammar-warnings says what was left out', async () => {
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('echo', { s: 'ab', t: 'x' }) }] },
    });
    const tools = [
      {
        type: 'function' as const,
        function: {
          name: 'echo',
          parameters: {
            type: 'object',
            properties: {
              s: { type: 'string', pattern: '^(a)\\1$' },
              t: { type: 'string', pattern: '^(?=日)' },
            },
            required: ['s', 't'],
          },
        },
      },
    ];
    const { data, response } = await harness.client.chat.completions
      .create({ model: 'm', messages: question, tools, tool_choice: 'required' })
      .withResponse();
    const call = data.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' ? call.function.arguments : undefined).toBe('{"s":"ab","t":"x"}');
    const header = response.headers.get('x-toolwire-grammar-warnings');
    expect(header).toBe(
      '["unsupported: pattern (echo: /properties/s: /^(a)\\\\1$/: backreferences; not applied)","unsupported: pattern (echo: /properties/t: /^(?=\\u65e5)/: lookaround assertions; not applied)"]',
    );
    expect(JSON.parse(header ?? '')).toEqual([
      'unsupported: pattern (echo: /properties/s: /^(a)\\1$/: backreferences; not applied)',
      'unsupported: pattern (echo: /properties/t: /^(?=日)/: lookaround assertions; not applied)',
    ]);
    expect(harness.notices).toContain(
      'grammar: unsupported: pattern (echo: /properties/s: /^(a)\\1$/: backreferences; not applied)',
    );
    // The grammar the backend sampled under still has the tool's envelope and its two keys.
    const grammar = String(harness.replay.requests[0]?.body.grammar);
    expect(grammar).toContain('<tool_call>');
    expect(harness.replay.requests).toHaveLength(1);
  });

  it('sends no warnings header when the grammar expresses the whole schema', async () => {
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('echo', { s: 'aa' }) }] },
    });
    const { response } = await harness.client.chat.completions
      .create({
        model: 'm',
        messages: question,
        tools: [
          {
            type: 'function',
            function: {
              name: 'echo',
              parameters: { ...echoParameters, properties: { s: { type: 'string' } } },
            },
          },
        ],
        tool_choice: 'required',
      })
      .withResponse();
    expect(response.headers.get('x-toolwire-grammar-warnings')).toBeNull();
    expect(response.headers.get('x-toolwire-history-repairs')).toBe('0');
  });
});
