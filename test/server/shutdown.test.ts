import { describe, expect, it } from 'vitest';
import { builtinPromptRenderer, createGateway } from '../../src/server/index.js';
import { serveGateway } from '../../src/server/node/index.js';
import { startGateway } from './gateway-harness.js';
import { startReplayBackend } from './replay-backend.js';

const chatRequest = (stream: boolean): Request =>
  new Request('http://gateway.test/v1/chat/completions', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream, messages: [{ role: 'user', content: 'hi' }] }),
  });

async function gatewayOn(recording: Parameters<typeof startReplayBackend>[0]['recordings']) {
  const replay = await startReplayBackend({ recordings: recording, maxChunkLength: 3 });
  const gateway = createGateway({
    models: [
      {
        name: 'm',
        format: 'hermes',
        renderer: builtinPromptRenderer('qwen2.5'),
        backend: { type: 'openai-completions', url: replay.url },
      },
    ],
  });
  return { replay, gateway };
}

/** The TCP handles of this process (servers and sockets), by kind. */
function tcpHandles(): string[] {
  return process
    .getActiveResourcesInfo()
    .filter((kind) => kind.startsWith('TCP'))
    .sort();
}

/** Waits (at most 2 s) until the TCP handle list stops changing: sockets close on later loop turns. */
async function settled(): Promise<void> {
  let last = tcpHandles().join();
  for (let stable = 0, turn = 0; stable < 5 && turn < 200; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = tcpHandles().join();
    stable = now === last ? stable + 1 : 0;
    last = now;
  }
}

describe('graceful shutdown', () => {
  it('a stream in flight finishes within the grace period; close waits for it; new requests get 503', async () => {
    const { replay, gateway } = await gatewayOn([{ output: 'Hello there, all of you.' }]);
    const response = await gateway(chatRequest(true));
    let closed = false;
    const closing = gateway.close(10_000).then(() => {
      closed = true;
    });
    const refused = await gateway(chatRequest(false));
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: {
        message: 'the gateway is shutting down',
        type: 'server_error',
        param: null,
        code: 'shutting_down',
      },
    });
    expect(closed).toBe(false);
    expect(gateway.inFlight).toBe(1);
    const text = await response.text();
    await closing;
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    const content = text
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: {'))
      .map((frame) => JSON.parse(frame.slice(6)).choices[0]?.delta?.content ?? '')
      .join('');
    expect(content).toBe('Hello there, all of you.');
    expect(gateway.inFlight).toBe(0);
    await replay.close();
  });

  it('a stream still running when the grace period ends is closed, and its backend request aborted', async () => {
    const { replay, gateway } = await gatewayOn([
      { output: 'Hello there, all of you.', stallAfterChunks: 2 },
    ]);
    const response = await gateway(chatRequest(true));
    const reader = response.body!.getReader();
    await reader.read();
    await gateway.close(50);
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    expect(rest.includes('data: [DONE]')).toBe(false);
    expect(rest.trim().split('\n\n').at(-1)).toBe(
      'data: {"error":{"message":"the gateway shut down before the answer ended","type":"server_error","param":null,"code":"shutting_down"}}',
    );
    expect(gateway.inFlight).toBe(0);
    expect(await replay.requests[0]?.ended).toBe('client_closed');
    await replay.close();
    // `close` waits up to 2 s (cutOffMs) for the cut-off stream, read only after it: more than the
    // default 5 s timeout allows on a loaded run.
  }, 15_000);

  it('through the Node listener, a whole answer in flight is written out whole before the connection closes', async () => {
    // The handler finishes before Node writes its answer: closing the connections at once lost it.
    const harness = await startGateway({
      replay: { recordings: [{ output: 'Hello there.', delayMs: 300 }] },
    });
    const answer = harness.client.chat.completions.create({
      model: 'm',
      messages: [{ role: 'user', content: 'a' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await harness.close();
    expect((await answer).choices[0]?.message.content).toBe('Hello there.');
    expect(harness.logs.map((line) => line.status)).toEqual([200]);
  });

  it('through the Node listener, a whole answer cut off at the end of the grace period is a 503 the client receives', async () => {
    const { replay, gateway } = await gatewayOn([{ output: 'late', silent: true }]);
    const serving = await serveGateway(gateway, { port: 0 });
    const answer = fetch(`${serving.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await serving.close(100);
    const response = await answer;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        message: 'the gateway shut down before the answer ended',
        type: 'server_error',
        param: null,
        code: 'shutting_down',
      },
    });
    await replay.close();
  });

  it('leaves no TCP handle behind: servers, backend connections and client sockets all closed', async () => {
    await settled();
    const before = tcpHandles();
    const harness = await startGateway({
      replay: {
        recordings: [
          { output: 'One.' },
          { output: 'Two, and more.', stallAfterChunks: 1 },
          { output: 'Three.' },
        ],
      },
    });
    await harness.client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'a' }] });
    const controller = new AbortController();
    const stream = await harness.client.chat.completions.create(
      { model: 'm', stream: true, messages: [{ role: 'user', content: 'b' }] },
      { signal: controller.signal },
    );
    for await (const _chunk of stream) {
      controller.abort();
      break;
    }
    expect(await harness.replay.requests[1]?.ended).toBe('client_closed');
    const streamed = await harness.client.chat.completions.create({
      model: 'm',
      stream: true,
      messages: [{ role: 'user', content: 'c' }],
    });
    let text = '';
    for await (const chunk of streamed) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Three.');
    await harness.close();
    await settled();
    expect(tcpHandles()).toEqual(before);
  });
});
