import { applyStopDecision, defaultStepOutcome, isPromiseLike, type NextStep } from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { conclude, prepareNextStep } from "./end-step.js";
import { turnOf } from "./turn-of.js";
import { trimContext } from "./trim-context.js";

/**
 * The end step of a run with a context engine, storage or end hooks (see `endStep`):
 * the context engine trims the next request, `onStepEnd` observes the step,
 * `shouldStop` may change how the run goes on, and the state is checkpointed.
 */
export async function endStepWithServices(run: AgentRun): Promise<NextStep> {
  const { state, settings } = run;
  const turn = run.turn ?? turnOf(run);
  if (settings.contextEngine) {
    const last = state.inLoopMessages.at(-1);
    await trimContext(run, settings.contextLimit(turn.model), turn.model, {
      text: turn.text,
      usage: turn.usage,
      toolCalls: turn.toolCalls,
      toolResults: last?.role === "tool" ? last.content : [],
    });
  }
  const { onStepEnd, shouldStop } = run.config;
  if (onStepEnd) {
    const observed = callHook("onStepEnd", () =>
      onStepEnd({ state, context: run.hookContext, iteration: turn.iteration, text: turn.text, toolCalls: turn.toolCalls, results: run.batchResults }),
    );
    if (isPromiseLike(observed)) await observed;
  }
  let outcome = run.stepStop ?? defaultStepOutcome(state, turn.toolCalls.length > 0);
  if (shouldStop) {
    const proposal = outcome;
    let decision = callHook("shouldStop", () =>
      shouldStop({ state, context: run.hookContext, proposal, text: turn.text, toolCalls: turn.toolCalls, answered: turn.answered }),
    );
    if (isPromiseLike(decision)) decision = await decision;
    outcome = applyStopDecision(proposal, decision, state);
  }
  if (!outcome.stop) {
    prepareNextStep(run, outcome);
    // Written while the next call is prepared and made (the next batch's checkpoint waits for it).
    void run.tree.checkpoint(true);
  }
  return conclude(run, turn, outcome);
}
