import { BatonError } from "@baton/core";
import { EVALS_ERROR_CODES } from "./evals-error-codes.js";

/** A replayed run asked the model something other than the recording holds, and its replay was told to stop there. */
export class ReplayDivergenceError extends BatonError {
  constructor(
    /** The model call (from 0) whose request differs. */
    readonly callIndex: number,
    /** The readable difference (`at messages[0].content: …`). */
    readonly difference: string,
  ) {
    super(EVALS_ERROR_CODES.REPLAY_DIVERGED, `Model call ${callIndex + 1} differs from the recording ${difference}`, { details: { callIndex } });
  }
}

/** A replayed run asked for more than the recording holds: a model call past its last, or a tool call it has no result for. */
export class ReplayExhaustedError extends BatonError {
  constructor(message: string, details: Record<string, string | number>) {
    super(EVALS_ERROR_CODES.REPLAY_EXHAUSTED, message, { details });
  }
}

/** A value read as a recording is not one, or is of a format version this package does not read. */
export class RecordingFormatError extends BatonError {
  constructor(message: string) {
    super(EVALS_ERROR_CODES.RECORDING_INVALID, message);
  }
}
