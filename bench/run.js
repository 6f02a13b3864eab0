// Runs every benchmark of `npm run bench` in one process, one after the other, so numbers printed
// side by side come from the same run on the same machine.
import { readdirSync } from 'node:fs';
import os from 'node:os';

const here = new URL('./', import.meta.url);
const only = process.argv[2];
console.log(
  `toolwire benchmarks — node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x${os.cpus().length}`,
);
for (const file of readdirSync(here).sort()) {
  if (!file.endsWith('.bench.js') || (only && !file.includes(only))) continue;
  console.log(`\n## ${file.replace('.bench.js', '')}`);
  await import(new URL(file, here).href);
}
