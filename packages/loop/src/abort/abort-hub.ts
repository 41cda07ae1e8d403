import { RunAbortedError } from "@baton/core";

/**
 * The abort fan-out of one run: a single listener on the run's signal notifies every
 * model call and tool call that subscribed. Subscribing is a set insertion, far
 * cheaper than a listener (or an AbortController) per call, and a run without a
 * signal registers nothing at all: it can never abort, so it keeps no subscriber.
 */
export class AbortHub {
  /** Made at the first subscription of a run that can abort. */
  private subscribers: Set<(error: RunAbortedError) => void> | undefined;
  private error: RunAbortedError | undefined;
  /** The signal's listener (a run without a signal makes none). */
  private onAbort: (() => void) | undefined;

  constructor(readonly signal: AbortSignal | undefined) {
    if (!signal) return;
    if (signal.aborted) this.error = new RunAbortedError(signal.reason);
    else {
      this.onAbort = () => this.fire();
      signal.addEventListener("abort", this.onAbort, { once: true });
    }
  }

  /** Whether the run can abort at all (it has a signal); when not, work need not be raced against an abort. */
  get canAbort(): boolean {
    return this.signal !== undefined;
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
    if (!this.signal) return noop;
    const subscribers = (this.subscribers ??= new Set());
    subscribers.add(listener);
    return () => subscribers.delete(listener);
  }

  /** Stops listening to the signal (at the end of the run). */
  dispose(): void {
    if (this.onAbort) this.signal?.removeEventListener("abort", this.onAbort);
    this.subscribers?.clear();
  }

  private fire(): void {
    if (this.error) return;
    this.error = new RunAbortedError(this.signal?.reason);
    const subscribers = this.subscribers;
    if (!subscribers) return;
    for (const listener of [...subscribers]) listener(this.error);
    subscribers.clear();
  }
}

function noop(): void {}
