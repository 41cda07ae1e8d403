/**
 * Error codes of `@baton/testing`, registered in core's `BatonErrorCodes` (below), so
 * `BatonError`, `isBatonError` and `SerializedError` take them wherever this package
 * is imported.
 */
export const TESTING_ERROR_CODES = {
  /** A scripted model ran out of scripted turns (`ScriptExhaustedError`). */
  SCRIPT_EXHAUSTED: "SCRIPT_EXHAUSTED",
} as const;

/** One of the {@link TESTING_ERROR_CODES}. */
export type TestingErrorCode = (typeof TESTING_ERROR_CODES)[keyof typeof TESTING_ERROR_CODES];

declare module "@baton/core" {
  /** The codes of `@baton/testing` ({@link TESTING_ERROR_CODES}). */
  interface BatonErrorCodes extends Record<TestingErrorCode, true> {}
}
