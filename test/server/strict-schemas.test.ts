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

  // Keywords SchemaRoot does not apply where they stand, or cannot read at all: once served as valid.
  const unread: ReadonlyArray<{ name: string; parameters: Record<string, unknown>; uses: string }> = [
    {
      name: 'maxLength and pattern beside a $ref',
      parameters: {
        type: 'object',
        $defs: { s: { type: 'string' } },
        properties: { s: { $ref: '#/$defs/s', maxLength: 2, pattern: '^a' } },
      },
      uses: '"$ref" at /properties/s (maxLength, pattern beside $ref not applied)',
    },
    {
      name: 'propertyNames',
      parameters: { type: 'object', propertyNames: { const: 's' } },
      uses: '"propertyNames" at / (property names are not checked)',
    },
    {
      name: 'a lookbehind 70 levels down',
      parameters: (() => {
        let schema: Record<string, unknown> = { type: 'string', pattern: '(?<=a)b' };
        for (let depth = 0; depth < 70; depth++) schema = { type: 'object', properties: { n: schema } };
        return schema;
      })(),
      uses: `"depth" at ${'/properties/n'.repeat(9)}/pr... (nested deeper than 64 levels of values; not read)`,
    },
    {
      // Pointers hold the request's property names: a message quotes them cut.
      name: 'a backreference under a property name of 200,000 characters',
      parameters: {
        type: 'object',
        properties: { ['x'.repeat(200_000)]: { type: 'string', pattern: '^(a)\\1$' } },
      },
      uses: `"pattern" at /properties/${'x'.repeat(108)}... (backreferences)`,
    },
  ];
  it.each(unread)('Chat: a strict tool with $name is a 400 naming it', async ({ parameters, uses }) => {
    harness = await startGateway({ replay: { recordings: [{ output: echoCall }] } });
    const error = await openaiError(
      harness.client.chat.completions.create({
        model: 'm',
        messages: question,
        tools: [{ type: 'function', function: { name: 'echo', parameters, strict: true } }],
      }),
    );
    expect([error.status, error.message]).toEqual([
      400,
      `400 tool "echo" is strict, but its parameters schema uses ${uses}, which the gateway can neither enforce nor check: drop "strict" or the keyword`,
    ]);
    expect(harness.replay.requests).toHaveLength(0);
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

  it('Responses: a strict text.format with such a pattern is a 400 naming text.format', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const error = await openaiError(
      harness.client.responses.create({
        model: 'm',
        input: 'Echo aa',
        text: { format: { type: 'json_schema', name: 'echo', schema: echoParameters, strict: true } },
      }),
    );
    expect([error.status, error.error]).toEqual([
      400,
      {
        message:
          'text.format "echo" is strict, but its schema uses "pattern" at /properties/s (backreferences), which the gateway can neither enforce nor check: drop "strict" or the keyword',
        type: 'invalid_request_error',
        param: 'text.format',
        code: 'invalid_response_format',
      },
    ]);
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

/** The grammar-warnings header of a Chat answer that must call `echo` with these parameters. */
async function warningsHeader(parameters: Record<string, unknown>): Promise<string> {
  if (harness === undefined) throw new Error('no gateway');
  const { response } = await harness.client.chat.completions
    .create({
      model: 'm',
      messages: question,
      tools: [{ type: 'function', function: { name: 'echo', parameters } }],
      tool_choice: 'required',
    })
    .withResponse();
  return response.headers.get('x-toolwire-grammar-warnings') ?? '';
}

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
    expect(harness.notices.filter((line) => line.startsWith('grammar:'))).toEqual([
      'grammar: 2 warnings, the first "unsupported: pattern (echo: /properties/s: /^(a)\\\\1$/: backreferences; not applied)" (all in x-toolwire-grammar-warnings)',
    ]);
    // The grammar the backend sampled under still has the tool's envelope and its two keys.
    const grammar = String(harness.replay.requests[0]?.body.grammar);
    expect(grammar).toContain('<tool_call>');
    expect(harness.replay.requests).toHaveLength(1);
  });

  it('3,000 warnings: the header is cut at 4 KB with a count, the log has one line', async () => {
    const names = Array.from({ length: 3000 }, (_, index) => `p${index}`);
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('echo', { p0: 'aa' }) }] },
    });
    const parameters = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'string', pattern: '^(a)\\1$' }])),
    };
    const header = await warningsHeader(parameters);
    const entries = JSON.parse(header) as string[];
    const warning = (name: string) =>
      `unsupported: pattern (echo: /properties/${name}: /^(a)\\1$/: backreferences; not applied)`;
    const kept = entries.length - 1;
    expect(entries).toEqual([...names.slice(0, kept).map(warning), `${3000 - kept} more`]);
    expect([kept, header.length <= 4096]).toEqual([46, true]);
    expect(harness.notices.filter((line) => line.startsWith('grammar:'))).toEqual([
      `grammar: 3000 warnings, the first ${JSON.stringify(warning('p0'))} (all in x-toolwire-grammar-warnings)`,
    ]);
  });

  it('a warning of non-ASCII text longer than an entry is cut to fit, not left out', async () => {
    const name = '日'.repeat(2000);
    harness = await startGateway({
      backend: { type: 'llamacpp' },
      replay: { recordings: [{ output: hermesCall('echo', {}) }] },
    });
    const parameters = { type: 'object', properties: { [name]: { type: 'string', pattern: '^(a)\\1$' } } };
    const header = await warningsHeader(parameters);
    expect(JSON.parse(header)).toEqual([`unsupported: pattern (echo: /properties/${'日'.repeat(134)}...`]);
    expect(header.length).toBeLessThanOrEqual(1026);
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
