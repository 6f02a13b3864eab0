// Runs every benchmark of `npm run bench`, one after the other, and prints their tables together: one
// run on one machine. Each file runs in its own Node process, so one benchmark's warmed-up (and, for
// the format parsers, megamorphic) code and heap do not skew the next one's timings; within a file,
// toolwire and its peers share one process. At the end, the speed goals' rows every benchmark
// reported (bench/goals.js) are printed together, each cell marked met or MISSED.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goalSummary } from './goals.js';

const here = new URL('./', import.meta.url);
const only = process.argv[2];
console.log(
  `toolwire benchmarks — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}`,
);
const goalsDir = mkdtempSync(join(os.tmpdir(), 'toolwire-bench-'));
const goalsFile = join(goalsDir, 'goals.jsonl');
const loadBefore = os.loadavg()[0];
let failed = false;
for (const file of readdirSync(here).sort()) {
  if (!file.endsWith('.bench.js') || (only && !file.includes(only))) continue;
  console.log(`\n## ${file.replace('.bench.js', '')}`);
  const result = spawnSync(process.execPath, [fileURLToPath(new URL(file, here))], {
    stdio: 'inherit',
    env: { ...process.env, TOOLWIRE_BENCH_GOALS: goalsFile },
  });
  if (result.status !== 0) failed = true;
}
console.log(
  `\n## speed goals (this run; 1-minute load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0].toFixed(2)} after)\n`,
);
console.log(goalSummary(goalsFile));
rmSync(goalsDir, { recursive: true, force: true });
if (failed) process.exitCode = 1;
