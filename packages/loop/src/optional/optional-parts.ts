/**
 * The parts of the loop only some runs need: storage and resume (the run's
 * persistence, the data-policy wrapper, the run-state reader, the answering of a paused
 * run's interruptions, a stored run's end), pausing, logging, token and cost budgets,
 * the context engine's trimming and overflow retry, applying a `beforeToolCalls`
 * hook's decisions, and the runner of sub-agents.
 * Loaded by {@link loadOptionalParts} on the first run that needs one (and when a run
 * first spawns a sub-agent), so a process whose runs use none of them never loads this
 * code. One module, not one per part: each lazily loaded module splits the code it
 * shares with the rest of the loop into chunks of their own.
 */
export { withDataPolicy } from "@baton/core/storage-kit";
export { parseRunState } from "@baton/core/run-state";
export { RunPersistence } from "../persistence/run-persistence.js";
export { applyDecisions } from "../state/apply-decisions.js";
export { RunLog } from "../logging/run-log.js";
export { RunBudget } from "../budget/run-budget.js";
export { runNestedAgent } from "../run-tree/nested-runs.js";
export { answerOf, endAttempt, endsAttemptOnly } from "../steps/stored-run-end.js";
export { pauseRun } from "../steps/pause-run.js";
export { retryAfterOverflow } from "../steps/context-overflow.js";
export { trimContext } from "../steps/trim-context.js";
export { restoredRoot } from "../state/restored-root.js";
export { decideToolCalls } from "../steps/tool-call-decisions.js";
