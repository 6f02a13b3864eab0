// Gateway streaming benchmark: N concurrent streamed requests (N = 1, 16, 128) of one recorded answer
// (bench/gateway-answer.js: hermes content and five tool calls in 2,000 backend chunks) through three
// paths, each server in its own process (bench/gateway-servers.js) and the client (node's fetch,
// reading every stream to its end) in this one:
//   direct        the client asks the backend (OpenAI Completions SSE on node:http) itself;
//   pass-through  through a proxy on Hono + @hono/node-server that pipes the SSE body back unchanged:
//                 the floor of any gateway on this server stack;
//   parse-only    through the pass-through's proxy made to read the tool calls and nothing else: the
//                 backend's SSE events decoded the plain way (TextDecoderStream, JSON.parse of each),
//                 their text pushed through toolwire's public createToolCallStream, Chat chunks
//                 written (gateway-servers.js, role parse-only): what reading the calls at all
//                 does to the ratios, without the gateway's history, template, rules and checks;
//   gateway       through toolwire's gateway (OpenAI Chat Completions; one model, format hermes,
//                 template builtin:qwen2.5, backend openai-completions).
// chunks/s counts backend chunks delivered per second of wall time, over all N requests: the same
// numerator for the three paths, since the gateway sends fewer, larger chunks (each call once whole).
// TTFB is from the request to its first body byte; "added" is the path's percentile less direct's.
// CPU/chunk is CPU time (user + system) in the measured rounds per backend chunk carried: the client's,
// the backend's, the server's (the proxy's or gateway's process) and all three together (each read
// before and after each round, so a path is charged only its own rounds). Other load on the machine
// moves these less than chunks/s; one process can use one core only, so once the proxy or gateway
// is the busiest process, its figure is what bounds its path's chunks/s. Peak RSS is the server's getrusage maxrss (a fresh
// process per N: warm-up and rounds at that N only). Per N, each path is warmed up, then the paths take
// turns, round after round, so a load change on the machine hits the three alike; chunks/s is the
// median round. The summary compares the gateway with the pass-through, as the goals do (chunks/s
// >= 0.80x at N = 128; p99 TTFB at most 2 ms over the pass-through's).
// The backend writes each answer as fast as its socket takes it (`--pace=burst`, the default: the
// streams of N go out nearly one after another, so a stream's first byte waits for the streams before
// it and TTFB at N > 1 is mostly its place in that queue), or one event per stream per turn of its
// event loop (`--pace=stepped`, as a model server decodes every running sequence a token per step:
// every stream starts at once, TTFB is what each path adds to a request, and the backend, not the
// path, bounds chunks/s).
// `node bench/gateway.bench.js [--loads=1,16,128] [--pace=burst|stepped] [--cpu-prof=DIR]` (the
// latter profiles the gateway process with node --cpu-prof into DIR).
import { parseArgs } from 'node:util';
import { createToolCallStream } from '../dist/stream/index.js';
import {
  chunks as answerChunks,
  CHUNKS,
  chatBody,
  checkChatStream,
  checkCompletionStream,
  completionBody,
  tools,
} from './gateway-answer.js';
import { startServer } from './gateway-process.js';
import { printTable } from './measure.js';

const { values: flags } = parseArgs({
  options: {
    loads: { type: 'string', default: '1,16,128' },
    'cpu-prof': { type: 'string' },
    pace: { type: 'string', default: 'burst' },
  },
});
const loads = flags.loads.split(',').map(Number);
/**
 * Per N: warm-up rounds, then at least `rounds` measured rounds and on for `budgetMs` in all. At N = 1
 * a round is one request, so it takes 200 rounds for the p99 TTFB not to be the single slowest one.
 */
const plans = {
  1: { warmup: 40, rounds: 200, budgetMs: 12_000 },
  16: { warmup: 4, rounds: 10, budgetMs: 10_000 },
  128: { warmup: 1, rounds: 4, budgetMs: 20_000 },
};
const planFor = (n) => plans[n] ?? { warmup: 2, rounds: 5, budgetMs: 10_000 };

/**
 * One streamed request read to its end: time to the first body byte, bytes, the last piece read (its
 * end is the stream's) and the text if `keep`.
 */
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
  let last;
  const pieces = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    ttfb ??= performance.now() - start;
    bytes += value.byteLength;
    last = value;
    if (keep) pieces.push(value);
  }
  return { ttfb, bytes, last, text: keep ? Buffer.concat(pieces).toString() : undefined };
}

const doneFrame = Buffer.from('data: [DONE]\n\n');

/**
 * N requests at once. Every answer of the backend and the proxy must be as long as the checked one.
 * The gateway's length depends on how the backend's events fell into reads (the text of one read is
 * one delta): each of its answers must end with `data: [DONE]` (a failure mid-stream ends with an
 * error event instead); the first, read before the rounds, was checked call by call.
 */
async function round(path, n) {
  const start = performance.now();
  const results = await Promise.all(Array.from({ length: n }, () => request(path, false)));
  const wallMs = performance.now() - start;
  for (const result of results) {
    const complete =
      path.name !== 'direct' && path.name !== 'pass-through'
        ? doneFrame.equals(result.last?.subarray(-doneFrame.length) ?? new Uint8Array())
        : result.bytes === path.bytes;
    if (!complete) throw new Error(`${path.name}: an answer of ${result.bytes} bytes`);
  }
  const ttfbs = results.map((result) => result.ttfb);
  return {
    chunksPerSecond: (n * CHUNKS) / (wallMs / 1000),
    ttfbs,
    lastFirstByte: wallMs - Math.max(...ttfbs),
  };
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

/** CPU time used so far, in microseconds: this (client) process's, the backend's and `server`'s. */
async function cpuNow(backend, server) {
  const [backendUsage, serverUsage] = await Promise.all([backend.usage(), server?.usage()]);
  const client = process.cpuUsage();
  return { client: client.user + client.system, backend: backendUsage.cpu, server: serverUsage?.cpu ?? 0 };
}

const perChunk = (micros, chunks) => `${(micros / chunks).toFixed(2)} us`;

async function measureLoad(backend, n) {
  const proxy = await startServer('pass-through', backend.url);
  const profile =
    flags['cpu-prof'] === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${flags['cpu-prof']}`];
  const parseOnly = await startServer('parse-only', backend.url);
  const gateway = await startServer('gateway', backend.url, { execArgv: profile });
  const paths = [
    {
      name: 'direct',
      url: `${backend.url}/v1/completions`,
      body: completionBody,
      check: checkCompletionStream,
    },
    {
      name: 'pass-through',
      server: proxy,
      url: `${proxy.url}/v1/completions`,
      body: completionBody,
      check: checkCompletionStream,
    },
    {
      name: 'parse-only',
      server: parseOnly,
      url: `${parseOnly.url}/v1/chat/completions`,
      body: chatBody,
      check: (text) => checkChatStream(text, true),
    },
    {
      name: 'gateway',
      server: gateway,
      url: `${gateway.url}/v1/chat/completions`,
      body: chatBody,
      check: checkChatStream,
    },
  ];
  const plan = planFor(n);
  for (const path of paths) {
    const checked = await request(path, true);
    path.check(checked.text);
    path.bytes = checked.bytes;
    path.rates = [];
    path.ttfbs = [];
    path.lastFirstBytes = [];
    path.cpu = { client: 0, backend: 0, server: 0 };
    for (let index = 0; index < plan.warmup; index++) await round(path, n);
  }
  const start = performance.now();
  let rounds = 0;
  while (rounds < plan.rounds || performance.now() - start < plan.budgetMs) {
    for (const path of paths) {
      const before = await cpuNow(backend, path.server);
      const result = await round(path, n);
      const after = await cpuNow(backend, path.server);
      for (const key of Object.keys(path.cpu)) path.cpu[key] += after[key] - before[key];
      path.rates.push(result.chunksPerSecond);
      path.ttfbs.push(...result.ttfbs);
      path.lastFirstBytes.push(result.lastFirstByte);
    }
    rounds++;
    if (rounds >= plan.rounds * 4) break;
  }
  const rss = {
    'pass-through': (await proxy.usage()).rss,
    'parse-only': (await parseOnly.usage()).rss,
    gateway: (await gateway.usage()).rss,
  };
  await Promise.all([proxy.stop(), parseOnly.stop(), gateway.stop()]);

  const chunks = rounds * n * CHUNKS;
  const [direct, passThrough, parseOnlyPath, gatewayPath] = paths;
  for (const path of paths) {
    path.chunksPerSecond = median(path.rates);
    path.p50 = percentile(path.ttfbs, 50);
    path.p99 = percentile(path.ttfbs, 99);
    path.allCpu = path.cpu.client + path.cpu.backend + path.cpu.server;
  }
  const rows = [
    [
      'path',
      'chunks/s',
      'vs pass-through',
      'TTFB p50',
      'TTFB p99',
      'added p50',
      'added p99',
      'CPU/chunk: client',
      'backend',
      'server',
      'all',
      'peak RSS',
      'last first byte',
    ],
  ];
  for (const path of paths) {
    rows.push([
      path.name,
      rate(path.chunksPerSecond),
      `${(path.chunksPerSecond / passThrough.chunksPerSecond).toFixed(2)}x`,
      ms(path.p50),
      ms(path.p99),
      path === direct ? '' : signedMs(path.p50 - direct.p50),
      path === direct ? '' : signedMs(path.p99 - direct.p99),
      perChunk(path.cpu.client, chunks),
      perChunk(path.cpu.backend, chunks),
      path === direct ? '' : perChunk(path.cpu.server, chunks),
      perChunk(path.allCpu, chunks),
      path === direct ? '' : mb(rss[path.name]),
      n === 1 ? '' : `${ms(median(path.lastFirstBytes))} before the end`,
    ]);
  }
  console.log(
    `\nN = ${n} concurrent streams x ${CHUNKS} backend chunks; ${rounds} rounds per path (${gatewayPath.ttfbs.length} requests each for the percentiles)`,
  );
  printTable(rows);
  return {
    n,
    chunksPerSecond: gatewayPath.chunksPerSecond / passThrough.chunksPerSecond,
    p99: gatewayPath.p99 / passThrough.p99,
    overP99: gatewayPath.p99 - passThrough.p99,
    overP50: gatewayPath.p50 - passThrough.p50,
    serverCpu: gatewayPath.cpu.server / passThrough.cpu.server,
    parseOnly: {
      chunksPerSecond: parseOnlyPath.chunksPerSecond / passThrough.chunksPerSecond,
      overP99: parseOnlyPath.p99 - passThrough.p99,
      overP50: parseOnlyPath.p50 - passThrough.p50,
      serverCpu: parseOnlyPath.cpu.server / passThrough.cpu.server,
    },
  };
}

console.log(
  `Streaming a ${CHUNKS}-chunk hermes answer with 5 tool calls, the backend's pace ${flags.pace}. chunks/s = backend chunks delivered per second of wall time, all N requests together (the same numerator for every path: the gateway sends each call once whole, so it sends fewer chunks). Median round. TTFB = request to first body byte; added = less direct's. CPU/chunk = CPU time (user + system) in the measured rounds per backend chunk: the client's (this process), the backend's, the server's (the proxy's or gateway's process) and all three together; peak RSS = the server's getrusage maxrss.`,
);
if (flags.pace !== 'burst' && flags.pace !== 'stepped') throw new Error('--pace is burst or stepped');
const backend = await startServer('backend', undefined, {
  env: { ...process.env, BACKEND_PACE: flags.pace },
});
const results = [];
try {
  for (const n of loads) results.push(await measureLoad(backend, n));
} finally {
  await backend.stop();
}
const times = (value) => `${value.toFixed(2)}x`;
console.log('\nGateway against the pass-through: ratios gateway / pass-through, and TTFB differences.');
printTable([
  ['N', 'chunks/s', 'p99 TTFB', 'p99 TTFB over', 'p50 TTFB over', 'server CPU/chunk'],
  ...results.map((result) => [
    result.n,
    times(result.chunksPerSecond),
    times(result.p99),
    signedMs(result.overP99),
    signedMs(result.overP50),
    times(result.serverCpu),
  ]),
]);
console.log('\nThe parse-only proxy against the pass-through, the same ratios.');
printTable([
  ['N', 'chunks/s', 'p99 TTFB over', 'p50 TTFB over', 'server CPU/chunk'],
  ...results.map((result) => [
    result.n,
    times(result.parseOnly.chunksPerSecond),
    signedMs(result.parseOnly.overP99),
    signedMs(result.parseOnly.overP50),
    times(result.parseOnly.serverCpu),
  ]),
]);
console.log(
  "\nGoals: gateway chunks/s >= 0.80x the pass-through's at N = 128; p99 TTFB at most 2 ms over the pass-through's.",
);
for (const result of results) {
  const throughput =
    result.n === 128
      ? `; chunks/s ${times(result.chunksPerSecond)} ${result.chunksPerSecond >= 0.8 ? 'met' : 'MISSED'}`
      : '';
  console.log(
    `  N = ${result.n}: p99 TTFB ${signedMs(result.overP99)} ${result.overP99 <= 2 ? 'met' : 'MISSED'}${throughput}`,
  );
}

/**
 * Milliseconds a stream's text takes through toolwire's stream parser alone (the 2,000 chunks pushed,
 * the tools given; median of 15 batches of 100 after a warm-up): the least CPU a gateway that reads
 * the calls spends per stream that a pass-through does not.
 */
function parseMsPerStream() {
  const pieces = answerChunks();
  const parse = () => {
    const stream = createToolCallStream({ format: 'hermes', tools });
    for (const piece of pieces) stream.push(piece);
    stream.finish();
  };
  for (let index = 0; index < 300; index++) parse();
  const batches = [];
  for (let batch = 0; batch < 15; batch++) {
    const start = performance.now();
    for (let index = 0; index < 100; index++) parse();
    batches.push((performance.now() - start) / 100);
  }
  return median(batches);
}

// With the burst pace a stream's first byte waits for the streams the backend sends before it (the
// table's last column: the round's last first byte comes just before its end), so at N streams the
// p99 TTFB over the pass-through's is at least what the gateway spends on the N - 1 streams ahead.
if (flags.pace === 'burst') {
  const parseMs = parseMsPerStream();
  console.log(
    `\nThe stream parser alone takes ${ms(parseMs)} a stream (${((parseMs * 1e6) / CHUNKS).toFixed(0)} ns a chunk); with the burst pace, where the streams go out one after another, the ${loads
      .filter((n) => n > 1)
      .map((n) => `${n - 1} streams ahead at N = ${n} take ${ms(parseMs * (n - 1))}`)
      .join(
        ', ',
      )} of parsing alone: the least that N adds to the p99 TTFB of any gateway that reads the calls, on a machine the run keeps busy.`,
  );
}
