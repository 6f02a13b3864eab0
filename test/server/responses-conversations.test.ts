import type OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { promptRendererFromText, readGatewayConfig } from '../../src/server/index.js';
import { type GatewayHarness, startGateway } from './gateway-harness.js';
import { callText, functionCall, postResponses, question, secondPrompt, tools } from './responses-helpers.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const post = (body: unknown) => postResponses(harness, body);

describe('conversations: function_call_output, previous_response_id and the store', () => {
  it('renders a function_call_output into the next prompt (stateless, the whole input each turn)', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText }, { output: 'It is 18°C.', expectPrompt: secondPrompt }] },
    });
    const first = await harness.client.responses.create({ model: 'm', input: question, tools, store: false });
    const call = functionCall(first.output);
    const second = await harness.client.responses.create({
      model: 'm',
      tools,
      store: false,
      input: [
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: question }] },
        ...(first.output as OpenAI.Responses.ResponseInputItem[]),
        { type: 'function_call_output', call_id: call.call_id, output: '18°C, sunny' },
      ],
    });
    expect(second.output_text).toBe('It is 18°C.');
  });

  it('continues a stored response by previous_response_id', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText }, { output: 'It is 18°C.', expectPrompt: secondPrompt }] },
    });
    const first = await harness.client.responses.create({ model: 'm', input: question, tools });
    const second = await harness.client.responses.create({
      model: 'm',
      tools,
      previous_response_id: first.id,
      input: [
        { type: 'function_call_output', call_id: functionCall(first.output).call_id, output: '18°C, sunny' },
      ],
    });
    expect(second.output_text).toBe('It is 18°C.');
    expect(second.previous_response_id).toBe(first.id);
  });

  it('continues a streamed response: the stored output is the streamed items', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText }, { output: 'It is 18°C.', expectPrompt: secondPrompt }] },
    });
    const first = await harness.client.responses
      .stream({ model: 'm', input: question, tools })
      .finalResponse();
    const { status } = await post({
      model: 'm',
      tools,
      previous_response_id: first.id,
      input: [
        { type: 'function_call_output', call_id: functionCall(first.output).call_id, output: '18°C, sunny' },
      ],
    });
    expect(status).toBe(200);
  });

  it('gives a reasoning item of the history (reasoning_text content) to the template as reasoning_content', async () => {
    const template =
      '{% for m in messages %}{{ m.role }}[{{ m.reasoning_content }}]{{ m.content }}\n{% endfor %}assistant:';
    harness = await startGateway({
      model: { renderer: promptRendererFromText(template) },
      replay: {
        recordings: [
          {
            output: 'Fine.',
            expectPrompt: 'user[]Hi\nassistant[Greet back.]Hello!\nuser[]How are you?\nassistant:',
          },
        ],
      },
    });
    const response = await harness.client.responses.create({
      model: 'm',
      input: [
        { role: 'user', content: 'Hi' },
        {
          type: 'reasoning',
          id: 'rs_1',
          summary: [],
          content: [{ type: 'reasoning_text', text: 'Greet back.' }],
        },
        {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Hello!', annotations: [] }],
        },
        { role: 'user', content: 'How are you?' },
      ],
    });
    expect(response.output_text).toBe('Fine.');
  });

  it('answers an unknown previous_response_id with a 404 in OpenAI shape', async () => {
    harness = await startGateway({ replay: { recordings: [] } });
    const { status, text } = await post({ model: 'm', input: 'hi', previous_response_id: 'resp_unknown' });
    expect(status).toBe(404);
    expect(JSON.parse(text)).toEqual({
      error: {
        message: "Previous response with id 'resp_unknown' not found.",
        type: 'invalid_request_error',
        param: 'previous_response_id',
        code: 'previous_response_not_found',
      },
    });
  });

  it('does not keep store:false responses, and keeps at most responseStoreSize (least recent dropped)', async () => {
    harness = await startGateway({
      gateway: { responseStoreSize: 2 },
      replay: { recordings: () => ({ output: 'ok' }) },
    });
    const create = (store: boolean) => harness?.client.responses.create({ model: 'm', input: 'hi', store });
    const unstored = await create(false);
    const a = await create(true);
    const b = await create(true);
    const continued = async (id: string | undefined) =>
      (await post({ model: 'm', input: 'again', previous_response_id: id, store: false })).status;
    expect(await continued(unstored?.id)).toBe(404);
    expect(await continued(a?.id)).toBe(200);
    // `a` was used last: a third stored response drops `b`.
    const c = await create(true);
    expect(await continued(b?.id)).toBe(404);
    expect(await continued(a?.id)).toBe(200);
    expect(await continued(c?.id)).toBe(200);
  });

  it('keeps at most responseStoreBytes (least recent dropped; one larger than the bound alone is not kept)', async () => {
    harness = await startGateway({
      gateway: { responseStoreBytes: 300_000 },
      replay: { recordings: () => ({ output: 'ok' }) },
    });
    // About 2 bytes a character: each of these holds about 100,000 bytes of input.
    const create = (size: number) =>
      harness?.client.responses.create({ model: 'm', input: 'x'.repeat(size), store: true });
    const continued = async (id: string | undefined) =>
      (await post({ model: 'm', input: 'again', previous_response_id: id, store: false })).status;
    const a = await create(50_000);
    const b = await create(50_000);
    expect(await continued(a?.id)).toBe(200);
    // A third one is over the bound: `b`, used least recently, is dropped.
    const c = await create(50_000);
    expect(await continued(b?.id)).toBe(404);
    expect(await continued(a?.id)).toBe(200);
    expect(await continued(c?.id)).toBe(200);
    // Alone over the bound: answered, not kept, and nothing else dropped for it.
    const huge = await create(200_000);
    expect(huge?.status).toBe('completed');
    expect(await continued(huge?.id)).toBe(404);
    expect(await continued(a?.id)).toBe(200);
    expect(await continued(c?.id)).toBe(200);
  });

  it('reads responseStoreSize and responseStoreBytes from the config file', () => {
    const models = [
      { name: 'm', format: 'hermes', backend: { type: 'llamacpp', url: 'http://127.0.0.1:1' } },
    ];
    expect(readGatewayConfig({ models, responseStoreSize: 5 }, {}).config?.responseStoreSize).toBe(5);
    expect(readGatewayConfig({ models, responseStoreSize: -1 }, {}).errors).toEqual([
      'responseStoreSize: must be an integer from 0 to 1000000',
    ]);
    expect(readGatewayConfig({ models, responseStoreBytes: 1024 }, {}).config?.responseStoreBytes).toBe(1024);
    expect(readGatewayConfig({ models, responseStoreBytes: 1.5 }, {}).errors).toEqual([
      'responseStoreBytes: must be an integer from 0 to 1099511627776',
    ]);
    expect(readGatewayConfig({ models, maxAnswerCharacters: 5000 }, {}).config?.maxAnswerCharacters).toBe(
      5000,
    );
    expect(readGatewayConfig({ models, maxAnswerCharacters: 0 }, {}).errors).toEqual([
      'maxAnswerCharacters: must be an integer from 1 to 536870912',
    ]);
    expect(readGatewayConfig({ models, reasoningField: 'reasoning' }, {}).config?.reasoningField).toBe(
      'reasoning',
    );
  });
});
