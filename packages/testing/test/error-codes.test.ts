import type { BatonError } from "@baton/core";
import { describeErrorCodes } from "../src/error-codes/index.js";
import * as pkg from "../src/index.js";
import { TESTING_ERROR_CODES } from "../src/index.js";

/** One error of each class `@baton/testing` exports, by class name. */
const samples: Record<string, BatonError> = {
  ScriptExhaustedError: new pkg.ScriptExhaustedError(3, 2),
};

describeErrorCodes({
  packageName: "@baton/testing",
  codesName: "TESTING_ERROR_CODES",
  codes: TESTING_ERROR_CODES,
  exports: pkg,
  samples,
  testFileUrl: import.meta.url,
});
