import type { BatchCall, InterruptionKind } from "@baton/core";
import { Interruption } from "../abort/interruption.js";
import type { ToolRunEnvironment } from "./tool-run-environment.js";

/**
 * What one running tool call and its execution context share: the call's interruption
 * (made when first needed: a timeout, its signal, something to await while the run can
 * abort) and what the tool did that changes how the call ends (it paused, asked
 * questions, started nested runs).
 */
export class ToolCallState {
  /** The call's interruption, once made. */
  made: Interruption | undefined;
  /** Set once the call pauses: whatever the tool does afterwards, the call is interrupted. */
  paused: InterruptionKind | undefined;
  /** Questions the tool asked so far (answers are matched by order). */
  questions = 0;
  /** Nested runs the tool started so far (matched by order on resume). */
  subRuns = 0;
  /** The call's timeout, while it runs. */
  timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly env: ToolRunEnvironment,
    readonly entry: BatchCall,
    readonly toolCallId: string,
    readonly toolName: string,
    /** When the call started (`performance.now()`). */
    readonly started: number,
  ) {}

  /** The call is over: its timer is cleared and its interruption stops listening for the run's abort. */
  end(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.made?.dispose();
  }

  /** The call's interruption, made on first use. */
  interruption(): Interruption {
    return (this.made ??= new Interruption(this.env.abort));
  }

  /** Whether the call was interrupted (its timeout, or the run's abort). */
  get interrupted(): boolean {
    return this.made ? this.made.isInterrupted : this.env.abort.aborted;
  }

  /** Why the call was interrupted. */
  get interruptionReason(): unknown {
    return this.made ? this.made.reason : this.env.abort.abortError;
  }

  /**
   * `work` raced against the call's interruption when something can interrupt it (the
   * run's abort, a timeout, a signal the tool took); else `work` itself.
   */
  settled<T>(work: PromiseLike<T>): PromiseLike<T> {
    return this.made !== undefined || this.env.abort.canAbort ? this.interruption().race(work) : work;
  }
}
