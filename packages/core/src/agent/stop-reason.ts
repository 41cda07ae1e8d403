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
 * - `ended_by_hook`: a hook (`prepareStep`, `beforeToolCalls`, `afterToolBatch` or `shouldStop`) ended it.
 * - `tools_disabled`: a tool was not enabled and a hook ended the run because of it.
 * - `interrupted`: the run (or a sub-agent of it) waits for a person: see `RunResult.interruptions`.
 * - `loop_detected`: set by the loop detection of `@baton/agents`.
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
  | "interrupted"
  | "loop_detected"
  | "budget_exceeded";
