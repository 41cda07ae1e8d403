/** The idle timeout between stream events when the provider option does not set one: 60 s. */
export const DEFAULT_STREAM_IDLE_TIMEOUT_MS = 60_000;

/**
 * Watches a stream for silence: `waiting()` when the adapter starts waiting for the
 * next event, `arrived()` when it comes (each one clock read). When the adapter has
 * waited `timeoutMs` for one event, `fired` turns true and `onIdle` runs once (it
 * aborts the HTTP request, so the pending read ends). Time the consumer spends between
 * reads does not count. One timer per stream, not one per event; `timeoutMs` 0 (or
 * less) watches nothing.
 */
export class IdleWatch {
  private since = performance.now();
  private isWaiting = true;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the stream went quiet for `timeoutMs`. */
  fired = false;

  constructor(
    readonly timeoutMs: number,
    private readonly onIdle: () => void,
  ) {
    if (timeoutMs > 0 && Number.isFinite(timeoutMs)) this.schedule(timeoutMs);
  }

  /** The adapter waits for the next event from now on. */
  waiting(): void {
    this.since = performance.now();
    this.isWaiting = true;
  }

  /** An event arrived. */
  arrived(): void {
    this.isWaiting = false;
  }

  /** The stream ended (or was left): no more watching. */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(delayMs: number): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.isWaiting) return this.schedule(this.timeoutMs);
      const quiet = performance.now() - this.since;
      if (quiet + 1 < this.timeoutMs) return this.schedule(this.timeoutMs - quiet);
      this.fired = true;
      this.onIdle();
    }, delayMs);
    // A forgotten stream must not keep the process alive.
    this.timer.unref?.();
  }
}
