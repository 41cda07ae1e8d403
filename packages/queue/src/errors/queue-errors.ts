import { BatonError } from "@baton/core";
import { QUEUE_ERROR_CODES } from "./queue-error-codes.js";

/** A run job whose data failed validation: that job fails for good, the others go on. Code `INVALID_RUN_JOB`. */
export class InvalidRunJobError extends BatonError {
  constructor(
    /** The BullMQ job id. */
    readonly jobId: string,
    /** What is wrong, by field. */
    readonly problem: string,
  ) {
    super(QUEUE_ERROR_CODES.INVALID_RUN_JOB, `Run job ${jobId} has invalid data: ${problem}.`, { details: { jobId, problem } });
  }
}

/** A run job names an agent the worker does not have. Code `UNKNOWN_AGENT`. */
export class UnknownAgentError extends BatonError {
  constructor(
    readonly agent: string,
    /** The names the worker knows. */
    readonly known: readonly string[],
  ) {
    super(
      QUEUE_ERROR_CODES.UNKNOWN_AGENT,
      `No agent named "${agent}" is registered with this worker. Known agents: ${known.length > 0 ? known.join(", ") : "none"}.`,
      {
        details: { agent, known },
      },
    );
  }
}

/** A run no worker could take to its end: its job failed for good (a worker error, or too many crashes). Code `RUN_JOB_FAILED`. */
export class RunJobFailedError extends BatonError {
  constructor(
    readonly runId: string,
    reason: string,
  ) {
    super(QUEUE_ERROR_CODES.RUN_JOB_FAILED, `Run "${runId}" failed in the queue: ${reason}`, { details: { runId, reason } });
  }
}
