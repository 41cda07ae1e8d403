/**
 * Error codes of `@baton/evals`, registered in core's `BatonErrorCodes` (below), so
 * `BatonError`, `isBatonError` and `SerializedError` take them wherever this package
 * is imported. Stable: match on them in logs and `catch` blocks.
 */
export const EVALS_ERROR_CODES = {
  /** A replayed run asked the model something other than the recording holds, and the replay was told to stop there (`ReplayDivergenceError`). */
  REPLAY_DIVERGED: "REPLAY_DIVERGED",
  /** A replayed run asked for more model calls, or called a replayed tool more often, than the recording holds (`ReplayExhaustedError`). */
  REPLAY_EXHAUSTED: "REPLAY_EXHAUSTED",
  /** A value read as a recording is not one, or is of a format version this package does not read (`RecordingFormatError`). */
  RECORDING_INVALID: "RECORDING_INVALID",
} as const;

/** One of the {@link EVALS_ERROR_CODES}. */
export type EvalsErrorCode = (typeof EVALS_ERROR_CODES)[keyof typeof EVALS_ERROR_CODES];

declare module "@baton/core" {
  /** The codes of `@baton/evals` ({@link EVALS_ERROR_CODES}). */
  interface BatonErrorCodes extends Record<EvalsErrorCode, true> {}
}
