import { BatonError, ERROR_CODES } from "@baton/core";

/**
 * Ends an attempt at a stored run whose storage stayed unreachable past the run's
 * storage wait, or whose claim could not be renewed within its lease: no further
 * tool call starts, running tools are signalled to stop, and the run is left as its
 * last stored write left it, for `resume()` to continue once storage is back (the
 * result says `resumable: true`; a new run that stopped before its first checkpoint
 * was stored is run again with `run()` and the same id). Retryable.
 */
export class StorageUnavailableError extends BatonError {
  constructor(
    readonly runId: string,
    /** Why: `"storage"` (writes kept failing or hanging) or `"lease"` (the claim could not be renewed in time). */
    readonly reason: "storage" | "lease",
    /** How long the run waited, in ms. */
    readonly waitedMs: number,
    options: { readonly cause?: unknown } = {},
  ) {
    super(
      ERROR_CODES.STORAGE_UNAVAILABLE,
      reason === "storage"
        ? `Run "${runId}" stopped: its storage stayed unreachable for ${Math.round(waitedMs)} ms (storageWaitMs). No further tool call started; once storage is back, resume() continues the run (or run() it again with its id, if it stopped before its first checkpoint).`
        : `Run "${runId}" stopped: its claim could not be renewed for ${Math.round(waitedMs)} ms, so another process may take the run over. No further tool call started; resume() continues the run.`,
      { retryable: true, details: { runId, reason, waitedMs: Math.round(waitedMs) }, ...(options.cause === undefined ? {} : { cause: options.cause }) },
    );
  }
}
