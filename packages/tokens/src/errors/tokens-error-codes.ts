/**
 * Error codes of `@baton/tokens`, registered in core's `BatonErrorCodes` (below), so
 * `BatonError`, `isBatonError` and `SerializedError` take them wherever this package
 * is imported. Stable: match on them in logs and `catch` blocks.
 */
export const TOKENS_ERROR_CODES = {
  /** The request cannot be made to fit the model's context window with the strategies given (`ContextOverflowError`). */
  CONTEXT_OVERFLOW: "CONTEXT_OVERFLOW",
} as const;

/** One of the {@link TOKENS_ERROR_CODES}. */
export type TokensErrorCode = (typeof TOKENS_ERROR_CODES)[keyof typeof TOKENS_ERROR_CODES];

declare module "@baton/core" {
  /** The codes of `@baton/tokens` ({@link TOKENS_ERROR_CODES}). */
  interface BatonErrorCodes extends Record<TokensErrorCode, true> {}
}
