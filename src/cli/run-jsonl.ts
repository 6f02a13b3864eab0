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
  /** Lines per thread in a round (default 256; a round also ends after 1 MiB of input per thread). */
  readonly batchLines?: number;
}

/** Rounds in flight at once: one being parsed, one waiting, so no worker idles. */
const roundsInFlight = 2;
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
 * Rounds of `batchLines` lines per thread are shared out among `workers` threads, this one and
 * `workers - 1` worker threads (each with its own tools cache; see `WorkerPool`), at most two rounds in
 * flight, and reading waits while they are (backpressure: memory stays bounded by the rounds in flight
 * whatever the input size). An input that ends before the first round is full is parsed in this thread
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
  const roundLines = batchLines * (useWorkers ? workers : 1);
  const roundBytes = maxBatchBytes * (useWorkers ? workers : 1);
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
 * The threads of one batch run: this one and `count - 1` workers. Each round of lines is shared out among them by format
 * (the `"format"` a line names, found without parsing): a format stays with the worker that first got
 * it, so each worker warms up (JIT) and runs the code of fewer formats, and a worker's share of a round
 * is capped at an even split, so a batch of one format is shared evenly too. Which worker answers a line
 * never changes its output. Rounds are numbered in input order and written in that order, each line in
 * its place, whatever order the answers come back in; at most two rounds are in flight.
 */
class WorkerPool {
  /** Lane 0 is this thread (already loaded and warm: one thread fewer to start), lanes 1.. the workers. */
  private readonly workers: Worker[] = [];
  private readonly local: JsonlBatch;
  /** Lines each worker was given by format affinity so far (to give a new format to the least loaded). */
  private readonly load: number[];
  private readonly lanes = new Map<string, number>();
  private readonly rounds = new Map<
    number,
    {
      lanes: Uint8Array | Uint16Array;
      answers: Array<readonly string[]>;
      pending: number;
      calls: number;
      errors: number;
    }
  >();
  private sent = 0;
  private written = 0;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;

  constructor(
    count: number,
    defaults: JsonlDefaults,
    private readonly take: (output: JsonlBatchOutput) => void,
  ) {
    this.load = new Array<number>(count).fill(0);
    this.local = new JsonlBatch(defaults);
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

  /** Shares a round of lines out among the workers, first waiting while two rounds are in flight. */
  async submit(lines: readonly Buffer[], firstLine: number): Promise<void> {
    while (this.sent - this.written >= roundsInFlight) {
      this.check();
      await this.next();
    }
    this.check();
    const count = this.load.length;
    const cap = Math.ceil(lines.length / count);
    const parts: Buffer[][] = this.load.map(() => []);
    const numbers: number[][] = this.load.map(() => []);
    const lanes = count <= 256 ? new Uint8Array(lines.length) : new Uint16Array(lines.length);
    lines.forEach((line, index) => {
      let lane = this.laneOf(formatKey(line));
      if ((parts[lane] as Buffer[]).length >= cap) lane = shortest(parts);
      else (this.load[lane] as number)++;
      lanes[index] = lane;
      (parts[lane] as Buffer[]).push(line);
      (numbers[lane] as number[]).push(firstLine + index);
    });
    const sequence = this.sent++;
    const round = { lanes, answers: [] as Array<readonly string[]>, pending: 0, calls: 0, errors: 0 };
    this.rounds.set(sequence, round);
    for (const part of parts) if (part.length > 0) round.pending++;
    parts.forEach((part, lane) => {
      if (part.length === 0 || lane === 0) return;
      const bytes = Buffer.concat(part);
      const request: JsonlBatchRequest = { sequence, lane, bytes, lineNumbers: numbers[lane] as number[] };
      // Buffer.concat made the part its own memory unless it is small (the shared pool): move, not copy.
      const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
      (this.workers[lane - 1] as Worker).postMessage(request, whole ? [bytes.buffer as ArrayBuffer] : []);
    });
    const mine = parts[0] as Buffer[];
    if (mine.length > 0) {
      const local = numbers[0] as number[];
      const answer = this.local.answer(batchLinesOf(Buffer.concat(mine)), (index) => local[index] as number);
      this.answered({ sequence, lane: 0, ...answer });
    }
  }

  private answered(answer: JsonlBatchAnswer): void {
    const round = this.rounds.get(answer.sequence);
    if (round === undefined) return;
    round.answers[answer.lane] = answer.texts;
    round.calls += answer.calls;
    round.errors += answer.errors;
    round.pending--;
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

  private laneOf(key: string): number {
    let lane = this.lanes.get(key);
    if (lane === undefined) {
      lane = this.load.indexOf(Math.min(...this.load));
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private flush(): void {
    for (
      let round = this.rounds.get(this.written);
      round && round.pending === 0;
      round = this.rounds.get(this.written)
    ) {
      this.rounds.delete(this.written);
      this.written++;
      const cursors = new Array<number>(round.answers.length).fill(0);
      const texts = Array.from(
        round.lanes,
        (lane) => (round.answers[lane] as readonly string[])[(cursors[lane] as number)++],
      );
      this.take({
        text: `${texts.join('\n')}\n`,
        lines: texts.length,
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

/** The index of the shortest list. */
function shortest(parts: readonly unknown[][]): number {
  let best = 0;
  parts.forEach((part, index) => {
    if (part.length < (parts[best] as unknown[]).length) best = index;
  });
  return best;
}

const formatMember = Buffer.from('"format"');

/**
 * The `"format"` a line names, read from its bytes without parsing (the first `"format"` and the string
 * after it; `""` when there is none): only a routing hint, so a line where this guesses wrong is still
 * parsed right, by another worker.
 */
function formatKey(line: Buffer): string {
  const at = line.indexOf(formatMember);
  if (at < 0) return '';
  const open = line.indexOf(0x22, at + formatMember.length);
  const close = open < 0 ? -1 : line.indexOf(0x22, open + 1);
  return close < 0 || close - open > 64 ? '' : line.toString('latin1', open + 1, close);
}
