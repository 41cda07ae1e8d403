import { isPromiseLike, type BatchCall, type NextStep } from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
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
  if (run.resumed) {
    run.offered.update(run.registry.list());
    run.offeredNames = run.offered.nameSet;
    const batch = state.batch;
    if (batch && (state.step === "tools" || state.step === "end")) {
      // The step the run stopped in goes on: it starts again for the consumer, with the calls it will answer.
      if (run.events.active) {
        run.emit({ type: "step-start", iteration: state.iteration, model: batch.usage.model, toolsSent: batch.toolsSent });
        if (batch.decided) for (const entry of batch.calls) run.emit({ type: "tool-call", toolCall: entry.call });
      }
      // What the batch still waits for is announced again: this attempt's consumer may never have had the
      // events of the attempt that paused (a worker that died before its events were relayed, say).
      if (batch.decided) for (const entry of batch.calls) announceWaiting(run, entry);
      run.stepOpen = true;
    }
    return CONTINUE_TO[state.step === "model" ? "prepare" : state.step];
  }
  const hook = run.config.onRunStart;
  if (hook) {
    const started = callHook("onRunStart", () => hook({ state, context: run.hookContext }));
    if (isPromiseLike(started)) await started;
  }
  const persistence = run.parent ? undefined : run.tree.persistence;
  if (persistence) await persistence.bounded(run.tree.checkpoint()!, run.abort);
  return CONTINUE_TO.prepare;
}

/** Emits `tool-interrupted` again for a call of a resumed batch that still waits for a decision (none given, or none of its kind yet). */
function announceWaiting(run: AgentRun, entry: BatchCall): void {
  const waiting = entry.waitingFor;
  if (waiting === undefined || entry.decided || (entry.status === "awaiting" && entry.approval)) return;
  const { toolCallId, toolName } = entry.call;
  run.emitToolEvent({
    type: "tool-interrupted",
    toolCallId,
    toolName,
    kind: waiting.kind,
    ...(waiting.payload === undefined ? {} : { payload: waiting.payload }),
  });
}
