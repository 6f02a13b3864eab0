// Runs every benchmark of `npm run bench`, one after the other, and prints their tables together: one
// run on one machine. Each file runs in its own Node process, so one benchmark's warmed-up (and, for
// the format parsers, megamorphic) code and heap do not skew the next one's timings; within a file,
// toolwire and its peers share one process.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const here = new URL('./', import.meta.url);
const only = process.argv[2];
console.log(
  `toolwire benchmarks — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}`,
);
let failed = false;
for (const file of readdirSync(here).sort()) {
  if (!file.endsWith('.bench.js') || (only && !file.includes(only))) continue;
  console.log(`\n## ${file.replace('.bench.js', '')}`);
  const result = spawnSync(process.execPath, [fileURLToPath(new URL(file, here))], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
if (failed) process.exitCode = 1;
