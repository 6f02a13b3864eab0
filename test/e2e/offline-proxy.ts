/**
 * A proxy that lets nothing through: a real HTTP server on 127.0.0.1 that answers every proxied
 * request (`GET http://host/...`) and every tunnel (`CONNECT host:443`) with 403, keeping the target
 * it was asked for. A client started with `offlineEnv(proxy)` reaches the loopback gateway directly
 * (`NO_PROXY`) and anything else only through this proxy, so a test can assert that the client tried
 * no other host.
 */
import { createServer } from 'node:http';
import type { Socket } from 'node:net';

export interface OfflineProxy {
  /** `http://127.0.0.1:PORT` */
  readonly url: string;
  /** The hosts (`host:port`) clients asked to reach, in order. */
  readonly attempts: string[];
  close(): Promise<void>;
}

export async function startOfflineProxy(): Promise<OfflineProxy> {
  const attempts: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    attempts.push(req.headers.host ?? req.url ?? '?');
    res.writeHead(403, { 'content-type': 'text/plain' });
    res.end('offline\n');
  });
  server.on('connect', (req, socket: Socket) => {
    attempts.push(req.url ?? '?');
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('offline proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    attempts,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

/** Proxy variables sending every host but loopback to `proxy`, in the spellings clients read. */
export function offlineEnv(proxy: OfflineProxy): Record<string, string> {
  const noProxy = '127.0.0.1,localhost,::1';
  return {
    HTTP_PROXY: proxy.url,
    HTTPS_PROXY: proxy.url,
    ALL_PROXY: proxy.url,
    http_proxy: proxy.url,
    https_proxy: proxy.url,
    all_proxy: proxy.url,
    NO_PROXY: noProxy,
    no_proxy: noProxy,
  };
}
