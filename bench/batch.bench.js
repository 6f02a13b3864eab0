// `toolwire parse --jsonl` at scale: responses/s (total, and per core used) of the built CLI with 1 and N
// worker threads (N = os.availableParallelism()), beside the in-process library loop (parseToolCalls per
// response, tools given once; its first pass, cold like every fresh CLI process, and its best of 3), on one 20,000-response file built deterministically from examples/ (each
// example output in turn, with its format and examples/tools.json on every line). Also the cost of the
// same `tools` on every line against `--tools FILE` once (1 = free; the cache makes it so). Each CLI
// figure is the best of 3 runs of the whole process (start-up included), output to /dev/null. Run with
// `npm run bench batch` (builds dist first) or `node bench/run.js batch` after `npm run build`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseToolCalls } from '../dist/index.js';
import { printTable } from './measure.js';

const responses = 20_000;
const examples = new URL('../examples/', import.meta.url);
const tools = JSON.parse(readFileSync(new URL('tools.json', examples), 'utf8'));
const outputs = readdirSync(examples)
  .filter((name) => name.endsWith('.txt'))
  .sort()
  .map((name) => ({
    format: name.slice(0, -'.txt'.length),
    input: readFileSync(new URL(name, examples), 'utf8'),
  }));
const batch = Array.from({ length: responses }, (_, index) => ({
  id: index,
  ...outputs[index % outputs.length],
}));

const directory = mkdtempSync(join(os.tmpdir(), 'toolwire-batch-bench-'));
const everyLine = join(directory, 'tools-every-line.jsonl');
const withoutTools = join(directory, 'tools-once.jsonl');
const toolsFile = join(directory, 'tools.json');
writeFileSync(everyLine, `${batch.map((line) => JSON.stringify({ ...line, tools })).join('\n')}\n`);
writeFileSync(withoutTools, `${batch.map((line) => JSON.stringify(line)).join('\n')}\n`);
writeFileSync(toolsFile, JSON.stringify(tools));

const bin = fileURLToPath(new URL('../bin/toolwire.js', import.meta.url));
/** Best wall time in ms of 3 runs of the CLI on `argv`. */
function cli(argv) {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    const result = spawnSync(process.execPath, [bin, ...argv], { stdio: ['ignore', 'ignore', 'pipe'] });
    const elapsed = performance.now() - start;
    if (result.status !== 0)
      throw new Error(`toolwire ${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
    best = Math.min(best, elapsed);
  }
  return best;
}

/** Wall times in ms of 3 passes of the library loop in this process: the first is cold (as a CLI run is). */
function libraryLoop() {
  const times = [];
  for (let run = 0; run < 3; run++) {
    const start = performance.now();
    for (const { format, input } of batch) parseToolCalls(input, { format, tools });
    times.push(performance.now() - start);
  }
  return { cold: times[0], best: Math.min(...times) };
}

const cores = os.availableParallelism();
const rate = (ms) => responses / (ms / 1000);
const library = libraryLoop();
const one = cli(['parse', '--jsonl', everyLine, '--workers', '1']);
const many = cli(['parse', '--jsonl', everyLine, '--workers', String(cores)]);
const onceOne = cli(['parse', '--jsonl', withoutTools, '--tools', toolsFile, '--workers', '1']);

const row = (mode, workers, ms) => [
  mode,
  workers,
  (ms / 1000).toFixed(2),
  rate(ms).toFixed(0),
  (rate(ms) / workers).toFixed(0),
];
printTable([
  ['mode', 'cores', 's', 'responses/s', 'per core'],
  row('library loop (parseToolCalls), first pass (cold JIT)', 1, library.cold),
  row('library loop (parseToolCalls), best of 3 (warm)', 1, library.best),
  row('parse --jsonl, tools every line, --workers 1', 1, one),
  row(`parse --jsonl, tools every line, --workers ${cores}`, cores, many),
  row('parse --jsonl, --tools once, --workers 1', 1, onceOne),
]);
console.log(
  `\n${responses} responses (${outputs.length} example formats), load average ${os.loadavg()[0].toFixed(1)}; ` +
    `${cores} workers / 1 worker: ${(one / many).toFixed(2)}x; tools every line / --tools once: ${(one / onceOne).toFixed(2)}`,
);
