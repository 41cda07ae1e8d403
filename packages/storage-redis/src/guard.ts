import { isBatonError, StorageError } from "@baton/core";
import { redactError } from "@baton/core/secrets";

/** Error names of ioredis that mean the server could not be reached. */
const UNREACHABLE_NAMES = new Set(["MaxRetriesPerRequestError"]);

/** Messages of ioredis (and Node) that mean the server could not be reached or did not answer. */
const UNREACHABLE_MESSAGES = [
  /^Connection is closed\.?$/,
  /^Command timed out$/,
  /^Stream isn't writeable/,
  /^connect ETIMEDOUT/,
  /^Reached the max retries per request limit/,
];

/** Socket error codes of an unreachable server. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/** First words of Redis error replies that say the server is temporarily unable to serve the command. */
const TRANSIENT_REPLIES = new Set(["LOADING", "BUSY", "TRYAGAIN", "MASTERDOWN", "READONLY", "CLUSTERDOWN", "NOREPLICAS", "OOM"]);

/** True when `error` says Redis could not be reached or did not answer in time (rather than that it refused the command). */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    UNREACHABLE_NAMES.has(error.name) ||
    (typeof code === "string" && UNREACHABLE_CODES.has(code)) ||
    UNREACHABLE_MESSAGES.some((pattern) => pattern.test(error.message))
  );
}

/**
 * Whether an ioredis failure may succeed when tried again. The rule:
 *
 * - **Retryable**: Redis could not be reached or did not answer — a refused, reset or
 *   timed-out connection (`ECONNREFUSED`, `ECONNRESET`, `connect ETIMEDOUT`…), no reply
 *   within the command timeout ("Command timed out"), a client that is reconnecting
 *   ("Stream isn't writeable…", "Connection is closed.", `MaxRetriesPerRequestError`);
 *   and error replies of a server that is temporarily unable to serve: `LOADING`,
 *   `BUSY` (a script is running), `TRYAGAIN`, `MASTERDOWN`, `READONLY` (a replica
 *   after a failover), `CLUSTERDOWN`, `NOREPLICAS`, `OOM` (over `maxmemory`).
 * - **Not retryable**: every other error reply (`WRONGTYPE`, `ERR …`, `NOSCRIPT`,
 *   `WRONGPASS` / `NOAUTH` / `NOPERM`: the same command fails the same way) and any
 *   other error.
 */
export function isRetryableRedisError(error: unknown): boolean {
  if (isUnreachable(error)) return true;
  if (!(error instanceof Error)) return false;
  const firstWord = /^[A-Z]+/.exec(error.message)?.[0];
  return firstWord !== undefined && TRANSIENT_REPLIES.has(firstWord);
}

/**
 * What a failed Redis operation throws: a driver failure (connection lost, no reply in
 * time, a server error) becomes a `StorageError` that names the operation, retryable as
 * {@link isRetryableRedisError} says, with `secrets` (the client's passwords) removed
 * from its cause. Baton's own errors (corruption, conflicts, lost claims) are returned
 * as they are, and so are argument errors (`TypeError`, e.g. a value that is not
 * JSON-safe), with `secrets` removed too. This is the one place an operation's error
 * is redacted (`defineStorage` calls it as the adapter's `wrapError`).
 */
export function redisStorageError(error: unknown, operation: string, secrets: readonly string[] = []): unknown {
  if (isBatonError(error)) return error;
  const cause = redactError(error, secrets);
  if (cause instanceof TypeError) return cause;
  const reason = cause instanceof Error ? cause.message : String(cause);
  const unreachable = isUnreachable(cause);
  return new StorageError(`Redis storage: ${operation} failed: ${unreachable ? `Redis is unreachable (${reason})` : reason}`, {
    cause,
    retryable: isRetryableRedisError(cause),
    details: { operation, ...(unreachable ? { unreachable: true } : {}) },
  });
}

/** Runs a Redis operation; a failure is thrown as {@link redisStorageError} says. */
export async function guard<T>(operation: string, run: () => Promise<T>, secrets: readonly string[] = []): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw redisStorageError(error, operation, secrets);
  }
}
