import { defaultStepOutcome, type NextStep, type StepOutcome } from "@baton/core";
import { loadedOptionalParts, withOptionalParts } from "../optional/load-optional-parts.js";
import type { AgentRun, TurnSummary } from "../run-tree/agent-run.js";
import { CONTINUE_TO } from "./continue-to.js";

/**
 * The end step, after every model turn and its tool batch: the context engine keeps
 * the next request inside the model's window, `onStepEnd` hooks observe the step,
 * then the loop proposes how to go on (a turn without tool calls ends the run; the
 * tool-call limit asks for one final answer) and `shouldStop` hooks may change that.
 * The state is checkpointed (without waiting: the write joins the one of the step's last
 * tool call, and the next batch's checkpoint waits for it) and the step's `step-end`
 * is emitted. Synchronous when the run has no context engine, storage or end hooks.
 */
export function endStep(run: AgentRun): NextStep | Promise<NextStep> {
  // A run with a context engine, storage or end hooks ends its steps with code loaded when first needed (its optional parts).
  if (run.settings.contextEngine || run.tree.persistence || run.config.onStepEnd || run.config.shouldStop)
    return withOptionalParts((parts) => parts.endStepWithServices(run));
  // Only a run resumed at the end of a step has no turn summary; it has its optional parts loaded.
  const turn = run.turn ?? loadedOptionalParts().turnOf(run);
  return conclude(run, turn, run.stepStop ?? defaultStepOutcome(run.state, turn.toolCalls.length > 0));
}

/** Sets the state up for the next step (what the outcome asks of it). */
export function prepareNextStep(run: AgentRun, outcome: Extract<StepOutcome, { stop: false }>): void {
  run.state.hasToolCalls = true;
  if (outcome.finalAnswer) run.state.finalAnswerRequested = true;
  run.state.step = "prepare";
}

/** Ends the step: `step-end`, the end of the content block, and what comes next. */
export function conclude(run: AgentRun, turn: TurnSummary, outcome: StepOutcome): NextStep {
  if (outcome.stop) run.state.hasToolCalls = false;
  else prepareNextStep(run, outcome);
  if (run.events.active) run.emit({ type: "step-end", iteration: turn.iteration, finishReason: turn.finishReason, toolCalls: turn.toolCalls.length });
  run.stepOpen = false;
  run.events.endBlock();
  run.turn = undefined;
  run.stepStop = undefined;
  run.batchResults = [];
  return outcome.stop ? { type: "stop", reason: outcome.reason, ...(outcome.error ? { error: outcome.error } : {}) } : CONTINUE_TO.prepare;
}
