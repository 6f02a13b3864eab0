/**
 * The long fuzz run (issue 15 item 3): `npm run fuzz -- [--count N] [--seed S] [--workers W]
 * [--batch B] [--out DIR]`, run with vite-node. Splits the count into batches of B inputs, each with
 * its own fast-check seed (S, S+1, …), over W worker processes; a batch is `fc.check` of the
 * properties of `fuzz-core.ts` over B inputs, so a failure is shrunk by fast-check and written as one
 * JSON repro file (format, options, text, chunk seed, every violation, the seed and path to replay it)
 * under DIR (default `.fuzz-failures/`, gitignored). Prints one summary line per batch and a total:
 * inputs, failures, seeds, duration.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { type FuzzInput, inputArbitrary, loadSeeds, violations } from './fuzz-core.js';

interface Args {
  count: number;
  seed: number;
  workers: number;
  batch: number;
  out: string;
  /** Internal: this process is a worker running these batch seeds. */
  worker?: number[];
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { count: 100_000, seed: 1, workers: 2, batch: 2000, out: '.fuzz-failures' };
  for (let index = 0; index < argv.length; index++) {
    const name = argv[index];
    const value = argv[index + 1] ?? '';
    if (name === '--count') args.count = Number(value);
    else if (name === '--seed') args.seed = Number(value);
    else if (name === '--workers') args.workers = Number(value);
    else if (name === '--batch') args.batch = Number(value);
    else if (name === '--out') args.out = value;
    else if (name === '--worker') args.worker = value.split(',').map(Number);
    else continue;
    index++;
  }
  return args;
}

interface BatchResult {
  readonly seed: number;
  readonly runs: number;
  readonly failed: boolean;
  readonly ms: number;
  readonly repro?: string;
}

function runBatch(seed: number, size: number, out: string, arbitrary: fc.Arbitrary<FuzzInput>): BatchResult {
  const started = Date.now();
  const details = fc.check(
    fc.property(arbitrary, (input) => violations(input).length === 0),
    { seed, numRuns: size, endOnFailure: false },
  );
  const ms = Date.now() - started;
  if (!details.failed || details.counterexample === null)
    return { seed, runs: details.numRuns, failed: false, ms };
  const [input] = details.counterexample;
  mkdirSync(out, { recursive: true });
  const file = `${out}/${input.format}-seed${seed}.json`;
  const repro = {
    format: input.format,
    options: input.options,
    text: input.text,
    chunkSeed: input.chunkSeed,
    point: input.point,
    seedText: input.seedText,
    violations: violations(input),
    replay: { seed, path: details.counterexamplePath, numRuns: size },
  };
  writeFileSync(file, `${JSON.stringify(repro, null, 2)}\n`);
  return { seed, runs: details.numRuns, failed: true, ms, repro: file };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.worker) {
    const arbitrary = inputArbitrary(loadSeeds());
    for (const seed of args.worker) {
      const result = runBatch(seed, args.batch, args.out, arbitrary);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
    return;
  }
  const batches = Math.ceil(args.count / args.batch);
  const seeds = Array.from({ length: batches }, (_, index) => args.seed + index);
  const started = Date.now();
  const self = fileURLToPath(import.meta.url);
  const results: BatchResult[] = [];
  await Promise.all(
    Array.from({ length: Math.min(args.workers, batches) }, (_, worker) => {
      const mine = seeds.filter((_, index) => index % args.workers === worker);
      return new Promise<void>((resolve, reject) => {
        const child = spawn(
          'npx',
          [
            'vite-node',
            self,
            '--',
            '--worker',
            mine.join(','),
            '--batch',
            String(args.batch),
            '--out',
            args.out,
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let buffer = '';
        child.stdout.on('data', (data: Buffer) => {
          buffer += data.toString();
          for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n')) {
            const line = buffer.slice(0, newline);
            buffer = buffer.slice(newline + 1);
            if (!line.startsWith('{')) continue;
            const result = JSON.parse(line) as BatchResult;
            results.push(result);
            const done = results.reduce((sum, entry) => sum + entry.runs, 0);
            console.log(
              `batch seed ${result.seed}: ${result.runs} inputs, ${result.failed ? `FAILED (${result.repro})` : 'ok'}, ${result.ms} ms; total ${done}`,
            );
          }
        });
        child.on('error', reject);
        child.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`worker ${worker} exited ${code}`)),
        );
      });
    }),
  );
  const inputs = results.reduce((sum, entry) => sum + entry.runs, 0);
  const failures = results.filter((entry) => entry.failed);
  console.log(
    `fuzz: ${inputs} inputs, ${failures.length} failing batch(es), seeds ${args.seed}..${args.seed + batches - 1}, ` +
      `${args.workers} worker(s), ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const failure of failures) console.log(`  repro: ${failure.repro}`);
  if (failures.length > 0) process.exitCode = 1;
}

await main();
