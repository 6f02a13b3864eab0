// Gateway streaming benchmark: N concurrent streamed requests (N = 1, 16, 128) of one recorded answer
// (bench/gateway-answer.js: hermes content and five tool calls in 2,000 backend chunks) through three
// paths, each server in its own process (bench/gateway-servers.js) and the client (node's fetch,
// reading every stream to its end) in this one:
//   direct        the client asks the backend (OpenAI Completions SSE on node:http) itself;
//   pass-through  through a proxy on Hono + @hono/node-server that pipes the SSE body back unchanged:
//                 the floor of any gateway on this server stack;
//   gateway       through toolwire's gateway (OpenAI Chat Completions; one model, format hermes,
//                 template builtin:qwen2.5, backend openai-completions).
// chunks/s counts backend chunks delivered per second of wall time, over all N requests: the same
// numerator for the three paths, since the gateway sends fewer, larger chunks (each call once whole).
// TTFB is from the request to its first body byte; "added" is the path's percentile less direct's.
// CPU/chunk is the proxy's or gateway's process CPU time in the measured rounds per backend chunk it
// carried (a figure other load on the machine moves far less than chunks/s); peak RSS is its
// getrusage maxrss (a fresh process per N: warm-up and rounds at that N only). Per N, each path is warmed up, then the paths take turns, round after round, so a load
// change on the machine hits the three alike; chunks/s is the median round.
// `node bench/gateway.bench.js [--loads=1,16,128] [--cpu-prof=DIR]` (the latter profiles the gateway
// process with node --cpu-prof into DIR).
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  CHUNKS,
  chatBody,
  checkChatStream,
  checkCompletionStream,
  completionBody,
} from './gateway-answer.js';
import { printTable } from './measure.js';

const { values: flags } = parseArgs({
  options: { loads: { type: 'string', default: '1,16,128' }, 'cpu-prof': { type: 'string' } },
});
const loads = flags.loads.split(',').map(Number);
/** Per N: warm-up rounds, then at least `rounds` measured rounds and on for `budgetMs` in all. */
const plans = {
  1: { warmup: 40, rounds: 60, budgetMs: 8_000 },
  16: { warmup: 4, rounds: 10, budgetMs: 10_000 },
  128: { warmup: 1, rounds: 4, budgetMs: 20_000 },
};
const planFor = (n) => plans[n] ?? { warmup: 2, rounds: 5, budgetMs: 10_000 };

const serversFile = fileURLToPath(new URL('./gateway-servers.js', import.meta.url));

/** Starts one server process of gateway-servers.js; resolves once it listens. */
function startServer(role, backendUrl, execArgv = []) {
  const child = fork(serversFile, backendUrl === undefined ? [role] : [role, backendUrl], { execArgv });
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

/** One streamed request read to its end: time to the first body byte, bytes, and the text if `keep`. */
async function request(path, keep) {
  const start = performance.now();
  const response = await fetch(path.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: path.body,
  });
  if (response.status !== 200)
    throw new Error(`${path.name} answered ${response.status}: ${await response.text()}`);
  const reader = response.body.getReader();
  let ttfb;
  let bytes = 0;
  const pieces = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    ttfb ??= performance.now() - start;
    bytes += value.byteLength;
    if (keep) pieces.push(value);
  }
  return { ttfb, bytes, text: keep ? Buffer.concat(pieces).toString() : undefined };
}

/** N requests at once; every answer must be as long as the checked one. */
async function round(path, n) {
  const start = performance.now();
  const results = await Promise.all(Array.from({ length: n }, () => request(path, false)));
  const wallMs = performance.now() - start;
  for (const result of results) {
    if (result.bytes !== path.bytes) throw new Error(`${path.name}: an answer of ${result.bytes} bytes`);
  }
  return { chunksPerSecond: (n * CHUNKS) / (wallMs / 1000), ttfbs: results.map((result) => result.ttfb) };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** Nearest-rank percentile. */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (value) => `${value.toFixed(2)} ms`;
const signedMs = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(2)} ms`;
const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const rate = (value) => `${Math.round(value).toLocaleString('en-US')}`;

async function measureLoad(backend, n) {
  const proxy = await startServer('pass-through', backend.url);
  const profile =
    flags['cpu-prof'] === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${flags['cpu-prof']}`];
  const gateway = await startServer('gateway', backend.url, profile);
  const paths = [
    {
      name: 'direct',
      url: `${backend.url}/v1/completions`,
      body: completionBody,
      check: checkCompletionStream,
    },
    {
      name: 'pass-through',
      url: `${proxy.url}/v1/completions`,
      body: completionBody,
      check: checkCompletionStream,
    },
    { name: 'gateway', url: `${gateway.url}/v1/chat/completions`, body: chatBody, check: checkChatStream },
  ];
  const plan = planFor(n);
  for (const path of paths) {
    const checked = await request(path, true);
    path.check(checked.text);
    path.bytes = checked.bytes;
    path.rates = [];
    path.ttfbs = [];
    for (let index = 0; index < plan.warmup; index++) await round(path, n);
  }
  const servers = { 'pass-through': proxy, gateway };
  const before = { 'pass-through': await proxy.usage(), gateway: await gateway.usage() };
  const start = performance.now();
  let rounds = 0;
  while (rounds < plan.rounds || performance.now() - start < plan.budgetMs) {
    for (const path of paths) {
      const result = await round(path, n);
      path.rates.push(result.chunksPerSecond);
      path.ttfbs.push(...result.ttfbs);
    }
    rounds++;
    if (rounds >= plan.rounds * 4) break;
  }
  const after = { 'pass-through': await proxy.usage(), gateway: await gateway.usage() };
  await Promise.all([proxy.stop(), gateway.stop()]);

  const [direct, passThrough, gatewayPath] = paths;
  const rows = [
    [
      'path',
      'chunks/s',
      'vs pass-through',
      'TTFB p50',
      'TTFB p99',
      'added p50',
      'added p99',
      'CPU/chunk',
      'peak RSS',
    ],
  ];
  for (const path of paths) {
    const p50 = percentile(path.ttfbs, 50);
    const p99 = percentile(path.ttfbs, 99);
    rows.push([
      path.name,
      rate(median(path.rates)),
      `${(median(path.rates) / median(passThrough.rates)).toFixed(2)}x`,
      ms(p50),
      ms(p99),
      path === direct ? '' : signedMs(p50 - percentile(direct.ttfbs, 50)),
      path === direct ? '' : signedMs(p99 - percentile(direct.ttfbs, 99)),
      servers[path.name] === undefined
        ? ''
        : `${((after[path.name].cpu - before[path.name].cpu) / (rounds * n * CHUNKS)).toFixed(2)} us`,
      servers[path.name] === undefined ? '' : mb(after[path.name].rss),
    ]);
  }
  console.log(
    `\nN = ${n} concurrent streams x ${CHUNKS} backend chunks; ${rounds} rounds per path (${gatewayPath.ttfbs.length} requests each for the percentiles)`,
  );
  printTable(rows);
  return {
    n,
    ratio: median(gatewayPath.rates) / median(passThrough.rates),
    addedP99: percentile(gatewayPath.ttfbs, 99) - percentile(direct.ttfbs, 99),
    overPassThroughP99: percentile(gatewayPath.ttfbs, 99) - percentile(passThrough.ttfbs, 99),
  };
}

console.log(
  `Streaming a ${CHUNKS}-chunk hermes answer with 5 tool calls. chunks/s = backend chunks delivered per second of wall time, all N requests together (the same numerator for every path: the gateway sends each call once whole, so it sends fewer chunks). Median round. TTFB = request to first body byte; added = less direct's. CPU/chunk = the proxy's or gateway's process CPU time (user + system) in the measured rounds per backend chunk it carried; peak RSS = its getrusage maxrss.`,
);
const backend = await startServer('backend');
const results = [];
try {
  for (const n of loads) results.push(await measureLoad(backend, n));
} finally {
  await backend.stop();
}
console.log('\nGoals: gateway >= 0.80x pass-through chunks/s at N = 128; added p99 TTFB <= 2 ms.');
for (const result of results) {
  const throughput =
    result.n === 128
      ? `, chunks/s ${result.ratio.toFixed(2)}x ${result.ratio >= 0.8 ? 'met' : 'MISSED'}`
      : '';
  console.log(
    `  N = ${result.n}: added p99 TTFB ${signedMs(result.addedP99)} ${result.addedP99 <= 2 ? 'met' : 'MISSED'} (${signedMs(result.overPassThroughP99)} over the pass-through's)${throughput}`,
  );
}
