import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServeCommand } from '../../src/cli/serve-command.js';
import {
  builtinPromptRenderer,
  createGateway,
  type ServingGateway,
  serveGateway,
} from '../../src/server/node/index.js';

// `toolwire serve --playground` / `serveGateway(gateway, { playground })`: the built page's files at
// /playground/, everything else the gateway's; a loopback server on port 0 per test group.
const root = mkdtempSync(join(tmpdir(), 'toolwire-playground-'));
const folder = join(root, 'dist');
mkdirSync(join(folder, 'assets'), { recursive: true });
writeFileSync(join(folder, 'index.html'), '<!doctype html><title>p</title>');
writeFileSync(join(folder, 'assets', 'page.js'), 'console.log(1);');
writeFileSync(join(root, 'secret.txt'), 'not served');

const gateway = () =>
  createGateway({
    models: [
      {
        name: 'm',
        format: 'hermes',
        renderer: builtinPromptRenderer('qwen2.5'),
        backend: { type: 'openai-completions', url: 'http://127.0.0.1:9' },
      },
    ],
  });

describe('serveGateway with playground', () => {
  let serving: ServingGateway;
  beforeAll(async () => {
    serving = await serveGateway(gateway(), { port: 0, playground: folder });
  });
  afterAll(() => serving.close(100));

  it.each([
    ['/playground/', 200, 'text/html; charset=utf-8', '<!doctype html><title>p</title>'],
    ['/playground/index.html', 200, 'text/html; charset=utf-8', '<!doctype html><title>p</title>'],
    ['/playground/assets/page.js', 200, 'text/javascript; charset=utf-8', 'console.log(1);'],
    ['/playground/missing.js', 404, 'text/plain; charset=utf-8', 'not found\n'],
    ['/playground/..%2Fsecret.txt', 404, 'text/plain; charset=utf-8', 'not found\n'],
    ['/playground/%E0%A4%A', 404, 'text/plain; charset=utf-8', 'not found\n'],
    ['/playground/assets/', 404, 'text/plain; charset=utf-8', 'not found\n'],
  ])('GET %s → %i', async (path, status, type, body) => {
    const response = await fetch(`${serving.url}${path}`);
    expect([response.status, response.headers.get('content-type'), await response.text()]).toEqual([
      status,
      type,
      body,
    ]);
  });

  it('redirects /playground to /playground/, refuses POST, and leaves other paths to the gateway', async () => {
    const redirect = await fetch(`${serving.url}/playground`, { redirect: 'manual' });
    expect([redirect.status, redirect.headers.get('location')]).toEqual([308, '/playground/']);
    const post = await fetch(`${serving.url}/playground/`, { method: 'POST', body: 'x' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    const models = await fetch(`${serving.url}/v1/models`);
    expect(((await models.json()) as { data: { id: string }[] }).data.map((model) => model.id)).toEqual([
      'm',
    ]);
  });

  it('serves nothing at /playground/ without the option', async () => {
    const plain = await serveGateway(gateway(), { port: 0 });
    try {
      const response = await fetch(`${plain.url}/playground/`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('<title>p</title>');
    } finally {
      await plain.close(100);
    }
  });
});

describe('toolwire serve --playground', () => {
  const built = fileURLToPath(new URL('../../playground/dist/', import.meta.url));
  const args = ['--backend', 'http://127.0.0.1:9', '--model', 'm', '--format', 'hermes', '--port', '0'];

  it('serves the built page, or says in one line that it is not built', async () => {
    let stderr = '';
    let stop: () => void = () => {};
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    if (!existsSync(join(built, 'index.html'))) {
      await expect(
        runServeCommand([...args, '--playground'], { stdout: () => {}, stderr: () => {} }, {}, stopped),
      ).rejects.toThrow(
        `--playground: the playground is not built (no ${built}index.html): run npm run build:playground in a toolwire checkout`,
      );
      return;
    }
    const listening = new Promise<string>((resolve) => {
      void runServeCommand(
        [...args, '--playground'],
        {
          stdout: () => {},
          stderr: (text) => {
            stderr += text;
            const match = /playground at (http:\/\/\S+)/.exec(text);
            if (match?.[1]) resolve(match[1]);
          },
        },
        {},
        stopped,
      );
    });
    const url = await listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/playground\/$/);
    const page = await fetch(url);
    expect(await page.text()).toBe(readFileSync(join(built, 'index.html'), 'utf8'));
    stop();
    expect(stderr).toContain('toolwire serve: listening on http://127.0.0.1:');
  });
});
