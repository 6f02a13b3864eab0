import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';

/** The path the built playground page is served under (`toolwire serve --playground`). */
export const PLAYGROUND_PATH = '/playground/';

const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * Answers GET / HEAD requests under `/playground/` with the files of `folder` (the built page,
 * `playground/dist/`): `/playground` redirects to `/playground/`, a path ending in `/` is its
 * `index.html`, a path that leaves `folder` (`..`, encoded or not) or names no file is 404. Returns
 * `undefined` for every other request, which the gateway answers.
 */
export function playgroundFiles(folder: string): (request: Request) => Promise<Response | undefined> {
  const root = resolve(folder);
  return async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === PLAYGROUND_PATH.slice(0, -1))
      return new Response(null, { status: 308, headers: { location: PLAYGROUND_PATH } });
    if (!pathname.startsWith(PLAYGROUND_PATH)) return undefined;
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('method not allowed\n', { status: 405, headers: { allow: 'GET, HEAD' } });
    let relative: string;
    try {
      relative = decodeURIComponent(pathname.slice(PLAYGROUND_PATH.length));
    } catch {
      return notFound();
    }
    if (relative === '' || relative.endsWith('/')) relative += 'index.html';
    const file = resolve(join(root, relative));
    if (!file.startsWith(root + sep) || relative.includes('\0')) return notFound();
    try {
      if (!(await stat(file)).isFile()) return notFound();
      const body = await readFile(file);
      const headers = {
        'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        'content-length': String(body.byteLength),
        'x-content-type-options': 'nosniff',
      };
      return new Response(request.method === 'HEAD' ? null : body, { headers });
    } catch {
      return notFound();
    }
  };
}

function notFound(): Response {
  return new Response('not found\n', {
    status: 404,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
}
