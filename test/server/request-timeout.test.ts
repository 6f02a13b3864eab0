import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { builtinPromptRenderer, createGateway } from '../../src/server/index.js';
import { serveGateway } from '../../src/server/node/index.js';
import { startReplayBackend } from './replay-backend.js';

/** Sends the head of a request whose body never arrives whole; resolves with all the server wrote. */
function slowUpload(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        'POST /v1/chat/completions HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"model": "m", ',
      );
    });
    let received = '';
    socket.on('data', (data) => {
      received += data.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('requestTimeoutMs', () => {
  it('a request body that does not arrive in time gets 408 and frees its maxConcurrent slot', async () => {
    const replay = await startReplayBackend({ recordings: [{ output: 'Hi.' }] });
    const gateway = createGateway({
      maxConcurrent: 1,
      models: [
        {
          name: 'm',
          format: 'hermes',
          renderer: builtinPromptRenderer('qwen2.5'),
          backend: { type: 'openai-completions', url: replay.url },
        },
      ],
    });
    const serving = await serveGateway(gateway, { port: 0, requestTimeoutMs: 1000 });
    const ask = () =>
      fetch(`${serving.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
      });
    try {
      const slow = slowUpload(serving.url);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // The upload holds the one slot while it lasts.
      expect((await ask()).status).toBe(429);
      expect((await slow).split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      const answer = await ask();
      expect(answer.status).toBe(200);
      expect(
        ((await answer.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message
          .content,
      ).toBe('Hi.');
    } finally {
      await serving.close();
      await replay.close();
    }
  });
});
