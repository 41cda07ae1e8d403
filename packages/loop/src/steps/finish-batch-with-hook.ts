import { isPromiseLike, type AgentConfig, type NextStep, type ToolBatchOverrides, type ToolBatchResult, type ToolBatchState } from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { close } from "./finish-batch.js";

/**
 * The end of a batch for a config with `afterToolBatch` hooks: they may change what
 * the model reads of each call, force the next tool, or end the run after this step;
 * then the batch closes as usual.
 */
export function finishBatchWithHook(
  run: AgentRun,
  batch: ToolBatchState,
  results: readonly ToolBatchResult[],
  hook: NonNullable<AgentConfig["afterToolBatch"]>,
): NextStep | Promise<NextStep> {
  const overrides = callHook("afterToolBatch", () => hook({ state: run.state, context: run.hookContext, results }));
  return isPromiseLike(overrides)
    ? overrides.then((value) => close(run, batch, withOverrides(run, results, value ?? undefined)))
    : close(run, batch, withOverrides(run, results, overrides ?? undefined));
}

/** Applies a hook's overrides: the results as the model reads them (the others are set on the run). */
function withOverrides(run: AgentRun, results: readonly ToolBatchResult[], overrides: ToolBatchOverrides | undefined): readonly ToolBatchResult[] {
  if (!overrides) return results;
  const { state } = run;
  if (overrides.toolChoice !== undefined) state.toolChoice = overrides.toolChoice;
  if (overrides.stop !== undefined) run.stepStop = { stop: true, reason: overrides.stop === true ? (state.stopReason ?? "ended_by_hook") : overrides.stop };
  const replaced = overrides.results;
  if (!replaced) return results;
  return results.map((entry) => (Object.hasOwn(replaced, entry.call.toolCallId) ? { ...entry, result: replaced[entry.call.toolCallId] } : entry));
}
