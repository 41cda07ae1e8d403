import { RunAbortedError } from "@baton/core";

/**
 * The abort fan-out of one run: a single listener on the run's signal notifies every
 * model call and tool call that subscribed. Subscribing is a set insertion, far
 * cheaper than a listener (or an AbortController) per call, and a run without a
 * signal registers nothing at all.
 */
export class AbortHub {
  private readonly subscribers = new Set<(error: RunAbortedError) => void>();
  private error: RunAbortedError | undefined;
  private readonly onAbort = (): void => this.fire();

  constructor(readonly signal: AbortSignal | undefined) {
    if (!signal) return;
    if (signal.aborted) this.error = new RunAbortedError(signal.reason);
    else signal.addEventListener("abort", this.onAbort, { once: true });
  }

  /** Whether the run is aborted. */
  get aborted(): boolean {
    return this.error !== undefined;
  }

  /** The error describing the abort, once aborted. */
  get abortError(): RunAbortedError | undefined {
    return this.error;
  }

  /** Calls `listener` once if the run aborts; returns the unsubscribe function. */
  subscribe(listener: (error: RunAbortedError) => void): () => void {
    if (this.error) {
      listener(this.error);
      return noop;
    }
    this.subscribers.add(listener);
    return () => this.subscribers.delete(listener);
  }

  /** Stops listening to the signal (at the end of the run). */
  dispose(): void {
    this.signal?.removeEventListener("abort", this.onAbort);
    this.subscribers.clear();
  }

  private fire(): void {
    if (this.error) return;
    this.error = new RunAbortedError(this.signal?.reason);
    for (const listener of [...this.subscribers]) listener(this.error);
    this.subscribers.clear();
  }
}

function noop(): void {}
