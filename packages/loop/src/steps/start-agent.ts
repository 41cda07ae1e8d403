import { isPromiseLike, type NextStep } from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
import { loadedOptionalParts } from "../optional/load-optional-parts.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { CONTINUE_TO } from "./continue-to.js";

/**
 * How an agent's run begins: a new run lets its `onRunStart` hooks set up their
 * state (and a stored root run saves its first checkpoint); a resumed run goes on at
 * the step its state names (a model call cut short is made again). A resumed run
 * whose state says it finished (its process stopped, or storage failed, before its
 * end was stored) only ends again: its answer and final state are written.
 */
export async function startAgent(run: AgentRun): Promise<NextStep> {
  const { state } = run;
  if (run.resumed && state.status === "finished") return { type: "stop", reason: state.stopReason ?? "completed" };
  state.status = "running";
  // A resumed run has its optional parts loaded: they know where it goes on.
  if (run.resumed) return loadedOptionalParts().resumedAgentStart(run);
  const hook = run.config.onRunStart;
  if (hook) {
    const started = callHook("onRunStart", () => hook({ state, context: run.hookContext }));
    if (isPromiseLike(started)) await started;
  }
  const persistence = run.parent ? undefined : run.tree.persistence;
  if (persistence) await persistence.bounded(run.tree.checkpoint()!, run.abort);
  return CONTINUE_TO.prepare;
}
