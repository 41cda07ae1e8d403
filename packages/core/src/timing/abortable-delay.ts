/**
 * Waits `ms` milliseconds unless `signal` aborts first; then rejects with
 * `onAbort(signal.reason)`. The timer and the abort listener are always removed, so
 * nothing leaks whichever way the wait ends. With `ms <= 0` no timer is started: the
 * promise settles at once (rejecting when the signal is already aborted).
 */
export function abortableDelay(ms: number, signal: AbortSignal | undefined, onAbort: (reason: unknown) => unknown): Promise<void> {
  if (signal?.aborted) return Promise.reject(onAbort(signal.reason));
  if (!(ms > 0)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const abort = (): void => {
      clearTimeout(timer);
      reject(onAbort(signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", abort, { once: true });
  });
}
