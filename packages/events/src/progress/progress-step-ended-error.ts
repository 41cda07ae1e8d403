import { BatonError } from "@baton/core";
import { EVENTS_ERROR_CODES } from "../errors/events-error-codes.js";

/**
 * Thrown when a progress step is sent items or changed after it ended: an ended
 * step is final, so what the tool reported and what consumers rebuilt stay equal.
 * Code `PROGRESS_STEP_ENDED`; `details` names the group, the step and its status.
 *
 * @example
 * const step = progress.startStep("Fetching example.com");
 * step.end();
 * step.send("late"); // throws ProgressStepEndedError
 */
export class ProgressStepEndedError extends BatonError {
  constructor(group: string, stepId: string, title: string, status: string, action: string) {
    super(
      EVENTS_ERROR_CODES.PROGRESS_STEP_ENDED,
      `Cannot ${action} progress step "${title}" (${stepId}) of group "${group}": it already ended with status "${status}". Start a new step with startStep() instead.`,
      { details: { group, stepId, title, status, action } },
    );
  }
}
