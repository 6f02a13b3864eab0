/** What `untilAborted` gives when the signal aborted first. */
export const ABORTED: unique symbol = Symbol('aborted');

/**
 * `promise`'s value, or `ABORTED` as soon as `signal` aborts: work that ignores its signal (a handler, a
 * model call) cannot hold the caller. The promise is left to settle alone; a late rejection of it is
 * swallowed, not left unhandled. The abort is taken one microtask after it happens, so a promise
 * already settled then (its reaction queued first) wins the race: work that finished before the abort
 * counts as finished, also when the abort came from other code in the same tick.
 */
export async function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T | typeof ABORTED> {
  if (!signal) return promise;
  promise.catch(() => {});
  if (signal.aborted) return ABORTED;
  let onAbort: (() => void) | undefined;
  const abortion = new Promise<typeof ABORTED>((resolve) => {
    onAbort = () => queueMicrotask(() => resolve(ABORTED));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([promise, abortion]);
  } finally {
    signal.removeEventListener('abort', onAbort as () => void);
  }
}
