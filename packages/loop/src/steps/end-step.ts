import { applyStopDecision, defaultStepOutcome, isPromiseLike, type NextStep, type StepOutcome } from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
import { loadedOptionalParts } from "../optional/load-optional-parts.js";
import type { AgentRun, TurnSummary } from "../run-tree/agent-run.js";
import { CONTINUE_TO } from "./continue-to.js";

/** The summary of the last turn, rebuilt from the state (a run resumed at the end of a step). */
function turnOf(run: AgentRun): TurnSummary {
  const { state } = run;
  return {
    iteration: state.iteration,
    model: run.model,
    text: state.lastText,
    toolCalls: state.lastToolCalls,
    finishReason: state.lastToolCalls.length > 0 ? "tool_calls" : "stop",
    usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 },
    answered: state.lastToolCalls.length === 0,
  };
}

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
  if (run.settings.contextEngine || run.tree.persistence || run.config.onStepEnd || run.config.shouldStop) return endStepWithServices(run);
  const turn = run.turn ?? turnOf(run);
  return conclude(run, turn, run.stepStop ?? defaultStepOutcome(run.state, turn.toolCalls.length > 0));
}

async function endStepWithServices(run: AgentRun): Promise<NextStep> {
  const { state, settings } = run;
  const turn = run.turn ?? turnOf(run);
  if (settings.contextEngine) {
    const last = state.inLoopMessages.at(-1);
    // A run with a context engine has its optional parts loaded.
    await loadedOptionalParts().trimContext(run, settings.contextLimit(turn.model), turn.model, {
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

function prepareNextStep(run: AgentRun, outcome: Extract<StepOutcome, { stop: false }>): void {
  run.state.hasToolCalls = true;
  if (outcome.finalAnswer) run.state.finalAnswerRequested = true;
  run.state.step = "prepare";
}

/** Ends the step: `step-end`, the end of the content block, and what comes next. */
function conclude(run: AgentRun, turn: TurnSummary, outcome: StepOutcome): NextStep {
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
