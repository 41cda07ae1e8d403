import { HookError, ProviderError, RunAbortedError, errorMessage, isBatonError, isPromiseLike, type NextStep, type RunResult } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import { startAgent } from "../steps/start-agent.js";
import { prepareStep } from "../steps/prepare-step.js";
import { modelTurn } from "../steps/model-turn.js";
import { toolBatch } from "../steps/tool-batch.js";
import { endStep } from "../steps/end-step.js";
import { finishRun } from "../steps/finish-run.js";

/**
 * Drives one agent's run to its end: start (or resume), then steps until one stops
 * or pauses the run —
 *
 *   prepare step → model turn → tool batch (when the model called tools) → end step → …
 *
 * Each step is a function of the run that returns what comes next (`continue` with
 * the next step, `stop` with a reason, `interrupt` with what waits); the state names
 * the step the run goes on with, so a checkpoint can resume it. Never throws: every
 * ending, an error or an abort included, is a {@link RunResult}. `failure` is an error
 * met before the run could start (it becomes the run's ending).
 */
export async function driveAgent(run: AgentRun, failure?: unknown): Promise<RunResult> {
  if (run.events.active) run.emit({ type: "run-start", model: run.model, ...(run.parent ? { parentAgentPath: run.parent.agentPath } : {}) });
  run.log?.agentStart(run);
  let next: NextStep;
  try {
    if (failure !== undefined) throw failure;
    next = await startAgent(run);
    while (next.type === "continue") {
      run.state.step = next.step;
      let step: NextStep | Promise<NextStep>;
      switch (next.step) {
        case "prepare":
          step = prepareStep(run);
          break;
        case "model":
          step = modelTurn(run);
          break;
        case "tools":
          step = toolBatch(run);
          break;
        case "end":
          step = endStep(run);
          break;
      }
      next = isPromiseLike(step) ? await step : step;
    }
  } catch (error) {
    next = stopFor(run, error);
  }
  return finishRun(run, next);
}

/**
 * How an error ends the run: the abort (the run's signal, or a tool or hook that gave
 * up because of it) stops it as `aborted`; anything else as `error`, reported with an
 * `error` event. A step cut short still gets its `step-end`.
 */
function stopFor(run: AgentRun, error: unknown): NextStep {
  const aborted = RunAbortedError.isInstance(error) || (run.abort.aborted && !HookError.isInstance(error));
  const failure = aborted
    ? (run.abort.abortError ?? (isBatonError(error) ? error : new RunAbortedError()))
    : isBatonError(error)
      ? error
      : new ProviderError(errorMessage(error), { cause: error });
  if (run.stepOpen) {
    run.stepOpen = false;
    if (run.events.active)
      run.emit({ type: "step-end", iteration: run.state.iteration, finishReason: aborted ? "aborted" : "error", toolCalls: run.turn?.toolCalls.length ?? 0 });
    run.events.endBlock();
  }
  if (!aborted) run.emit({ type: "error", error: failure.toJSON() });
  return { type: "stop", reason: aborted ? "aborted" : "error", error: failure };
}
