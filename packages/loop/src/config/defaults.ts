/** Default tool-call limit of an agent. */
export const DEFAULT_TOOL_CALL_LIMIT = 25;
/** Default maximum number of model calls of a run. */
export const DEFAULT_MAX_ITERATIONS = 50;
/** Default maximum length of a tool error message sent to the model. */
export const DEFAULT_MAX_TOOL_ERROR_LENGTH = 2000;
/** Default maximum sub-agent nesting depth. */
export const DEFAULT_MAX_DEPTH = 5;
/** Default lease of a run's claim in storage: renewed every third of it while the run lives. */
export const DEFAULT_CLAIM_LEASE_MS = 30_000;
/** Default longest a run waits for a storage write before it goes on without it (the write is reported). */
export const DEFAULT_STORAGE_WAIT_MS = 10_000;

/** The instruction appended to the last call when the tool-call limit is reached. */
export function defaultFinalAnswerInstruction(limit: number): string {
  return (
    `You have reached the limit of ${limit} tool calls for this request. ` +
    "Do not call any more tools. Answer the user now, using the information gathered so far, " +
    "and say briefly what you could not finish."
  );
}
