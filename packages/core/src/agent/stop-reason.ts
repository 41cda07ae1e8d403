/**
 * Why a run stopped.
 * - `completed`: the model answered without calling tools.
 * - `tool_call_limit`: the tool-call limit was reached (the final answer, if any, was produced without tools).
 * - `max_iterations`: the maximum number of model calls was reached.
 * - `token_budget`: the next model call would have exceeded the token budget.
 * - `budget_exceeded`: the next model call would have exceeded the run's cost budget
 *   (`costBudget` of `@baton/loop`); agent configs of `@baton/agents` set it for their own budgets too.
 * - `aborted`: the abort signal fired.
 * - `error`: a provider or hook error ended the run (see `RunResult.error`).
 * - `ended_by_hook`: `shouldContinueLoop`, `processToolCalls` or `onNoToolCalls` ended it.
 * - `tools_disabled`: a tool was not enabled and `onNoToolCalls("TOOLS_DISABLED")` ended the run.
 * - `awaiting_approval`, `loop_detected`: set by agent configs of `@baton/agents`.
 */
export type StopReason =
  | "completed"
  | "tool_call_limit"
  | "max_iterations"
  | "token_budget"
  | "aborted"
  | "error"
  | "ended_by_hook"
  | "tools_disabled"
  | "awaiting_approval"
  | "loop_detected"
  | "budget_exceeded";

/**
 * Why `onNoToolCalls` is called:
 * - `NO_CALLS_GENERATED`: the model answered without tool calls.
 * - `LIMIT_REACHED`: the tool-call limit is reached; continuing means one last turn without tools.
 * - `TOOLS_DISABLED`: a called tool was refused by its `shouldUse` check.
 */
export type NoToolCallsReason = "NO_CALLS_GENERATED" | "LIMIT_REACHED" | "TOOLS_DISABLED";
