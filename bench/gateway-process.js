// Starts the server processes of gateway-servers.js for the gateway benchmarks.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serversFile = fileURLToPath(new URL('./gateway-servers.js', import.meta.url));

/**
 * Starts one server process of gateway-servers.js (ROLE `backend`, `pass-through` or `gateway`) with
 * `options.execArgv` and `options.env`; resolves once it listens, with its `url`, `usage()` (its peak
 * RSS and CPU time so far, `{ rss, cpu }`) and `stop()`.
 */
export function startServer(role, backendUrl, options = {}) {
  const child = fork(serversFile, backendUrl === undefined ? [role] : [role, backendUrl], {
    execArgv: options.execArgv ?? [],
    env: options.env ?? process.env,
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) =>
      reject(new Error(`the ${role} process exited with ${code} before listening`)),
    );
    child.once('message', ({ url }) =>
      resolve({
        url,
        usage: () =>
          new Promise((done) => {
            child.once('message', done);
            child.send('usage');
          }),
        stop: () =>
          new Promise((done) => {
            child.once('exit', done);
            child.send('exit');
          }),
      }),
    );
  });
}
