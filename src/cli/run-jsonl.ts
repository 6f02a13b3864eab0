import { createReadStream, existsSync, fstatSync, openSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type BatchCounts, BatchProgress } from './batch-progress.js';
import {
  batchLinesOf,
  JsonlBatch,
  type JsonlBatchAnswer,
  type JsonlBatchOutput,
  type JsonlBatchRequest,
} from './jsonl-batch.js';
import type { JsonlDefaults } from './jsonl-line.js';
import { UsageError } from './usage-error.js';

/** Options of `runJsonl`. */
export interface RunJsonlOptions {
  /**
   * Threads that parse, this one included: default `os.availableParallelism()`. With 1, or when the worker
   * script is not beside this module (running from the TypeScript sources), lines are parsed in this
   * thread only.
   */
  readonly workers?: number;
  /** Gets the progress line (see `BatchProgress`); give it only for a terminal. */
  readonly progress?: (text: string) => void;
  /** Lines in a round (default 256; a round also ends after 1 MiB of input). */
  readonly batchLines?: number;
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
 * `toolwire parse --jsonl`: answers every line of `input` (UTF-8; lines end at `\n`, a `\r` before it is
 * dropped; a last line without `\n` counts) with one output line, written to `write` in input order.
 *
 * Rounds of `batchLines` lines go to `workers` threads, this one and `workers - 1` worker threads (each
 * with its own tools cache; see `WorkerPool`): to a worker with fewer than two rounds waiting, else to
 * this thread, which reads no further meanwhile (backpressure: memory stays bounded by the rounds in
 * flight whatever the input size). An input that ends before the first round is full is parsed in this thread
 * alone (no thread start-up for a few lines). Resolves to the counts (lines, bytes, calls, errors).
 */
export async function runJsonl(
  input: AsyncIterable<Buffer | string>,
  defaults: JsonlDefaults,
  write: (text: string) => void,
  options: RunJsonlOptions = {},
): Promise<BatchCounts> {
  const workers = options.workers ?? availableParallelism();
  const batchLines = options.batchLines ?? 256;
  const progress = options.progress ? new BatchProgress(options.progress) : undefined;
  const counts = { lines: 0, bytes: 0, calls: 0, errors: 0 };
  const take = (output: JsonlBatchOutput) => {
    write(output.text);
    counts.lines += output.lines;
    counts.calls += output.calls;
    counts.errors += output.errors;
    progress?.update(counts);
  };
  let local: JsonlBatch | undefined;
  const useWorkers = workers > 1 && existsSync(fileURLToPath(workerScript));
  let pool: WorkerPool | undefined;
  // A round is whole lines of input bytes, each with its `\n` (the input's last line maybe without): cut
  // at line ends, a worker's share decodes on its own, so the workers decode and split, not this thread.
  const roundLines = batchLines;
  const roundBytes = maxBatchBytes;
  let lines: Buffer[] = [];
  let bytes = 0;
  let partial: Buffer[] = [];
  let nextLine = 1;
  const send = async (final: boolean) => {
    if (lines.length === 0) return;
    const round = lines;
    const firstLine = nextLine;
    nextLine += round.length;
    lines = [];
    bytes = 0;
    if (!useWorkers || (pool === undefined && final)) {
      local ??= new JsonlBatch(defaults);
      take(local.run(batchLinesOf(Buffer.concat(round)), firstLine));
    } else {
      pool ??= new WorkerPool(workers, defaults, take);
      await pool.submit(round, firstLine);
    }
  };
  try {
    for await (const item of input) {
      const chunk = typeof item === 'string' ? Buffer.from(item) : item;
      counts.bytes += chunk.length;
      let start = 0;
      for (let end = chunk.indexOf(0x0a); end >= 0; end = chunk.indexOf(0x0a, start)) {
        const piece = chunk.subarray(start, end + 1);
        // A line spread over several chunks is joined once, at its end: linear however long it is.
        const line = partial.length === 0 ? piece : Buffer.concat([...partial, piece]);
        partial = [];
        lines.push(line);
        bytes += line.length;
        start = end + 1;
        if (lines.length >= roundLines || bytes >= roundBytes) await send(false);
      }
      if (start < chunk.length) partial.push(chunk.subarray(start));
    }
    // A last line without a line break still counts.
    if (partial.length > 0) lines.push(Buffer.concat(partial));
    await send(true);
    await pool?.drain();
  } finally {
    await pool?.close();
  }
  progress?.finish(counts);
  return counts;
}

/**
 * The threads of one batch run: this one and `count - 1` workers. Each round of lines goes whole to a
 * worker that has fewer than `queuedPerWorker` rounds waiting, and to this thread when every worker is
 * busy: a thread that is slow (still starting, still compiling, or sharing its core with other
 * processes) simply gets fewer rounds, where an even split would make the fast one wait for it. Which
 * thread answers a line never changes its output. Rounds are numbered in input order and written in that
 * order, whatever order the answers come back in.
 */
class WorkerPool {
  private readonly workers: Worker[] = [];
  /** Rounds sent to each worker and not yet answered. */
  private readonly queued: number[];
  private readonly local: JsonlBatch;
  private readonly rounds = new Map<number, JsonlBatchAnswer | undefined>();
  private sent = 0;
  private written = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    count: number,
    defaults: JsonlDefaults,
    private readonly take: (output: JsonlBatchOutput) => void,
  ) {
    this.local = new JsonlBatch(defaults);
    this.queued = new Array<number>(count - 1).fill(0);
    for (let index = 1; index < count; index++) {
      const worker = new Worker(workerScript, { workerData: { defaults } });
      worker.on('message', (answer: JsonlBatchAnswer) => this.answered(answer));
      worker.on('error', (error) => {
        this.failure ??= error;
        this.signal();
      });
      this.workers.push(worker);
    }
  }

  /**
   * Gives a round of lines to the least busy worker, or parses it here when every worker has
   * `queuedPerWorker` rounds waiting; then lets the answers that came in meanwhile be written.
   */
  async submit(lines: readonly Buffer[], firstLine: number): Promise<void> {
    this.check();
    const sequence = this.sent++;
    this.rounds.set(sequence, undefined);
    const lane = this.freeLane();
    const bytes = Buffer.concat(lines);
    if (lane < 0) {
      this.answered({
        sequence,
        lane: 0,
        ...this.local.answer(batchLinesOf(bytes), (index) => firstLine + index),
      });
      // Answers of the workers wait in the event loop while this thread parses: take them now, so a
      // worker that finished gets its next round at once.
      await new Promise<void>((resolve) => setImmediate(resolve));
      return;
    }
    (this.queued[lane] as number)++;
    const lineNumbers = Array.from(lines, (_, index) => firstLine + index);
    const request: JsonlBatchRequest = { sequence, lane: lane + 1, bytes, lineNumbers };
    // Buffer.concat made the round its own memory unless it is small (the shared pool): move, not copy.
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    (this.workers[lane] as Worker).postMessage(request, whole ? [bytes.buffer as ArrayBuffer] : []);
  }

  /** The worker with the fewest rounds waiting, or -1 when every one has `queuedPerWorker`. */
  private freeLane(): number {
    let best = -1;
    this.queued.forEach((queued, lane) => {
      if (queued < queuedPerWorker && (best < 0 || queued < (this.queued[best] as number))) best = lane;
    });
    return best;
  }

  private answered(answer: JsonlBatchAnswer): void {
    if (!this.rounds.has(answer.sequence)) return;
    if (answer.lane > 0) (this.queued[answer.lane - 1] as number)--;
    this.rounds.set(answer.sequence, answer);
    this.flush();
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

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private flush(): void {
    for (
      let round = this.rounds.get(this.written);
      round !== undefined;
      round = this.rounds.get(this.written)
    ) {
      this.rounds.delete(this.written);
      this.written++;
      this.take({
        text: round.texts.length === 0 ? '' : `${round.texts.join('\n')}\n`,
        lines: round.texts.length,
        calls: round.calls,
        errors: round.errors,
      });
    }
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
