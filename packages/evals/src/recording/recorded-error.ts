import { BatonError, type ErrorCode, isBatonError } from "@baton/core";
import type { RecordedError } from "./recording.js";

/**
 * What a recording keeps of an error: its name, code, message and whether it may be
 * retried; `fallbackCode` for an error that is not a `BatonError`.
 */
export function recordedErrorOf(error: unknown, fallbackCode: ErrorCode): RecordedError {
  if (isBatonError(error)) return { name: error.name, code: error.code, message: error.message, retryable: error.retryable };
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : "Error";
  return { name, code: fallbackCode, message, retryable: false };
}

/** The error a replay throws for a recorded one: a `BatonError` with the recorded code, message and retryability. */
export function errorFromRecorded(recorded: RecordedError): BatonError {
  return new BatonError(recorded.code, recorded.message, { retryable: recorded.retryable, details: { recordedName: recorded.name } });
}
