/**
 * The parts of the loop only some runs need: storage and resume (opening a stored
 * run: its persistence under the agent's data policy, its claim and conversation; the
 * run-state reader; the answering of a paused run's interruptions; the tools' progress
 * records and the end of a stored run), pausing, logging, token and cost budgets (and
 * each model call's check against them), the context engine's trimming and overflow
 * retry, applying a `beforeToolCalls` hook's decisions, and the runner of sub-agents.
 * Loaded by {@link loadOptionalParts} on the first run that needs one (and when a run
 * first spawns a sub-agent), so a process whose runs use none of them never loads this
 * code. One module, not one per part: each lazily loaded module splits the code it
 * shares with the rest of the loop into chunks of their own.
 */
export { parseRunState } from "@baton/core/run-state";
export { RunLog } from "../logging/run-log.js";
export { RunBudget } from "../budget/run-budget.js";
export { runNestedAgent } from "../run-tree/nested-runs.js";
export { endAttempt, endsAttemptOnly, writeRunEnd } from "../steps/stored-run-end.js";
export { pauseRun } from "../steps/pause-run.js";
export { retryAfterOverflow } from "../steps/context-overflow.js";
export { trimContext } from "../steps/trim-context.js";
export { decideToolCalls } from "../steps/tool-call-decisions.js";
export { createRunPersistence, claimNewRun, resumeRoot, DecisionsRefused } from "../run-tree/stored-run-start.js";
export { checkCallBudget } from "../budget/call-budget.js";
export { recordProgressStep } from "../persistence/progress-parts.js";
