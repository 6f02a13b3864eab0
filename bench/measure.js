/**
 * Times `run` repeatedly for about `budgetMs` milliseconds (after a warm-up) and returns the
 * best-of-rounds time of one call in milliseconds. Best-of filters out GC and scheduler noise.
 */
export function measure(run, budgetMs = 400) {
  for (let index = 0; index < 3; index++) run();
  let best = Number.POSITIVE_INFINITY;
  const deadline = performance.now() + budgetMs;
  let rounds = 0;
  while (rounds < 5 || performance.now() < deadline) {
    const start = performance.now();
    run();
    const elapsed = performance.now() - start;
    if (elapsed < best) best = elapsed;
    rounds++;
    if (rounds > 10_000) break;
  }
  return best;
}

/** MB/s for `bytes` processed in `ms` (MB = 10^6 bytes). */
export const throughput = (bytes, ms) => bytes / 1e6 / (ms / 1e3);

/** Prints an aligned table: `rows` are arrays of cells, the first row is the header. */
export function printTable(rows) {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, column) => String(cell).padStart(widths[column])).join('  '));
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}

/**
 * Like `measure`, for calls too short to time one at a time (a few µs): each round times a loop of
 * enough calls to take about 2 ms, after a warm-up of as many calls as that (the JIT's tiers need
 * thousands of calls to settle on a short one). Returns the best-of-rounds time of one call in ms.
 */
export function measureBatched(run, budgetMs = 400) {
  let reps = 1;
  for (;;) {
    const start = performance.now();
    for (let index = 0; index < reps; index++) run();
    const elapsed = performance.now() - start;
    if (elapsed >= 2 || reps >= 1 << 20) break;
    reps *= 2;
  }
  for (let index = 0; index < reps; index++) run();
  let best = Number.POSITIVE_INFINITY;
  const deadline = performance.now() + budgetMs;
  let rounds = 0;
  while (rounds < 5 || performance.now() < deadline) {
    const start = performance.now();
    for (let index = 0; index < reps; index++) run();
    const elapsed = (performance.now() - start) / reps;
    if (elapsed < best) best = elapsed;
    rounds++;
  }
  return best;
}
