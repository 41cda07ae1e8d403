/**
 * The parts of the loop only some runs need: storage and resume (the run's
 * persistence, the data-policy wrapper, the run-state reader, the answering of a paused
 * run's interruptions), logging, and token and cost budgets. Loaded by
 * {@link loadOptionalParts} on the first run that needs one, so a process whose runs
 * use none of them never loads this code.
 */
export { withDataPolicy } from "@baton/core/storage-kit";
export { parseRunState } from "@baton/core/run-state";
export { RunPersistence } from "../persistence/run-persistence.js";
export { applyDecisions } from "../state/apply-decisions.js";
export { RunLog } from "../logging/run-log.js";
export { RunBudget } from "../budget/run-budget.js";
