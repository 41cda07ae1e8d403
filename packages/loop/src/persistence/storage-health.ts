import { isBatonError, RunClaimLostError } from "@baton/core";
import { removeUnordered } from "./remove-unordered.js";
import { StorageUnavailableError } from "./storage-unavailable-error.js";

/** Whether a failed write may succeed when tried again: a retryable Baton error (storage unreachable, say), not a lost claim. */
export function isPassingOutage(error: unknown): boolean {
  return isBatonError(error) && error.retryable === true && !RunClaimLostError.isInstance(error);
}

/**
 * How one stored run's storage stands, from the writes it made: one outage clock for
 * the whole run and the validity of its claim.
 *
 * - **Outage.** The first write that fails with a retryable error, or hangs, starts the
 *   clock at its own start; any write that succeeds stops it. Every wait of the run
 *   (a write it waits for, a retry) ends at the same deadline, the clock's start plus
 *   `waitMs`, not `waitMs` after each write; when the deadline passes with storage
 *   still away, the run is unavailable.
 * - **Lease.** Each write that renews the claim (a claim, a checkpoint) extends it to
 *   the write's start plus `leaseMs`. The claim is treated as lapsed a margin before
 *   that (two check intervals, at most a third of the lease), so that the run stops its
 *   tools before storage lets another process take the run over.
 *
 * Once unavailable ({@link StorageHealth.unavailable}), the run starts no further tool
 * call and ends the attempt; `onUnavailable` is called once.
 */
export class StorageHealth {
  /** Start of the oldest write of the outage in progress; undefined while storage answers. */
  private outageSince: number | undefined;
  private outageTimer: ReturnType<typeof setTimeout> | undefined;
  /** Start of the last write that renewed the claim. */
  private renewedAt: number;
  private stop: StorageUnavailableError | undefined;
  /** Set once the run ended: the clocks no longer run. */
  private closed = false;
  /** Told once when the run becomes unavailable (see {@link watch}); an array, not a set: a wait adds and removes one without allocating. */
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly runId: string,
    private readonly waitMs: number,
    private readonly leaseMs: number,
    /** How often the run checks its lease (its heartbeat's interval), in ms. */
    readonly checkEveryMs: number,
    private readonly onUnavailable: (error: StorageUnavailableError) => void,
  ) {
    this.renewedAt = Date.now();
  }

  /** Set once the run can no longer count on its storage or its claim: why. */
  get unavailable(): StorageUnavailableError | undefined {
    return this.stop;
  }

  /** Calls `listener` once when the run becomes unavailable (at once if it is), unless {@link unwatch}ed first. */
  watch(listener: () => void): void {
    if (this.stop !== undefined) listener();
    else this.listeners.push(listener);
  }

  /** Forgets a listener of {@link watch} (nothing when it was told already, or never watched). */
  unwatch(listener: () => void): void {
    removeUnordered(this.listeners, listener);
  }

  /** The time by which a write started at `startedAt` must be done: its start (or the outage's) plus the storage wait. */
  deadlineFor(startedAt: number): number {
    return (this.outageSince ?? startedAt) + this.waitMs;
  }

  /** A write succeeded: storage answers (the outage, if any, is over); a renewing write extends the claim. */
  succeeded(startedAt: number, renewsClaim: boolean): void {
    if (renewsClaim && startedAt > this.renewedAt) this.renewedAt = startedAt;
    if (this.outageSince === undefined) return;
    this.outageSince = undefined;
    clearTimeout(this.outageTimer);
    this.outageTimer = undefined;
  }

  /** A write failed (or is still pending) since `startedAt`: a retryable failure starts the outage clock, if it is not running. */
  failed(startedAt: number, error: unknown): void {
    if (this.closed || this.stop !== undefined || this.outageSince !== undefined || !isPassingOutage(error)) return;
    this.outageSince = startedAt;
    const timer = setTimeout(() => this.end("storage", error), Math.max(0, startedAt + this.waitMs - Date.now()));
    timer.unref?.();
    this.outageTimer = timer;
  }

  /** A write failed in a way trying again will not mend (the storage was closed, say): the run is unavailable at once. */
  failedForGood(error: unknown): void {
    this.end("storage", error, 0);
  }

  /**
   * A write has been pending since `startedAt` (it hangs: a partition; or it keeps
   * failing, `cause` the last failure, though other writes get through): past the
   * storage wait, the run is unavailable.
   */
  pending(startedAt: number, now = Date.now(), cause?: unknown): void {
    if (this.stop === undefined && now - startedAt >= this.waitMs) this.end("storage", cause, now - startedAt);
  }

  /**
   * Whether the claim still holds, as far as this process knows; ends the run
   * (unavailable) when it does not. Checked before each tool call and by the heartbeat.
   */
  claimHolds(now = Date.now()): boolean {
    if (this.stop !== undefined) return false;
    if (now < this.renewedAt + this.leaseMs - Math.min(2 * this.checkEveryMs, this.leaseMs / 3)) return true;
    this.end("lease", undefined, now - this.renewedAt);
    return false;
  }

  /** Stops the clocks (the run ended): nothing makes it unavailable any more. */
  dispose(): void {
    this.closed = true;
    clearTimeout(this.outageTimer);
    this.outageTimer = undefined;
  }

  private end(reason: "storage" | "lease", cause: unknown, waitedMs = Date.now() - (this.outageSince ?? this.renewedAt)): void {
    if (this.stop !== undefined || this.closed) return;
    this.dispose();
    this.stop = new StorageUnavailableError(this.runId, reason, waitedMs, cause === undefined ? {} : { cause });
    const listeners = this.listeners.splice(0);
    for (const listener of listeners) listener();
    this.onUnavailable(this.stop);
  }
}
