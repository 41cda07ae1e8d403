import { BatonError, StorageError } from "@baton/core";

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);

/** True when `error` says the database could not be reached (rather than that a statement failed). */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08") || code === "57P01" || code === "57P03")) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return /timeout exceeded when trying to connect|Connection terminated/i.test(error.message);
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(messageOf).join("; ");
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

/**
 * A driver failure as a Baton error: a `StorageError` (retryable) saying whether the
 * database was unreachable or which operation failed. Baton errors pass through.
 */
export function toStorageError(error: unknown, operation: string, target: string): BatonError {
  if (error instanceof BatonError) return error;
  if (isConnectionFailure(error)) {
    return new StorageError(`Could not reach PostgreSQL at ${target} (${operation}): ${messageOf(error)}`, { cause: error, details: { operation, target } });
  }
  const code = (error as { code?: unknown } | undefined)?.code;
  return new StorageError(`PostgreSQL ${operation} failed: ${messageOf(error)}`, {
    cause: error,
    details: { operation, ...(typeof code === "string" ? { sqlState: code } : {}) },
  });
}
