/**
 * `@baton/testing/error-codes`: the checks a package that declares its own error codes
 * (and registers them in `@baton/core`'s `BatonErrorCodes`) runs in its tests. Needs
 * `vitest` and `typescript`.
 * @packageDocumentation
 */
export { describeErrorCodes, type ErrorCodesSuite } from "./describe-error-codes.js";
