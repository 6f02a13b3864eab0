import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { postMessages, question, start } from './messages-harness.js';

const schema = {
  type: 'object',
  properties: { city: { type: 'string' }, celsius: { type: 'integer' } },
  required: ['city', 'celsius'],
  additionalProperties: false,
};
const request = {
  model: 'm',
  max_tokens: 100,
  messages: question,
  output_config: { format: { type: 'json_schema' as const, schema } },
} as Anthropic.MessageCreateParamsNonStreaming;

describe('output_config.format (Anthropic structured outputs)', () => {
  it('on a backend that takes grammars: the backend gets a grammar, messages.parse() reads the answer', async () => {
    const { gateway, client } = await start({
      backend: { type: 'openai-completions', grammarField: 'grammar' },
      replay: { recordings: [{ output: '{"city": "Paris", "celsius": 18}' }] },
    });
    const message = await client.messages.parse(request);
    expect(message.parsed_output).toEqual({ city: 'Paris', celsius: 18 });
    expect(message.stop_reason).toBe('end_turn');
    const grammar = String(gateway.replay.requests[0]?.body.grammar);
    expect(grammar).toContain('root ::=');
    expect(grammar).toContain('celsius');
    expect(gateway.notices).toEqual([]);
  });

  it('without grammars: an answer that does not fit the schema is a 422, whole and streamed', async () => {
    await start({
      replay: { recordings: [{ output: 'Sure! Paris is nice.' }, { output: 'Sure! Paris is nice.' }] },
    });
    for (const stream of [false, true]) {
      const response = await postMessages({ ...request, stream });
      const body = (await response.json()) as { error: { type: string; message: string } };
      expect([response.status, body.error.type]).toEqual([422, 'invalid_request_error']);
      expect(body.error.message).toMatch(/^the answer does not follow output_config\.format: /);
    }
  });

  it('a format of another type is a 400 naming it; other keys (effort) are noticed and ignored', async () => {
    const { gateway } = await start({ replay: { recordings: [{ output: 'ok' }] } });
    const refused = await postMessages({ ...request, output_config: { format: { type: 'xml' } } });
    expect([
      refused.status,
      ((await refused.json()) as { error: { message: string } }).error.message,
    ]).toEqual([400, '"output_config.format" must be {"type": "json_schema", "schema"}']);
    const served = await postMessages({ ...request, output_config: { effort: 'high' } });
    expect(served.status).toBe(200);
    expect(gateway.notices).toEqual([
      '/v1/messages: "output_config.effort" is not supported by this gateway; ignored',
    ]);
  });
});
