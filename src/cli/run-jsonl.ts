import { createReadStream, existsSync, fstatSync, openSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type BatchCounts, BatchProgress } from './batch-progress.js';
import { JsonlBatch, type JsonlBatchOutput } from './jsonl-batch.js';
import type { JsonlDefaults } from './jsonl-line.js';
import type { JsonlRound, JsonlRoundAnswer, WorkerTimings } from './jsonl-rounds.js';
import { readThreadClock, type ThreadClock } from './thread-clock.js';
import { UsageError } from './usage-error.js';
import { withoutLeadingBom } from './without-leading-bom.js';

/** Options of `runJsonl`. */
export interface RunJsonlOptions {
  /**
   * Worker threads that parse (at most `os.availableParallelism()`), all started with the first
   * round. Without it, up to
   * `os.availableParallelism()`: one is started with the first round and one more each time another
   * `growAfterLines` lines have been handed out while the input goes on (a thread pays its own JIT
   * warm-up, about a second of CPU over toolwire's formats, which a short input never earns back: see
   * the batch benchmark). This thread only reads, hands out and writes. Lines are parsed in this thread
   * instead when the input ends before the first round is full, or when the worker script is not beside
   * this module (running from the TypeScript sources).
   */
  readonly workers?: number;
  /** Lines per worker before another is started when `workers` is not given (default 50,000). */
  readonly growAfterLines?: number;
  /** Gets the progress line (see `BatchProgress`); give it only for a terminal. */
  readonly progress?: (text: string) => void;
  /** Lines in a round (default 256; a round also ends after 1 MiB of input). */
  readonly batchLines?: number;
  /** Gets, at the end, where the time went in each thread (for the batch benchmark); costs a little. */
  readonly timings?: (timings: BatchTimings) => void;
}

/** Where a batch run's time went (`RunJsonlOptions.timings`). */
export interface BatchTimings {
  /** This thread when `runJsonl` began and ended, and when the workers were started (epoch ms). */
  readonly started: ThreadClock;
  readonly ended: ThreadClock;
  readonly workersStartedAt?: number;
  /** Share of this thread's time spent running, not waiting for input or answers (0 to 1). */
  readonly utilization: number;
  /** Rounds parsed in this thread (a small input, or no worker script). */
  readonly localRounds: number;
  readonly workers: readonly WorkerTimings[];
}

/** Rounds waiting at a worker at most: one being parsed, one next, so no worker idles. */
const queuedPerWorker = 2;
const maxBatchBytes = 1 << 20;
const workerScript = new URL('./jsonl-worker.js', import.meta.url);

/**
 * Opens a `--jsonl` input: standard input for `undefined` / `-`, else the file, read as a stream (never
 * whole: batches of any size).
 * @throws {UsageError} when the file cannot be opened or is a directory.
 */
export function openInputStream(file: string | undefined): AsyncIterable<Buffer> {
  if (file === undefined || file === '-') return process.stdin;
  let fd: number;
  try {
    fd = openSync(file, 'r');
    if (fstatSync(fd).isDirectory()) throw Object.assign(new Error('directory'), { code: 'EISDIR' });
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  return createReadStream('', { fd, highWaterMark: 1 << 20 });
}

/**
 * `toolwire parse --jsonl`: answers every line of `input` (UTF-8, a byte order mark at its start
 * dropped; lines end at `\n`, a `\r` before it is dropped; a last line without `\n` counts) with one output line, written to `write` in input order.
 *
 * This thread cuts the input bytes at line ends into rounds of `batchLines` lines (or 1 MiB), undecoded,
 * and hands each to a worker thread (how many: `RunJsonlOptions.workers`; each with its own tools cache;
 * see `WorkerPool`), which decodes, parses and serialises it and answers with the round's output lines
 * as UTF-8 bytes; answers are written in input order. While every worker has two rounds waiting this thread reads no further
 * (backpressure: memory stays bounded by the rounds in flight whatever the input size). An input that
 * ends before the first round is full is parsed in this thread (no thread start-up for a few lines).
 * Resolves to the counts (lines, bytes, calls, errors).
 */
export async function runJsonl(
  input: AsyncIterable<Buffer | string>,
  defaults: JsonlDefaults,
  write: (output: Uint8Array) => void,
  options: RunJsonlOptions = {},
): Promise<BatchCounts> {
  const started = options.timings ? readThreadClock() : undefined;
  const loop = options.timings ? performance.eventLoopUtilization() : undefined;
  const maxWorkers = availableParallelism();
  const growAfterLines = options.growAfterLines ?? 50_000;
  /** Workers wanted once the round starting at input line `firstLine` is handed out. */
  const wanted = (firstLine: number) =>
    // More threads than the machine runs at once only add memory and contention: `workers` is capped.
    Math.min(maxWorkers, options.workers ?? 1 + Math.floor((firstLine - 1) / growAfterLines));
  const batchLines = options.batchLines ?? 256;
  const progress = options.progress ? new BatchProgress(options.progress) : undefined;
  const counts = { lines: 0, bytes: 0, calls: 0, errors: 0 };
  const take = (output: JsonlBatchOutput) => {
    write(output.bytes);
    counts.lines += output.lines;
    counts.calls += output.calls;
    counts.errors += output.errors;
    progress?.update(counts);
  };
  let local: JsonlBatch | undefined;
  let localRounds = 0;
  const useWorkers = existsSync(fileURLToPath(workerScript));
  let pool: WorkerPool | undefined;
  let workersStartedAt: number | undefined;
  // The round being gathered: pieces of input chunks, whole lines but maybe the last piece.
  let pieces: Buffer[] = [];
  let roundBytes = 0;
  let roundLines = 0;
  let nextLine = 1;
  const send = async (final: boolean) => {
    if (roundBytes === 0) return;
    // Memory of its own, so the round moves to the worker without a copy and the chunks it came from
    // are not kept alive.
    const bytes = Buffer.allocUnsafeSlow(roundBytes);
    let offset = 0;
    for (const piece of pieces) offset += piece.copy(bytes, offset);
    const firstLine = nextLine;
    nextLine += roundLines;
    pieces = [];
    roundBytes = 0;
    roundLines = 0;
    if (!useWorkers || (pool === undefined && final)) {
      local ??= new JsonlBatch(defaults);
      localRounds++;
      take(local.run(bytes, firstLine));
    } else {
      if (pool === undefined) {
        workersStartedAt = performance.timeOrigin + performance.now();
        pool = new WorkerPool(defaults, take, options.timings !== undefined);
      }
      pool.grow(wanted(firstLine) - pool.size);
      await pool.submit(bytes, firstLine);
    }
  };
  try {
    for await (const chunk of withoutLeadingBom(input)) {
      counts.bytes += chunk.length;
      let from = 0;
      for (let end = chunk.indexOf(0x0a); end >= 0; end = chunk.indexOf(0x0a, end + 1)) {
        roundLines++;
        if (roundLines >= batchLines || roundBytes + end + 1 - from >= maxBatchBytes) {
          pieces.push(chunk.subarray(from, end + 1));
          roundBytes += end + 1 - from;
          from = end + 1;
          await send(false);
        }
      }
      if (from < chunk.length) {
        pieces.push(chunk.subarray(from));
        roundBytes += chunk.length - from;
      }
    }
    await send(true);
    await pool?.drain();
  } finally {
    const workerTimings = options.timings ? await pool?.timings() : undefined;
    await pool?.close();
    if (options.timings && started && loop) {
      options.timings({
        started,
        ended: readThreadClock(),
        ...(workersStartedAt === undefined ? {} : { workersStartedAt }),
        utilization: performance.eventLoopUtilization(loop).utilization,
        localRounds,
        workers: workerTimings ?? [],
      });
    }
  }
  progress?.finish(counts);
  return counts;
}

/**
 * The worker threads of one batch run. Each round goes whole to the worker with the fewest rounds
 * waiting, at most `queuedPerWorker`; when every worker has that many, the next round waits for an
 * answer: a worker that is slow (still starting, still compiling, or sharing its core with other
 * processes) simply gets fewer rounds, where an even split would make the fast one wait for it. Which
 * thread answers a line never changes its output. Rounds are numbered in input order and written in that
 * order, whatever order the answers come back in.
 */
class WorkerPool {
  private readonly workers: Worker[] = [];
  /** When each worker came online (epoch ms), for the timings. */
  private readonly online: Array<number | undefined> = [];
  /** Rounds sent to each worker and not yet answered. */
  private readonly queued: number[] = [];
  /** The worker each unanswered round went to. */
  private readonly lanes = new Map<number, number>();
  private readonly answers = new Map<number, JsonlRoundAnswer>();
  private sent = 0;
  private written = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly defaults: JsonlDefaults,
    private readonly take: (output: JsonlBatchOutput) => void,
    private readonly withTimings: boolean,
  ) {}

  /** Worker threads started so far. */
  get size(): number {
    return this.workers.length;
  }

  /** Starts `count` more workers (none for 0 or less); rounds go to them as soon as they have fewer waiting. */
  grow(count: number): void {
    for (let started = 0; started < count; started++) {
      const index = this.workers.length;
      const worker = new Worker(workerScript, {
        workerData: { defaults: this.defaults, timings: this.withTimings },
      });
      this.queued.push(0);
      this.online.push(undefined);
      if (this.withTimings)
        worker.once('online', () => (this.online[index] = performance.timeOrigin + performance.now()));
      worker.on('message', (answer: JsonlRoundAnswer) => this.answered(answer));
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => this.fail(new Error(`a --jsonl worker thread exited (code ${code})`)));
      this.workers.push(worker);
    }
  }

  /** Gives a round of lines to the least busy worker, once one has fewer than `queuedPerWorker`. */
  async submit(bytes: Buffer, firstLine: number): Promise<void> {
    let lane = this.freeLane();
    while (lane < 0) {
      this.check();
      await this.next();
      lane = this.freeLane();
    }
    this.check();
    const sequence = this.sent++;
    (this.queued[lane] as number)++;
    this.lanes.set(sequence, lane);
    const round: JsonlRound = { sequence, bytes, firstLine };
    (this.workers[lane] as Worker).postMessage(round, [bytes.buffer as ArrayBuffer]);
  }

  /** The worker with the fewest rounds waiting, or -1 when every one has `queuedPerWorker`. */
  private freeLane(): number {
    let best = -1;
    this.queued.forEach((queued, lane) => {
      if (queued < queuedPerWorker && (best < 0 || queued < (this.queued[best] as number))) best = lane;
    });
    return best;
  }

  private answered(answer: JsonlRoundAnswer): void {
    const lane = this.lanes.get(answer.sequence);
    if (lane === undefined) return;
    this.lanes.delete(answer.sequence);
    (this.queued[lane] as number)--;
    this.answers.set(answer.sequence, answer);
    for (
      let next = this.answers.get(this.written);
      next !== undefined;
      next = this.answers.get(this.written)
    ) {
      this.answers.delete(this.written);
      this.written++;
      this.take(next);
    }
    this.signal();
  }

  /** Waits until every round sent has been answered and written. */
  async drain(): Promise<void> {
    while (this.written < this.sent) {
      this.check();
      await this.next();
    }
    this.check();
  }

  /** Each worker's `WorkerTimings`, asked for after the last round. */
  async timings(): Promise<WorkerTimings[]> {
    if (this.failure) return [];
    return Promise.all(
      this.workers.map(
        (worker, index) =>
          new Promise<WorkerTimings>((resolve) => {
            worker.removeAllListeners('message');
            worker.once('message', (timings: WorkerTimings) => {
              const onlineAt = this.online[index];
              resolve(onlineAt === undefined ? timings : { ...timings, onlineAt });
            });
            const ask: JsonlRound = { timings: true };
            worker.postMessage(ask);
          }),
      ),
    );
  }

  async close(): Promise<void> {
    this.failure ??= closed;
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.signal();
  }

  private next(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }
}

/** Marks a pool closed, so that the workers' exits are no failure. */
const closed = new Error('closed');
