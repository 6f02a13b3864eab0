import type { JsonlBatchOutput } from './jsonl-batch.js';
import type { ThreadClock } from './thread-clock.js';

/**
 * A round of `--jsonl` input sent to a worker: whole lines of input bytes, each with its `\n` (the
 * input's last line maybe without), in memory of their own (transferred, not copied), and the number of
 * the first line in the input. `{ timings: true }` asks for the worker's `WorkerTimings` instead.
 */
export type JsonlRound =
  | {
      readonly timings?: undefined;
      readonly sequence: number;
      readonly bytes: Uint8Array;
      readonly firstLine: number;
    }
  | { readonly timings: true };

/** A worker's answer to round `sequence`: its output lines (each ending in `\n`) and counts. */
export interface JsonlRoundAnswer extends JsonlBatchOutput {
  readonly sequence: number;
}

/** Where one worker's time went (see `RunJsonlOptions.timings`); clocks read in the worker thread. */
export interface WorkerTimings {
  /** Epoch milliseconds at which the thread came online (read in the main thread). */
  onlineAt?: number;
  /** When its modules were loaded and it was ready for rounds. */
  readonly loaded: ThreadClock;
  /** When the first round arrived, and when it was answered. */
  firstRound?: ThreadClock;
  firstAnswer?: ThreadClock;
  /** Rounds and lines answered, and the milliseconds spent answering them. */
  rounds: number;
  lines: number;
  busyMs: number;
  /** The thread's CPU milliseconds (since `loaded`) after each round, and the lines of each round. */
  readonly roundCpuMs: number[];
  readonly roundLines: number[];
  /** When asked for these timings, after the last round. */
  ended?: ThreadClock;
}
