import type { BatonError } from "@baton/core";
import { describeErrorCodes } from "@baton/testing/error-codes";
import * as pkg from "../src/index.js";
import { TOKENS_ERROR_CODES } from "../src/index.js";

/** One error of each class `@baton/tokens` exports, by class name. */
const samples: Record<string, BatonError> = {
  ContextOverflowError: new pkg.ContextOverflowError(1200, 1000),
};

describeErrorCodes({
  packageName: "@baton/tokens",
  codesName: "TOKENS_ERROR_CODES",
  codes: TOKENS_ERROR_CODES,
  exports: pkg,
  samples,
  testFileUrl: import.meta.url,
});
