import { messageText, type AgentState, type AssistantMessage, type Interruption, type NextStep, type RunResult } from "@baton/core";
import { loadedOptionalParts, withOptionalParts } from "../optional/load-optional-parts.js";
import { resultOf } from "../state/result-of.js";
import type { AgentRun } from "../run-tree/agent-run.js";

/** The final answer: the text of the last turn (with text a hook sent before it), unless a hook set it. */
export function finalText(state: AgentState): string {
  if (state.text !== undefined) return state.text;
  let last: AssistantMessage | undefined;
  for (let i = state.added.length - 1; i >= 0 && !last; i--) if (state.added[i]!.role === "assistant") last = state.added[i] as AssistantMessage;
  return last && state.turnIterations.at(-1) === state.iteration ? messageText(last) : state.lastText;
}

/**
 * Ends an agent's run: records how it ended in its state (finished with a stop
 * reason and its final text, or paused with what it waits for), persists a root run
 * (a finished one appends its answer to its conversation and saves its final state;
 * a paused one saves its state and gives its claim up), emits `run-end` and builds the
 * result (a root's carries the whole state and what waits).
 */
export async function finishRun(run: AgentRun, next: NextStep): Promise<RunResult> {
  const { state, tree } = run;
  run.hold?.release();
  run.hold = undefined;
  // A root run with storage: the optional parts are loaded, the end of a retry-pending attempt with them.
  const attemptEnd = run.parent === undefined && tree.persistence !== undefined && loadedOptionalParts().endOfAttempt(run, next);
  if (attemptEnd) return attemptEnd;
  let interruptions: readonly Interruption[] | undefined;
  if (next.type === "interrupt") {
    state.status = "interrupted";
    interruptions = next.interruptions;
  } else {
    state.status = "finished";
    state.stopReason = next.type === "stop" ? next.reason : "completed";
    if (next.type === "stop" && next.error) state.error = next.error.toJSON();
    const sent = state.sentText;
    const text = finalText(state);
    // Text a hook sent after the last turn is kept by code loaded when first needed (its optional parts).
    const kept = sent.length > 0 ? withOptionalParts((parts) => parts.keepSentText(state)) : undefined;
    if (kept) await kept;
    state.text = state.text ?? text + sent;
  }
  const root = run.parent === undefined;
  const persistence = root ? tree.persistence : undefined;
  const value = root ? tree.finalStateValue() : undefined;
  // A run with storage has its optional parts loaded (see startRun).
  const written = persistence ? await loadedOptionalParts().writeRunEnd(run, value!, interruptions !== undefined) : undefined;
  run.abort.dispose();
  // A finished run whose end could not be stored is left for resume() (retryableErrorEnds: "attempt"); a root's result carries its state.
  const result = resultOf(state, written?.persisted === true, { resumable: written?.resumable, state: value, interruptions: root ? interruptions : undefined });
  announceEnd(run, result, interruptions);
  return result;
}

/** Emits the run's `run-end` (a paused root's lists what waits) and logs its end. */
export function announceEnd(run: AgentRun, result: RunResult, interruptions: readonly Interruption[] | undefined): void {
  if (run.events.active) {
    run.emit({
      type: "run-end",
      stopReason: result.stopReason,
      text: result.text,
      iterations: result.iterations,
      toolCallCount: result.toolCallCount,
      usage: result.usage.total,
      ...(result.error ? { error: result.error } : {}),
      ...(interruptions && run.parent === undefined ? { interruptions } : {}),
    });
  }
  run.log?.agentEnd(run, result, interruptions);
}
