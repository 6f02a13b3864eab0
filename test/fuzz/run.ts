/**
 * The long fuzz run: `npm run fuzz -- [--suite NAME] [--count N] [--seed S]
 * [--workers W] [--batch B] [--out DIR]`, run with vite-node. NAME is one of `SUITES` (`suites.ts`):
 * `parsers` (default), `providers`, `grammar`, `agent`, `middleware`. Splits the count into batches of
 * B inputs, each with its own fast-check seed (S, S+1, …), over W worker processes; a batch is
 * `fc.check` of the suite's property over B inputs, so a failure is shrunk by fast-check and written as
 * one JSON repro file (the input, every violation, the seed and path to replay it) under DIR (default
 * `.fuzz-failures/`, gitignored). Prints one summary line per batch and a total: suite, inputs,
 * failures, seeds, duration.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { type FuzzSuite, SUITES, type SuiteName } from './suites.js';

interface Args {
  suite: SuiteName;
  count: number;
  seed: number;
  workers: number;
  batch: number;
  out: string;
  /** Internal: this process is a worker running these batch seeds. */
  worker?: number[];
}

const usage = `usage: npm run fuzz -- [--suite NAME] [--count N] [--seed S] [--workers W] [--batch B] [--out DIR]
  --suite NAME   the property to check: ${Object.keys(SUITES).join(', ')} (default parsers)
  --count N      inputs in all (default 100000)
  --seed S       fast-check seed of the first batch; batch k has S+k (default 1)
  --workers W    worker processes (default 2)
  --batch B      inputs per batch, each checked and shrunk on its own (default 2000)
  --out DIR      where a failing batch's repro file is written (default .fuzz-failures)
Prints a line per batch and a total; exits 1 when a batch failed.`;

/** A bad command line: said on one line, exit 2. */
class UsageError extends Error {}

/** `value` as a whole number of at least `least`, for the flag `name`. */
function countOf(name: string, value: string, least: number): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(number) || number < least) {
    throw new UsageError(`${name} must be a whole number of at least ${least}, got ${JSON.stringify(value)}`);
  }
  return number;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = {
    suite: 'parsers',
    count: 100_000,
    seed: 1,
    workers: 2,
    batch: 2000,
    out: '.fuzz-failures',
  };
  for (let index = 0; index < argv.length; index++) {
    const name = argv[index];
    const value = argv[index + 1] ?? '';
    if (name === '--help' || name === '-h') {
      console.log(usage);
      process.exit(0);
    }
    if (index + 1 >= argv.length && name !== undefined && name.startsWith('--')) {
      throw new UsageError(`${name} needs a value (npm run fuzz -- --help)`);
    }
    if (name === '--suite') {
      if (!Object.hasOwn(SUITES, value))
        throw new UsageError(
          `--suite must be one of ${Object.keys(SUITES).join(', ')}, got ${JSON.stringify(value)}`,
        );
      args.suite = value as SuiteName;
    } else if (name === '--count') args.count = countOf(name, value, 1);
    else if (name === '--seed') args.seed = countOf(name, value, 0);
    else if (name === '--workers') args.workers = countOf(name, value, 1);
    else if (name === '--batch') args.batch = countOf(name, value, 1);
    else if (name === '--out') args.out = value;
    else if (name === '--worker') args.worker = value.split(',').map(Number);
    else throw new UsageError(`unknown argument ${JSON.stringify(name)} (npm run fuzz -- --help)`);
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

/** `error` as a repro shows it: the stack when it has one, never throwing itself. */
function shown(error: unknown): string {
  try {
    return error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  } catch {
    return 'a value that could not be read';
  }
}

/** The suite's violations of `input`, or the error its check threw (a broken check fails the batch). */
async function violationsOf(suite: FuzzSuite<unknown>, input: unknown): Promise<string[]> {
  try {
    return await suite.violations(input);
  } catch (error) {
    return [`the check threw: ${shown(error)}`];
  }
}

function writeRepro(out: string, file: string, repro: Record<string, unknown>): string {
  mkdirSync(out, { recursive: true });
  const path = `${out}/${file}`;
  writeFileSync(path, `${JSON.stringify(repro, null, 2)}\n`);
  return path;
}

async function runBatch(
  seed: number,
  size: number,
  out: string,
  suite: FuzzSuite<unknown>,
  arbitrary: fc.Arbitrary<unknown>,
  name: SuiteName,
): Promise<BatchResult> {
  const started = Date.now();
  const details = await fc.check(
    fc.asyncProperty(arbitrary, async (input) => (await violationsOf(suite, input)).length === 0),
    { seed, numRuns: size, endOnFailure: false },
  );
  const ms = Date.now() - started;
  if (!details.failed) return { seed, runs: details.numRuns, failed: false, ms };
  const replay = { seed, path: details.counterexamplePath, numRuns: size };
  if (details.counterexample === null) {
    // fast-check failed the run without an input (it could not generate one): still a failure.
    const repro = writeRepro(out, `${name}-seed${seed}-error.json`, {
      suite: name,
      error: shown(details.errorInstance),
      replay,
    });
    return { seed, runs: details.numRuns, failed: true, ms, repro };
  }
  const [input] = details.counterexample;
  const repro = writeRepro(out, `${suite.label(input)}-seed${seed}.json`, {
    suite: name,
    ...(suite.repro ? suite.repro(input) : { input }),
    violations: await violationsOf(suite, input),
    replay,
  });
  return { seed, runs: details.numRuns, failed: true, ms, repro };
}

/** A worker: runs `seeds`, one JSON line per batch on stdout, then exits 0 (1 when it could not go on). */
async function work(args: Args, seeds: readonly number[]): Promise<void> {
  const suite = SUITES[args.suite] as unknown as FuzzSuite<unknown>;
  const arbitrary = suite.arbitrary();
  // A rejection nobody handles (a promise the code under test dropped) fails the batch it came in.
  const unhandled: string[] = [];
  process.on('unhandledRejection', (reason) => {
    unhandled.push(shown(reason));
  });
  for (const seed of seeds) {
    let result = await runBatch(seed, args.batch, args.out, suite, arbitrary, args.suite);
    await new Promise((resolve) => setImmediate(resolve));
    if (unhandled.length > 0) {
      const repro = writeRepro(args.out, `${args.suite}-seed${seed}-unhandled.json`, {
        suite: args.suite,
        seed,
        unhandled: unhandled.splice(0),
      });
      result = { ...result, failed: true, repro };
    }
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}

async function main(): Promise<void> {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`fuzz: ${error.message}\n`);
    process.exit(2);
  }
  if (args.worker) {
    try {
      await work(args, args.worker);
    } catch (error) {
      process.stderr.write(`worker failed: ${shown(error)}\n`);
      process.exit(1);
    }
    // Handles a suite leaves open (the grammar engine's) must not keep the worker alive.
    process.exit(0);
  }
  const batches = Math.ceil(args.count / args.batch);
  const seeds = Array.from({ length: batches }, (_, index) => args.seed + index);
  const started = Date.now();
  const self = fileURLToPath(import.meta.url);
  const results: BatchResult[] = [];
  const children: ChildProcess[] = [];
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      for (const child of children) {
        try {
          if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      process.exit(130);
    });
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
            '--suite',
            args.suite,
            '--batch',
            String(args.batch),
            '--out',
            args.out,
          ],
          // A process group of its own, so that stopping the run stops the worker's node too (npx
          // starts it under a shell, and the grammar engine's node keeps running after SIGTERM).
          { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
        );
        children.push(child);
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
        child.on('exit', (code) => {
          if (code !== 0) console.log(`worker ${worker} exited ${code}`);
          resolve();
        });
      });
    }),
  );
  // A batch no worker reported failed too: its worker crashed, or ended while a promise of the code
  // under test never settled (the event loop ran dry: a hang nothing else would show).
  const reported = new Set(results.map((entry) => entry.seed));
  const missing = seeds.filter((seed) => !reported.has(seed));
  for (const seed of missing) console.log(`batch seed ${seed}: FAILED, no result (the worker ended first)`);
  const inputs = results.reduce((sum, entry) => sum + entry.runs, 0);
  const failures = results.filter((entry) => entry.failed);
  console.log(
    `fuzz ${args.suite}: ${inputs} inputs, ${failures.length + missing.length} failing batch(es), seeds ${args.seed}..${args.seed + batches - 1}, ` +
      `${args.workers} worker(s), ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const failure of failures) console.log(`  repro: ${failure.repro}`);
  if (failures.length + missing.length > 0) process.exitCode = 1;
}

await main();
