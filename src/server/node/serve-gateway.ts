import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Gateway } from '../gateway.js';
import { playgroundFiles } from './playground-files.js';

/** How long finished answers get to be written out at shutdown before connections are closed. */
const flushMs = 2000;

/** The default of `requestTimeoutMs`. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** A gateway listening on a port (Node). */
export interface ServingGateway {
  /** `http://HOST:PORT`, with the port the system chose when 0 was asked for. */
  readonly url: string;
  /**
   * Stops listening, lets requests in flight finish for up to `graceMs` (default 10000), then ends
   * the rest and closes every connection.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Serves `gateway` on `host:port` with Hono's Node adapter. Binds loopback unless `host` says
 * otherwise. With `playground` (a folder: the built playground page, `playground/dist/`), its files are
 * also served at `/playground/` (GET and HEAD, no API key: the page holds no secret and calls no
 * route); every other path is the gateway's. A request whose headers and body have not all arrived
 * within `requestTimeoutMs` (default 60000) gets 408 and its connection is closed: a slow upload
 * would otherwise hold a `maxConcurrent` slot for Node's default of 300 s. (Answers, streamed or
 * whole, may take as long as they take: the limit is on receiving the request only.)
 *
 * @throws the listen error (`EADDRINUSE`, `EACCES`, ...) when the port cannot be bound.
 */
export async function serveGateway(
  gateway: Gateway,
  options: { host?: string; port?: number; playground?: string; requestTimeoutMs?: number } = {},
): Promise<ServingGateway> {
  const host = options.host ?? '127.0.0.1';
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const files = options.playground === undefined ? undefined : playgroundFiles(options.playground);
  const fetch =
    files === undefined ? gateway : async (request: Request) => (await files(request)) ?? gateway(request);
  const server = serve({
    fetch,
    hostname: host,
    port: options.port ?? 8000,
    serverOptions: {
      requestTimeout,
      headersTimeout: requestTimeout,
      // Node checks the timeouts every 30 s by default, which would let a short limit run over.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeout / 4))),
    },
  });
  await new Promise<void>((resolve, reject) => {
    if (server.listening) resolve();
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Responses not yet written out: an answer the gateway has finished may still be on its way to the
  // socket (a whole answer is written after the handler returns), so shutdown waits for these.
  const writing = new Set<ServerResponse>();
  let written: (() => void) | undefined;
  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    writing.add(response);
    response.once('close', () => {
      writing.delete(response);
      if (writing.size === 0) written?.();
    });
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    async close(graceMs = 10_000) {
      // Stops accepting connections and closes the idle ones; those with a request stay open.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.close(graceMs);
      if (writing.size > 0) {
        await new Promise<void>((resolve) => {
          written = resolve;
          setTimeout(resolve, flushMs).unref();
        });
      }
      if ('closeAllConnections' in server) server.closeAllConnections();
      await closed;
    },
  };
}
