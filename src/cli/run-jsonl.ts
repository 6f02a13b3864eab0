import { createReadStream, existsSync, fstatSync, openSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type BatchCounts, BatchProgress } from './batch-progress.js';
import { batchLinesOf, JsonlBatch, type JsonlBatchOutput, type JsonlBatchRequest } from './jsonl-batch.js';
import type { JsonlDefaults } from './jsonl-line.js';
import { UsageError } from './usage-error.js';

/** Options of `runJsonl`. */
export interface RunJsonlOptions {
  /**
   * Threads that parse: default `os.availableParallelism()`. With 1, or when the worker script is not
   * beside this module (running from the TypeScript sources), lines are parsed in this thread.
   */
  readonly workers?: number;
  /** Gets the progress line (see `BatchProgress`); give it only for a terminal. */
  readonly progress?: (text: string) => void;
  /** Lines per batch sent to a worker (default 256; a batch also ends after 1 MiB of input). */
  readonly batchLines?: number;
}

/** Batches each worker may hold at once: one being parsed, one waiting, so no worker idles. */
const batchesPerWorker = 2;
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
 * Batches of lines go to `workers` worker threads (each with its own tools cache), at most two per worker
 * in flight, and reading waits while they are busy (backpressure: memory stays bounded by the batches in
 * flight whatever the input size). An input that ends before the first batch is full is parsed in this
 * thread (no thread start-up for a few lines). Resolves to the counts (lines, bytes, calls, errors).
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
  // A batch is whole lines of input bytes, each with its `\n` (the last line of the input maybe
  // without): cut at line ends, it decodes on its own, so the worker decodes and splits it, not this thread.
  let pieces: Buffer[] = [];
  let batchBytes = 0;
  let batchCount = 0;
  let nextLine = 1;
  const send = async (final: boolean) => {
    if (batchCount === 0) return;
    const bytes = Buffer.concat(pieces, batchBytes);
    const firstLine = nextLine;
    nextLine += batchCount;
    pieces = [];
    batchBytes = 0;
    batchCount = 0;
    if (!useWorkers || (pool === undefined && final)) {
      local ??= new JsonlBatch(defaults);
      take(local.run(batchLinesOf(bytes), firstLine));
    } else {
      pool ??= new WorkerPool(workers, defaults, take);
      await pool.submit(bytes, firstLine);
    }
  };
  try {
    for await (const item of input) {
      const chunk = typeof item === 'string' ? Buffer.from(item) : item;
      counts.bytes += chunk.length;
      let start = 0;
      for (let end = chunk.indexOf(0x0a); end >= 0; end = chunk.indexOf(0x0a, start)) {
        pieces.push(chunk.subarray(start, end + 1));
        batchBytes += end + 1 - start;
        batchCount++;
        start = end + 1;
        if (batchCount >= batchLines || batchBytes >= maxBatchBytes) await send(false);
      }
      if (start < chunk.length) {
        pieces.push(chunk.subarray(start));
        batchBytes += chunk.length - start;
      }
    }
    // A last line without a line break still counts.
    if (pieces.length > 0 && (pieces.at(-1) as Buffer).at(-1) !== 0x0a) batchCount++;
    await send(true);
    await pool?.drain();
  } finally {
    await pool?.close();
  }
  progress?.finish(counts);
  return counts;
}

/**
 * The worker threads of one batch run. Batches are numbered in input order; answers are written in that
 * order whatever order they come back in.
 */
class WorkerPool {
  private readonly workers: Array<{ worker: Worker; busy: number }> = [];
  private readonly answers = new Map<number, JsonlBatchOutput>();
  private sent = 0;
  private written = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    count: number,
    defaults: JsonlDefaults,
    private readonly take: (output: JsonlBatchOutput) => void,
  ) {
    for (let index = 0; index < count; index++) {
      const worker = new Worker(workerScript, { workerData: { defaults } });
      const entry = { worker, busy: 0 };
      worker.on('message', (answer: JsonlBatchOutput & { sequence: number }) => {
        entry.busy--;
        this.answers.set(answer.sequence, answer);
        this.flush();
        this.signal();
      });
      worker.on('error', (error) => {
        this.failure ??= error;
        this.signal();
      });
      this.workers.push(entry);
    }
  }

  /** Sends a batch to the least busy worker, first waiting for a free place when all are full. */
  async submit(bytes: Buffer, firstLine: number): Promise<void> {
    for (;;) {
      this.check();
      const entry = this.workers.reduce((best, next) => (next.busy < best.busy ? next : best));
      if (entry.busy < batchesPerWorker) {
        entry.busy++;
        const request: JsonlBatchRequest = { sequence: this.sent++, bytes, firstLine };
        // Buffer.concat made the batch its own memory (not the shared pool), so it can move, not copy.
        const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
        entry.worker.postMessage(request, whole ? [bytes.buffer as ArrayBuffer] : []);
        return;
      }
      await this.next();
    }
  }

  /** Waits until every batch sent has been answered and written. */
  async drain(): Promise<void> {
    while (this.written < this.sent) {
      this.check();
      await this.next();
    }
    this.check();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map(({ worker }) => worker.terminate()));
  }

  private flush(): void {
    for (let answer = this.answers.get(this.written); answer; answer = this.answers.get(this.written)) {
      this.answers.delete(this.written);
      this.written++;
      this.take(answer);
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
