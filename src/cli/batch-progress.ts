/** Counts of a running batch, for its progress line. */
export interface BatchCounts {
  readonly lines: number;
  /** Input bytes read. */
  readonly bytes: number;
  readonly calls: number;
  readonly errors: number;
}

/**
 * The progress line of `parse --jsonl`: `1,234 lines, 5.6 MB/s, 2,345 calls, 0 errors` (MB = 10^6
 * bytes of input, over `seconds` since the start; numbers grouped by thousands, en-US).
 */
export function formatProgress(counts: BatchCounts, seconds: number): string {
  const rate = seconds > 0 ? counts.bytes / 1e6 / seconds : 0;
  const count = (value: number, unit: string) =>
    `${value.toLocaleString('en-US')} ${unit}${value === 1 ? '' : 's'}`;
  return [
    count(counts.lines, 'line'),
    `${rate.toFixed(1)} MB/s`,
    count(counts.calls, 'call'),
    count(counts.errors, 'error'),
  ].join(', ');
}

/**
 * Writes the progress line to a terminal, rewritten in place (`\r`, then erase to the end of line) at
 * most every `intervalMs` (default 200), and once more, ended by a line break, at `finish`. Only ever
 * given a terminal's writer (the CLI passes none when standard error is a pipe or file).
 */
export class BatchProgress {
  private readonly start: number;
  private last = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly write: (text: string) => void,
    private readonly now: () => number = () => performance.now(),
    private readonly intervalMs = 200,
  ) {
    this.start = now();
  }

  update(counts: BatchCounts): void {
    const time = this.now();
    if (time - this.last < this.intervalMs) return;
    this.last = time;
    this.write(`\r${formatProgress(counts, (time - this.start) / 1000)}\u001b[K`);
  }

  finish(counts: BatchCounts): void {
    this.write(`\r${formatProgress(counts, (this.now() - this.start) / 1000)}\u001b[K\n`);
  }
}
