/**
 * Stored responses through the openai SDK: `GET /v1/responses/{id}`, `DELETE /v1/responses/{id}`,
 * `GET /v1/responses/{id}/input_items`, `item_reference` input items, and `include` values.
 */
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { type GatewayHarness, startGateway } from './gateway-harness.js';
import { callText, functionCall, postResponses, question, secondPrompt, tools } from './responses-helpers.js';

let harness: GatewayHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

function gateway(): GatewayHarness {
  if (harness === undefined) throw new Error('no gateway');
  return harness;
}

/** A raw request to the gateway, its status and parsed body. */
async function send(method: string, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${gateway().url}${path}`, { method });
  return { status: response.status, body: await response.json() };
}

const notFound = (id: string) => ({
  error: {
    message: `Response with id '${id}' not found.`,
    type: 'invalid_request_error',
    param: null,
    code: 'response_not_found',
  },
});

const idOf = (item: unknown): string => (item as { id: string }).id;

describe('GET and DELETE /v1/responses/{id}', () => {
  it('retrieves a stored response as it was answered, whole and streamed', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: callText }, { output: 'Sunny.' }] } });
    const { client } = harness;
    const whole = await client.responses.create({ model: 'm', input: question, tools });
    const stream = client.responses.stream({ model: 'm', input: question });
    let completed: unknown;
    stream.on('response.completed', (event) => {
      completed = event.response;
    });
    await stream.finalResponse();
    expect(await client.responses.retrieve(whole.id)).toEqual(whole);
    const again = await client.responses.retrieve((completed as { id: string }).id);
    expect(again).toMatchObject({ status: 'completed', output_text: 'Sunny.' });
    expect(again).toEqual(completed);
  });

  it('answers 404 in OpenAI shape for an unknown id and a store:false response', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    const unstored = await harness.client.responses.create({ model: 'm', input: 'hi', store: false });
    for (const id of ['resp_unknown', unstored.id]) {
      expect(await send('GET', `/v1/responses/${id}`)).toEqual({ status: 404, body: notFound(id) });
    }
    await expect(harness.client.responses.retrieve('resp_unknown')).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    );
  });

  it('deletes a stored response: the answer, then 404 for GET, DELETE and previous_response_id', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }, { output: 'ok' }] } });
    const { client } = harness;
    const first = await client.responses.create({ model: 'm', input: 'hi' });
    const second = await client.responses.create({ model: 'm', input: 'hi' });
    expect(await send('DELETE', `/v1/responses/${first.id}`)).toEqual({
      status: 200,
      body: { id: first.id, object: 'response.deleted', deleted: true },
    });
    // The SDK types the answer as void; it resolves to the body all the same.
    await expect(client.responses.delete(second.id)).resolves.toEqual({
      id: second.id,
      object: 'response.deleted',
      deleted: true,
    });
    for (const id of [first.id, second.id]) {
      expect(await send('GET', `/v1/responses/${id}`)).toEqual({ status: 404, body: notFound(id) });
      expect(await send('DELETE', `/v1/responses/${id}`)).toEqual({ status: 404, body: notFound(id) });
    }
    const continued = await postResponses(harness, {
      model: 'm',
      input: 'more',
      previous_response_id: first.id,
    });
    expect(continued.status).toBe(404);
  });

  it('refuses stream=true and an unknown include value on GET with 400', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    const { id } = await harness.client.responses.create({ model: 'm', input: 'hi' });
    expect(await send('GET', `/v1/responses/${id}?stream=true`)).toMatchObject({
      status: 400,
      body: { error: { param: 'stream', code: 'unsupported_parameter' } },
    });
    expect(await send('GET', `/v1/responses/${id}?include[]=bogus`)).toMatchObject({
      status: 400,
      body: { error: { param: 'include[0]', code: 'invalid_value' } },
    });
    const included = await harness.client.responses.retrieve(id, {
      include: ['reasoning.encrypted_content'],
    });
    expect(included.id).toBe(id);
  });
});

describe('GET /v1/responses/{id}/input_items', () => {
  it('lists the items a response was generated from, newest first, page by page through the SDK', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText }, { output: 'It is 18°C.', expectPrompt: secondPrompt }] },
    });
    const { client } = harness;
    const first = await client.responses.create({ model: 'm', input: question, tools });
    const call = functionCall(first.output);
    const second = await client.responses.create({
      model: 'm',
      tools,
      previous_response_id: first.id,
      input: [{ type: 'function_call_output', call_id: call.call_id, output: '18°C, sunny' }],
    });
    const firstItems = (await client.responses.inputItems.list(first.id)).data;
    expect(firstItems).toEqual([
      {
        id: expect.stringMatching(/^msg_[A-Za-z0-9]{24}$/),
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: question }],
        status: 'completed',
      },
    ]);
    const listed = [];
    for await (const item of client.responses.inputItems.list(second.id, { limit: 2 })) listed.push(item);
    const output = {
      id: expect.stringMatching(/^fco_[A-Za-z0-9]{24}$/),
      type: 'function_call_output',
      call_id: call.call_id,
      output: '18°C, sunny',
    };
    // The conversation of the first response, then the second's own input; newest first.
    expect(listed).toEqual([output, ...[...first.output].reverse(), firstItems[0]]);
    expect(harness.replay.requests.length).toBe(2);

    const page = await send('GET', `/v1/responses/${second.id}/input_items?order=asc&limit=3`);
    expect(page).toEqual({
      status: 200,
      body: {
        object: 'list',
        data: [firstItems[0], ...first.output],
        first_id: idOf(firstItems[0]),
        last_id: idOf(first.output[1]),
        has_more: true,
      },
    });
    const after = await send(
      'GET',
      `/v1/responses/${second.id}/input_items?order=asc&after=${idOf(first.output[1])}`,
    );
    expect(after.body).toMatchObject({ data: [output], has_more: false });
    const before = await send(
      'GET',
      `/v1/responses/${second.id}/input_items?order=asc&before=${idOf(first.output[0])}`,
    );
    expect(before.body).toMatchObject({ data: [firstItems[0]], has_more: false });
  });

  it('answers 400 naming a bad query parameter, and 404 for an unknown response', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    const { id } = await harness.client.responses.create({ model: 'm', input: 'hi' });
    const bad: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['order=sideways', 'order'],
      ['after=msg_unknown', 'after'],
    ];
    for (const [query, param] of bad) {
      expect(await send('GET', `/v1/responses/${id}/input_items?${query}`)).toMatchObject({
        status: 400,
        body: { error: { param, type: 'invalid_request_error' } },
      });
    }
    expect(await send('GET', '/v1/responses/resp_unknown/input_items')).toEqual({
      status: 404,
      body: notFound('resp_unknown'),
    });
  });
});

describe('item_reference input items', () => {
  it('resolves references to the stored items of earlier responses into the prompt', async () => {
    harness = await startGateway({
      replay: { recordings: [{ output: callText }, { output: 'It is 18°C.', expectPrompt: secondPrompt }] },
    });
    const { client } = harness;
    const first = await client.responses.create({ model: 'm', input: question, tools });
    const [asked] = (await client.responses.inputItems.list(first.id)).data;
    const call = functionCall(first.output);
    const second = await client.responses.create({
      model: 'm',
      tools,
      store: false,
      input: [
        { type: 'item_reference', id: idOf(asked) },
        ...first.output.map((item) => ({ type: 'item_reference' as const, id: idOf(item) })),
        { type: 'function_call_output', call_id: call.call_id, output: '18°C, sunny' },
      ],
    });
    expect(second.output_text).toBe('It is 18°C.');
  });

  it('an item of another request with the same id does not take the place of a stored one', async () => {
    harness = await startGateway({
      replay: {
        recordings: [
          { output: 'Hello Alice.' },
          { output: 'ok' },
          { output: 'ok', expectPrompt: (prompt) => expect(prompt).toContain('Hello Alice.') },
        ],
      },
    });
    const { client } = harness;
    const first = await client.responses.create({ model: 'm', input: 'I am Alice.' });
    const answerId = idOf(first.output[0]);
    // Another request sends an item under that id: stored with it, but not what the id finds.
    // (As JSON: the SDK's types have no id on an input message.)
    await postResponses(harness, {
      model: 'm',
      input: [{ type: 'message', id: answerId, role: 'user', content: 'INJECTED' }],
    });
    await client.responses.create({
      model: 'm',
      input: [
        { type: 'item_reference', id: answerId },
        { role: 'user', content: 'Who am I?' },
      ],
    });
    expect(String(harness.replay.requests[2]?.body.prompt)).not.toContain('INJECTED');
  });

  it('refuses an input item whose id another item of the request or its conversation has (400, as OpenAI)', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    const twice = await postResponses(harness, {
      model: 'm',
      input: [
        { type: 'message', id: 'dup1', role: 'user', content: 'a' },
        { type: 'message', id: 'dup1', role: 'user', content: 'b' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(JSON.parse(twice.text).error).toMatchObject({
      param: 'input[1].id',
      message: "Duplicate item found with id 'dup1'",
    });
    const first = await harness.client.responses.create({ model: 'm', input: 'hi' });
    const again = await postResponses(harness, {
      model: 'm',
      previous_response_id: first.id,
      input: [first.output[0], { role: 'user', content: 'and?' }],
    });
    expect(again.status).toBe(400);
    expect(JSON.parse(again.text).error).toMatchObject({
      param: 'input[0].id',
      message: `Duplicate item found with id '${idOf(first.output[0])}'`,
    });
    expect(harness.replay.requests).toHaveLength(1);
  });

  it('answers a reference to an item no stored response holds with 404 (param input), without asking the backend', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    const unstored = await harness.client.responses.create({ model: 'm', input: 'hi', store: false });
    const itemId = idOf(unstored.output[0]);
    const answer = await postResponses(harness, {
      model: 'm',
      input: [{ type: 'item_reference', id: itemId }],
    });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toEqual({
      error: {
        message:
          `Item with id '${itemId}' not found. Items are kept only for responses stored with \`store\` set ` +
          'to true, and the oldest are dropped once the store is full.',
        type: 'invalid_request_error',
        param: 'input',
        code: 'item_not_found',
      },
    });
    const noId = await postResponses(harness, { model: 'm', input: [{ type: 'item_reference' }] });
    expect(noId.status).toBe(400);
    expect(JSON.parse(noId.text)).toMatchObject({ error: { param: 'input[0].id' } });
    expect(harness.replay.requests).toHaveLength(1);
  });

  it('no longer resolves the items of a deleted response', async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }] } });
    const first = await harness.client.responses.create({ model: 'm', input: 'hi' });
    await harness.client.responses.delete(first.id);
    const answer = await postResponses(harness, {
      model: 'm',
      input: [{ type: 'item_reference', id: idOf(first.output[0]) }],
    });
    expect(answer.status).toBe(404);
  });
});

describe('include', () => {
  it("accepts OpenAI's values, noting each once per gateway; refuses others as OpenAI does", async () => {
    harness = await startGateway({ replay: { recordings: [{ output: 'ok' }, { output: 'ok' }] } });
    for (let i = 0; i < 2; i++) {
      await harness.client.responses.create({
        model: 'm',
        input: 'hi',
        include: ['reasoning.encrypted_content', 'message.output_text.logprobs'],
      });
    }
    expect(harness.notices).toEqual([
      'include: "reasoning.encrypted_content" adds nothing here: reasoning items carry their text as reasoning_text content, to send back as it is',
      'include: "message.output_text.logprobs" adds nothing here: logprobs are not produced',
    ]);
    const bad = await postResponses(harness, {
      model: 'm',
      input: 'hi',
      include: ['reasoning.encrypted_content', 'reasoning.summary'],
    });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toEqual({
      error: {
        message:
          "Invalid value: 'reasoning.summary'. Supported values are: 'file_search_call.results', " +
          "'web_search_call.results', 'web_search_call.action.sources', 'code_interpreter_call.outputs', " +
          "'computer_call_output.output.image_url', 'message.input_image.image_url', " +
          "'message.output_text.logprobs', 'reasoning.encrypted_content'.",
        type: 'invalid_request_error',
        param: 'include[1]',
        code: 'invalid_value',
      },
    });
    expect(harness.replay.requests).toHaveLength(2);
  });
});
