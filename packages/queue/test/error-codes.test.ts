import type { BatonError } from "@baton/core";
import { describeErrorCodes } from "@baton/testing/error-codes";
import * as pkg from "../src/index.js";
import { QUEUE_ERROR_CODES } from "../src/index.js";

/** One error of each class `@baton/queue` exports, by class name. */
const samples: Record<string, BatonError> = {
  InvalidRunJobError: new pkg.InvalidRunJobError("job-1", "agent: required"),
  UnknownAgentError: new pkg.UnknownAgentError("writer", ["researcher"]),
  RunJobFailedError: new pkg.RunJobFailedError("run-1", "the worker crashed too often"),
  QueueUnavailableError: new pkg.QueueUnavailableError({ operation: "submit", reason: "no answer", timeoutMs: 2_000, retryAfterMs: 1_000, runId: "run-1" }),
  RelayClaimLostError: new pkg.RelayClaimLostError("run-1", "worker-a", 1, 2),
};

describeErrorCodes({
  packageName: "@baton/queue",
  codesName: "QUEUE_ERROR_CODES",
  codes: QUEUE_ERROR_CODES,
  exports: pkg,
  samples,
  testFileUrl: import.meta.url,
});
