// The gateway's CPU per backend chunk, two builds side by side: for "did this change make the gateway
// cheaper" on a busy machine, where chunks/s mostly measures the other processes. One backend
// (gateway-servers.js), one gateway process per build (its GATEWAY_DIST); each round sends STREAMS
// concurrent streamed Chat requests of the recorded answer (gateway-answer.js) to one build, the builds
// taking turns, and charges each build the CPU time its process used in its own rounds (user + system,
// read before and after each round). Three warm-up rounds each first.
//
//   node bench/gateway-builds.js BASELINE_DIST [CANDIDATE_DIST] [--streams=32] [--rounds=20]
//     (candidate default: ./dist; build both first)
import { parseArgs } from 'node:util';
import { CHUNKS, chatBody } from './gateway-answer.js';
import { startServer } from './gateway-process.js';
import { printTable } from './measure.js';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: { streams: { type: 'string', default: '32' }, rounds: { type: 'string', default: '20' } },
});
const [baseline, candidate = 'dist'] = positionals;
if (baseline === undefined) {
  console.error(
    'usage: node bench/gateway-builds.js BASELINE_DIST [CANDIDATE_DIST] [--streams=32] [--rounds=20]',
  );
  process.exit(2);
}
const streams = Number(flags.streams);
const rounds = Number(flags.rounds);
async function stream(url) {
  const response = await fetch(`${url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: chatBody,
  });
  if (response.status !== 200) throw new Error(`the gateway answered ${response.status}`);
  const text = await response.text();
  if (!text.endsWith('data: [DONE]\n\n')) throw new Error('a stream did not end with data: [DONE]');
}

const backend = await startServer('backend');
const builds = [];
for (const [name, dist] of [
  ['baseline', baseline],
  ['candidate', candidate],
]) {
  builds.push({
    name,
    dist,
    server: await startServer('gateway', backend.url, { env: { ...process.env, GATEWAY_DIST: dist } }),
    cpu: 0,
    wall: 0,
  });
}
for (let round = -3; round < rounds; round++) {
  for (const build of builds) {
    const before = (await build.server.usage()).cpu;
    const started = performance.now();
    await Promise.all(Array.from({ length: streams }, () => stream(build.server.url)));
    const wall = performance.now() - started;
    const after = (await build.server.usage()).cpu;
    if (round >= 0) {
      build.cpu += after - before;
      build.wall += wall;
    }
  }
}
await Promise.all([...builds.map((build) => build.server.stop()), backend.stop()]);

const chunks = rounds * streams * CHUNKS;
const [base, cand] = builds;
console.log(`${streams} concurrent streams a round, ${rounds} rounds per build, the builds taking turns`);
printTable([
  ['build', 'dist', 'gateway CPU/chunk', 'wall ms/round'],
  ...builds.map((build) => [
    build.name,
    build.dist,
    `${(build.cpu / chunks).toFixed(2)} us`,
    (build.wall / rounds).toFixed(1),
  ]),
  [
    'candidate ÷ baseline',
    '',
    `${(cand.cpu / base.cpu).toFixed(3)}x`,
    `${(cand.wall / base.wall).toFixed(3)}x`,
  ],
]);
