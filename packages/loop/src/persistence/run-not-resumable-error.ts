import { BatonError, ERROR_CODES } from "@baton/core";

/** Raised when a run cannot be resumed: unknown, finished, or held by another process. */
export class RunNotResumableError extends BatonError {
  constructor(
    readonly runId: string,
    reason: string,
    /** Who holds the run and until when (ms since the epoch), when another process holds it. */
    held?: { readonly owner: string | undefined; readonly leaseUntil: number | undefined },
  ) {
    super(ERROR_CODES.RUN_NOT_RESUMABLE, `Run "${runId}" cannot be resumed: ${reason}.`, {
      details: held === undefined ? { runId, reason } : { runId, reason, heldBy: held.owner ?? null, leaseUntil: held.leaseUntil ?? null },
    });
  }
}
