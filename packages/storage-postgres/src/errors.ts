import { isBatonError, StorageError, type BatonError } from "@baton/core";
import { redactError, redactText } from "@baton/core/secrets";

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);

/** SQLSTATE classes (first two characters) whose errors are transient. */
const RETRYABLE_CLASSES = new Set([
  "08", // connection exception
  "40", // transaction rollback: serialization failure, deadlock
  "53", // insufficient resources: too many connections, out of memory, disk full
]);

/** Single SQLSTATEs, outside the classes above, whose errors are transient. */
const RETRYABLE_STATES = new Set([
  "55P03", // lock_not_available (lock_timeout)
  "57014", // query_canceled (statement_timeout)
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, in recovery)
  "57P05", // idle_session_timeout
]);

/** The SQLSTATE of a server error (`error.code`, five characters), if it has one. */
function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  // SQLSTATE classes never start with "E", so Node's errno codes (EPIPE) are not taken for one.
  return typeof code === "string" && /^[0-9A-DF-Z][0-9A-Z]{4}$/.test(code) ? code : undefined;
}

/**
 * True when pg gave up waiting for a statement's answer (the client's `query_timeout`,
 * `queryTimeoutMs`): the connection stopped answering, or the statement ran longer.
 */
export function isQueryTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === "Query read timeout";
}

/** True when `error` says the database could not be reached (rather than that a statement failed). */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08") || code === "57P01" || code === "57P03")) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionFailure);
  return /timeout exceeded when trying to connect|Connection terminated/i.test(error.message);
}

/**
 * Whether a pg driver error may succeed when tried again. The rule:
 *
 * - **Retryable**: the server could not be reached or the connection broke (socket
 *   errors such as `ECONNREFUSED`/`ECONNRESET`/`ETIMEDOUT`, pg's connect timeout,
 *   "Connection terminated"), a statement left unanswered past the query timeout
 *   (`queryTimeoutMs`), and server errors whose SQLSTATE says the condition is
 *   transient: class `08` (connection exception), `40` (serialization failure,
 *   deadlock), `53` (too many connections, out of memory, disk full), and `55P03`
 *   (lock timeout), `57014` (statement timeout), `57P01`/`57P02`/`57P03`/`57P05`
 *   (server shutting down, starting up, idle session timeout).
 * - **Not retryable**: every other SQLSTATE — above all class `22` (data exception:
 *   a NUL byte in text is `22021`, a value out of range `22003`…) and `23` (integrity
 *   constraint violation), `28` (wrong password or role), `3D` (no such database),
 *   `42` (syntax, missing table or permission), `58` (system error such as an I/O
 *   error: needs an operator) — the same input fails the same way;
 *   and any other error (a driver error without SQLSTATE, a bug).
 */
export function isRetryablePostgresError(error: unknown): boolean {
  if (isConnectionFailure(error) || isQueryTimeout(error)) return true;
  const state = sqlStateOf(error);
  return state !== undefined && (RETRYABLE_CLASSES.has(state.slice(0, 2)) || RETRYABLE_STATES.has(state));
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.map(messageOf).join("; ");
  if (error instanceof Error) return error.message || (error as { code?: string }).code || error.name;
  return String(error);
}

/**
 * A driver failure as a Baton error: a `StorageError` saying whether the database was
 * unreachable, did not answer in time, or which operation failed, retryable as
 * {@link isRetryablePostgresError} says. `secrets` (the connection's passwords) are
 * removed from the message and, in place, from the driver error it keeps as `cause`.
 * Baton errors pass through.
 */
export function toStorageError(error: unknown, operation: string, target: string, secrets: readonly string[] = []): BatonError {
  if (isBatonError(error)) return error;
  redactError(error, secrets);
  const retryable = isRetryablePostgresError(error);
  const sqlState = sqlStateOf(error);
  if (isQueryTimeout(error)) {
    return new StorageError(
      `PostgreSQL at ${target} did not answer in time (${operation}): no reply within the query timeout (queryTimeoutMs); the connection was dropped, and whether a write landed is unknown.`,
      { cause: error, retryable, details: { operation, target, timedOut: true } },
    );
  }
  if (isConnectionFailure(error)) {
    return new StorageError(`Could not reach PostgreSQL at ${target} (${operation}): ${redactText(messageOf(error), secrets)}`, {
      cause: error,
      retryable,
      details: { operation, target, ...(sqlState === undefined ? {} : { sqlState }) },
    });
  }
  return new StorageError(`PostgreSQL ${operation} failed: ${redactText(messageOf(error), secrets)}`, {
    cause: error,
    retryable,
    details: { operation, ...(sqlState === undefined ? {} : { sqlState }) },
  });
}
