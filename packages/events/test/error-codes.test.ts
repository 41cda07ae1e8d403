import type { BatonError } from "@baton/core";
import { describeErrorCodes } from "@baton/testing/error-codes";
import * as pkg from "../src/index.js";
import { EVENTS_ERROR_CODES } from "../src/index.js";

/** One error of each class `@baton/events` exports, by class name. */
const samples: Record<string, BatonError> = {
  InvalidEventError: new pkg.InvalidEventError("no type"),
  ReplayUnavailableError: new pkg.ReplayUnavailableError(3, 10, 9),
  ClientDisconnectedError: new pkg.ClientDisconnectedError("session-1", 0),
  InvalidLastEventIdError: new pkg.InvalidLastEventIdError("abc"),
  RunNotFoundError: new pkg.RunNotFoundError("run-1"),
  SseDecodeError: new pkg.SseDecodeError("invalid-json", "not JSON", "{"),
  SseHttpError: new pkg.SseHttpError(500, "", "http://localhost/events"),
  SseConnectionError: new pkg.SseConnectionError("http://localhost/events", 3, undefined),
  ProgressStepEndedError: new pkg.ProgressStepEndedError("search", "step-1", "Searching", "done", "update"),
};

describeErrorCodes({
  packageName: "@baton/events",
  codesName: "EVENTS_ERROR_CODES",
  codes: EVENTS_ERROR_CODES,
  exports: pkg,
  samples,
  testFileUrl: import.meta.url,
});
