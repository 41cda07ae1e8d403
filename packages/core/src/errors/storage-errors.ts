import { BatonError, type BatonErrorOptions } from "./baton-error.js";
import { ERROR_CODES } from "./error-codes.js";

/** A storage operation failed (connection lost, disk full, …). */
export class StorageError extends BatonError {
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(ERROR_CODES.STORAGE_ERROR, message, { retryable: true, ...options });
  }
}

/**
 * A stored record is not what Baton wrote: unparseable JSON, a missing or mistyped
 * field, or a format version this Baton does not know. Names the record.
 */
export class StorageCorruptionError extends BatonError {
  constructor(
    /** The record, e.g. `conversation "c1" message 3`. */
    readonly record: string,
    /** What is wrong with it. */
    readonly reason: string,
    options: BatonErrorOptions = {},
  ) {
    super(ERROR_CODES.STORAGE_CORRUPT, `Corrupt or foreign data in ${record}: ${reason}`, {
      ...options,
      details: { record, reason, ...options.details },
    });
  }
}

/** A write's version check failed: someone else wrote first. */
export class StorageConflictError extends BatonError {
  constructor(
    readonly record: string,
    readonly expectedVersion: number,
    readonly actualVersion: number,
  ) {
    super(ERROR_CODES.STORAGE_CONFLICT, `Version conflict on ${record}: expected version ${expectedVersion}, found ${actualVersion}.`, {
      details: { record, expectedVersion, actualVersion },
      retryable: true,
    });
  }
}

/**
 * A process wrote to a run it no longer holds (its lease expired and another process
 * claimed it, or the run finished): the write was refused and nothing of it written.
 */
export class RunClaimLostError extends BatonError {
  constructor(
    readonly runId: string,
    readonly owner: string,
    /** Who holds the run now; undefined when the run is unknown or finished. */
    readonly heldBy: string | undefined,
  ) {
    super(
      ERROR_CODES.RUN_CLAIM_LOST,
      heldBy === undefined
        ? `Run "${runId}" is not held by "${owner}": it is unknown or finished.`
        : `Run "${runId}" is held by "${heldBy}", not by "${owner}": its lease expired and another process claimed it.`,
      { details: { runId, owner, ...(heldBy === undefined ? {} : { heldBy }) } },
    );
  }
}

/**
 * The database's schema is not the one this adapter needs: migrations have not run,
 * or a newer Baton migrated it.
 */
export class StorageSchemaError extends BatonError {
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(ERROR_CODES.STORAGE_SCHEMA, message, options);
  }
}
