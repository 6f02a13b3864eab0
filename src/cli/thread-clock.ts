import { readFileSync } from 'node:fs';

/** What one thread has used so far: its CPU time, and the time it waited for a core while runnable. */
export interface ThreadClock {
  /** Milliseconds (epoch) when read. */
  readonly at: number;
  /** CPU milliseconds of this thread; `undefined` where the system does not tell (not Linux). */
  readonly cpuMs?: number;
  /** Milliseconds this thread was runnable but waited for a core (other threads or processes had them). */
  readonly waitMs?: number;
}

/**
 * Reads the calling thread's clock: `/proc/thread-self/schedstat` (Linux: nanoseconds on a CPU, then
 * nanoseconds waiting in the run queue), which `process.cpuUsage()` cannot give for one thread of
 * several (it sums the process). Only for the batch timings (`RunJsonlOptions.timings`): a file read.
 */
export function readThreadClock(): ThreadClock {
  const at = performance.timeOrigin + performance.now();
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ').map(Number);
    if (run !== undefined && wait !== undefined && Number.isFinite(run) && Number.isFinite(wait))
      return { at, cpuMs: run / 1e6, waitMs: wait / 1e6 };
  } catch {
    // not Linux: wall time only
  }
  return { at };
}
