import type { AbortHub } from "./abort-hub.js";

/**
 * Lets one piece of work (a model call, a tool call) be interrupted: by the run's
 * abort, or by `interrupt(reason)` (a timeout). `race(promise)` settles with the
 * promise, or rejects with the reason as soon as the work is interrupted, without
 * waiting for a promise that never settles. Everything is created lazily: work that
 * finishes synchronously costs almost nothing.
 */
export class Interruption {
  private reasonValue: unknown;
  private interrupted = false;
  private rejecter: ((reason: unknown) => void) | undefined;
  private controller: AbortController | undefined;
  private readonly unsubscribe: () => void;

  constructor(hub: AbortHub) {
    this.unsubscribe = hub.subscribe((error) => this.interrupt(error));
  }

  /** Whether the work was interrupted. */
  get isInterrupted(): boolean {
    return this.interrupted;
  }

  /** Why it was interrupted. */
  get reason(): unknown {
    return this.reasonValue;
  }

  /** An AbortSignal for the work, created on first use; aborted when the work is interrupted. */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.interrupted) this.controller.abort(this.reasonValue);
    }
    return this.controller.signal;
  }

  /** Interrupts the work (the first reason wins). */
  interrupt(reason: unknown): void {
    if (this.interrupted) return;
    this.interrupted = true;
    this.reasonValue = reason;
    this.controller?.abort(reason);
    const reject = this.rejecter;
    this.rejecter = undefined;
    reject?.(reason);
  }

  /**
   * Settles with `promise`, or rejects with the interruption's reason as soon as it is
   * interrupted. One race at a time (the loop awaits each one): nothing accumulates on
   * a long-lived promise, however many chunks a stream has.
   */
  race<T>(promise: PromiseLike<T>): Promise<T> {
    if (this.interrupted) {
      // The work's own promise may still reject later: it must not become an unhandled rejection.
      promise.then(undefined, ignore);
      return Promise.reject(this.reasonValue);
    }
    return new Promise<T>((resolve, reject) => {
      this.rejecter = reject;
      promise.then(
        (value) => {
          this.rejecter = undefined;
          resolve(value);
        },
        (error: unknown) => {
          this.rejecter = undefined;
          reject(error);
        },
      );
    });
  }

  /** Stops listening for the run's abort. */
  dispose(): void {
    this.unsubscribe();
  }
}

function ignore(): void {}
