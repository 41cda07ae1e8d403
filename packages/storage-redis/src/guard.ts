import { BatonError, StorageError } from "@baton/core";

/** Driver errors that mean the server could not be reached, not that it refused the command. */
const UNREACHABLE = new Set(["MaxRetriesPerRequestError"]);

/**
 * Runs a Redis operation, turning driver failures (connection lost, retries
 * exhausted, a server error) into a `StorageError` that names the operation. Baton's
 * own errors (corruption, conflicts, lost claims) and argument errors (`TypeError`,
 * e.g. a value that is not JSON-safe) pass through.
 */
export async function guard<T>(operation: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BatonError || error instanceof TypeError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    const unreachable = error instanceof Error && (UNREACHABLE.has(error.name) || reason === "Connection is closed.");
    throw new StorageError(`Redis storage: ${operation} failed: ${unreachable ? `Redis is unreachable (${reason})` : reason}`, { cause: error });
  }
}
