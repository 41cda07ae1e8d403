import type { NextStep } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import { announceResumedBatch } from "./announce-resumed-batch.js";
import { CONTINUE_TO } from "./continue-to.js";

/**
 * Where a resumed agent's run goes on: at the step its state names (a model call cut
 * short is made again); a batch the run stopped in starts again for the consumer, with
 * the calls it will answer.
 */
export function resumedAgentStart(run: AgentRun): NextStep {
  const { state } = run;
  run.offered.update(run.registry.list());
  run.offeredNames = run.offered.nameSet;
  const batch = state.batch;
  if (batch && (state.step === "tools" || state.step === "end")) {
    // The step the run stopped in goes on: it starts again for the consumer, with the calls it will answer.
    if (run.events.active) run.emit({ type: "step-start", iteration: state.iteration, model: batch.usage.model, toolsSent: batch.toolsSent });
    // Its calls, and what it still waits for.
    if (batch.decided) announceResumedBatch(run, batch);
    run.stepOpen = true;
  }
  return CONTINUE_TO[state.step === "model" ? "prepare" : state.step];
}
