import { messageText, type AgentState, type AssistantMessage, type Interruption, type NextStep, type RunResult } from "@baton/core";
import { loadedOptionalParts } from "../optional/load-optional-parts.js";
import { resultOf } from "../state/result-of.js";
import type { AgentRun } from "../run-tree/agent-run.js";

/** The final answer: the text of the last turn (with text a hook sent before it), unless a hook set it. */
export function finalText(state: AgentState): string {
  if (state.text !== undefined) return state.text;
  let last: AssistantMessage | undefined;
  for (let i = state.added.length - 1; i >= 0 && !last; i--) if (state.added[i]!.role === "assistant") last = state.added[i] as AssistantMessage;
  return last && state.turnIterations.at(-1) === state.iteration ? messageText(last) : state.lastText;
}

/** Text a hook sent after the last turn joins the last assistant message (it is stored with the answer). */
function keepSentText(state: AgentState): void {
  const text = state.sentText;
  if (text.length === 0) return;
  state.sentText = "";
  const index = state.added.findLastIndex((message) => message.role === "assistant");
  if (index >= 0 && state.turnIterations.at(-1) === state.iteration) {
    const last = state.added[index] as AssistantMessage;
    const message: AssistantMessage = { role: "assistant", content: [...last.content, { type: "text", text }] };
    state.added[index] = message;
    const inLoop = state.inLoopMessages.lastIndexOf(last);
    if (inLoop >= 0) state.inLoopMessages[inLoop] = message;
  } else {
    const message: AssistantMessage = { role: "assistant", content: [{ type: "text", text }] };
    state.added.push(message);
    state.inLoopMessages.push(message);
    state.turnIterations.push(state.iteration);
  }
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
    keepSentText(state);
    state.text = state.text ?? text + sent;
  }
  const root = run.parent === undefined;
  const persistence = root ? tree.persistence : undefined;
  const value = root ? tree.finalStateValue() : undefined;
  // A run with storage has its optional parts loaded (see startRun).
  const written = persistence ? await loadedOptionalParts().writeRunEnd(run, value!, interruptions !== undefined) : undefined;
  run.abort.dispose();
  const ended = resultOf(state, written?.persisted === true);
  // A finished run whose end could not be stored is left for resume() (retryableErrorEnds: "attempt").
  const result: RunResult = written?.resumable ? { ...ended, resumable: true } : ended;
  announceEnd(run, result, interruptions);
  return root ? { ...result, state: value!, ...(interruptions ? { interruptions } : {}) } : result;
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
