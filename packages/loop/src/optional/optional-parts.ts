/**
 * The parts of the loop only some runs need: storage and resume (opening a stored
 * run: its persistence under the agent's data policy, its claim and conversation; the
 * run-state reader; the answering of a paused run's interruptions; the tools' progress
 * records and the end of a stored run), pausing, logging, token and cost budgets (and
 * each model call's check against them), the context engine's trimming and overflow
 * retry, applying a `beforeToolCalls` hook's decisions, the runner of sub-agents, and
 * a stored run's tool-call journal (its calls run under it, and a resumed run reads it
 * to take finished calls' outcomes and hold calls in doubt), the words for input
 * messages a provider could not read, the conversion of a tool result that is not
 * JSON as it is, the assembling of a model's reasoning, the reading of a tool's stream
 * of chunks, the start of a tool's nested runs, the prepare step of a config with
 * `prepareStep` hooks and the end of a batch of one with `afterToolBatch` hooks, the
 * end step of a run with end hooks, a context engine or storage, the text a hook sent
 * after the last turn, the hooks' context, a concurrency limit on tools, budget holds
 * and a resumed agent's start.
 * Loaded by {@link loadOptionalParts} on the first run that needs one (and when a run
 * first spawns a sub-agent), so a process whose runs use none of them never loads this
 * code. One module, not one per part: each lazily loaded module splits the code it
 * shares with the rest of the loop into chunks of their own.
 */
export { parseRunState } from "@baton/core/run-state";
export { RunLog } from "../logging/run-log.js";
export { RunBudget } from "../budget/run-budget.js";
export { runNestedAgent } from "../run-tree/nested-runs.js";
export { endOfAttempt, writeRunEnd } from "../steps/stored-run-end.js";
export { keptEndOf } from "../persistence/kept-ends.js";
export { pauseRun } from "../steps/pause-run.js";
export { announceResumedBatch } from "../steps/announce-resumed-batch.js";
export { retryAfterOverflow } from "../steps/context-overflow.js";
export { trimContext } from "../steps/trim-context.js";
export { decideToolCalls } from "../steps/tool-call-decisions.js";
export { createRunPersistence, claimNewRun, resumeRoot, DecisionsRefused } from "../run-tree/stored-run-start.js";
export { checkCallBudget } from "../budget/call-budget.js";
export { recordProgressStep } from "../persistence/progress-parts.js";
export { afterStoredBatch, runStoredCall, startStoredBatch } from "../persistence/journaled-call.js";
export { settleCallsFromJournal } from "../persistence/in-doubt-calls.js";
export { settleApproval } from "../state/apply-decisions.js";
export { checkInputMessages } from "../run-tree/input-messages-check.js";
export { toJsonResult } from "../tools/json-result.js";
export { streamedToolResult } from "../tools/streamed-tool-result.js";
export { endStepWithServices } from "../steps/end-step-with-services.js";
export { keepSentText } from "../steps/keep-sent-text.js";
export { prepareStepWithHook } from "../steps/prepare-step-with-hook.js";
export { finishBatchWithHook } from "../steps/finish-batch-with-hook.js";
export { runSubAgentOfCall } from "../tools/tool-call-sub-agent.js";
export { resumedAgentStart } from "../steps/resumed-agent-start.js";
export { turnOf } from "../steps/turn-of.js";
export { agentContextOf } from "../run-tree/agent-context.js";
export { executeWithLimit } from "../tools/execute-with-limit.js";
export { updateHold } from "../budget/update-hold.js";
export { ReasoningAssembler } from "../model/reasoning-assembler.js";
