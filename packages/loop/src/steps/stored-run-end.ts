import type { AgentState, BatonError, NextStep, RunResult, RunState } from "@baton/core";
import type { RunAnswer } from "../persistence/run-persistence.js";
import type { AgentRun } from "../run-tree/agent-run.js";
import { resultOf } from "../state/result-of.js";
import { announceEnd, finalText } from "./finish-run.js";

/** The run's turns, progress and results, which its conversation stores as one message. */
export function answerOf(run: AgentRun): RunAnswer | undefined {
  const { state, tree } = run;
  if (!tree.conversation || state.added.length === 0) return undefined;
  const turnTokens = state.turnIterations.map((iteration) => {
    const usage = state.usage.find((record) => record.agentPath === state.agentPath && record.iteration === iteration);
    return usage && { output: usage.outputTokens, reasoning: usage.reasoningTokens, iteration };
  });
  return {
    messages: state.added,
    toolMetadata: state.toolMetadata,
    details: {
      runId: tree.runId,
      agentPath: state.agentPath,
      ...(tree.userId === undefined ? {} : { userId: tree.userId }),
      turnTokens,
      progress: state.progress,
    },
  };
}

/** How long an aborted run waits for its last storage writes (they go on afterwards). */
const ABORTED_RUN_WAIT_MS = 200;

/** What writing a root run's end gave. */
export interface WrittenRunEnd {
  /** Whether every write of the run was done, in time (the result's `persisted`). */
  readonly persisted: boolean;
  /**
   * Whether the run finished but its end could not be stored (a retryable storage
   * failure that outlasted the wait), with `retryableErrorEnds: "attempt"`: the stored
   * run is left unfinished for `resume()` (the result's `resumable`).
   */
  readonly resumable: boolean;
}

/**
 * Writes the end of a root run with storage and says what was written: a paused
 * run's state (its claim given up), or a finished run's final state with its answer
 * appended to its conversation. A run that never held its claim writes nothing. An
 * aborted run's last writes are started, but it waits for them only briefly; an abort
 * while it waits ends the wait.
 */
export async function writeRunEnd(run: AgentRun, value: RunState, paused: boolean): Promise<WrittenRunEnd> {
  const { tree } = run;
  const persistence = tree.persistence!;
  if (!tree.claimed) {
    persistence.dispose();
    return { persisted: false, resumable: false };
  }
  const aborted = run.abort.aborted;
  const abort = aborted ? undefined : run.abort;
  const waitMs = aborted ? ABORTED_RUN_WAIT_MS : undefined;
  const write = paused ? persistence.pause(value) : persistence.finish(value, answerOf(run), run.resumed);
  const written = await persistence.bounded(write, abort, waitMs);
  return {
    persisted: written && persistence.ok,
    resumable: !paused && !aborted && tree.retryableErrorEndsAttempt && persistence.endUnwritten,
  };
}

/**
 * Whether `next` ends only this attempt at the run: a root run with storage, asked to
 * (`retryableErrorEnds: "attempt"`), whose model call failed with a retryable error.
 */
export function endsAttemptOnly(run: AgentRun, next: NextStep): next is Extract<NextStep, { type: "stop" }> & { readonly error: BatonError } {
  return (
    run.parent === undefined &&
    run.tree.retryableErrorEndsAttempt &&
    run.tree.claimed &&
    run.tree.persistence !== undefined &&
    next.type === "stop" &&
    next.reason === "error" &&
    next.error?.retryable === true &&
    run.state.step === "model" &&
    !run.abort.aborted
  );
}

/**
 * Ends this attempt at a run whose model call failed with a retryable error: the state
 * is saved unfinished, as it was before that call (at the prepare step, the call's
 * iteration not counted), so a resume makes the call again; the claim is given up at
 * once. The run's own state is left untouched (checkpoints queued before read it); the
 * result and `run-end` say stop reason `error`, and the result that the run can be
 * resumed (only when the save was written).
 */
export async function endAttempt(run: AgentRun, next: Extract<NextStep, { type: "stop" }> & { readonly error: BatonError }): Promise<RunResult> {
  const { state, tree } = run;
  const persistence = tree.persistence!;
  const current = tree.stateValue();
  // The model step counted the failed call's iteration when it began.
  const value: RunState = { ...current, root: { ...current.root, step: "prepare", iteration: current.root.iteration - 1 } };
  const written = await persistence.bounded(persistence.pause(value), run.abort);
  run.abort.dispose();
  const ended: AgentState = { ...state, status: "finished", stopReason: "error", error: next.error.toJSON(), text: state.text ?? finalText(state) };
  const persisted = written && persistence.ok;
  const result: RunResult = { ...resultOf(ended, persisted), ...(persisted ? { resumable: true as const } : {}) };
  announceEnd(run, result, undefined);
  return { ...result, state: value };
}
