import { isBatonError, type AgentState, type BatonError, type NextStep, type RunResult, type RunState } from "@baton/core";
import { keepEnd } from "../persistence/kept-ends.js";
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
   * Whether the run finished but its end was not stored in time (a retryable storage
   * failure that outlasted the wait, or a write still pending when the wait ended), with
   * `retryableErrorEnds: "attempt"`: the stored run may be left unfinished, for
   * `resume()` (the result's `resumable`; should the pending write land after all, the
   * run is finished, and `resume()` says so).
   */
  readonly resumable: boolean;
}

/**
 * Writes the end of a root run with storage and says what was written: a paused
 * run's state (its claim given up), or a finished run's final state with its answer
 * appended to its conversation. A run that never held its claim writes nothing (a
 * resumed run whose end was stored before says it is persisted). An aborted run's
 * last writes are started, but it waits for them only briefly; they go on in the
 * background until storage takes them, however long it stays away (the claim kept
 * meanwhile), so the abort is kept: `resume()` of the run returns the aborted outcome.
 */
export async function writeRunEnd(run: AgentRun, value: RunState, paused: boolean): Promise<WrittenRunEnd> {
  const { tree } = run;
  const persistence = tree.persistence!;
  // Aborted because another process holds the run now (its events relay says so): this one writes nothing more.
  const lost = isBatonError(run.abort.abortError?.cause, "RUN_CLAIM_LOST");
  if (!tree.claimed || lost) {
    persistence.dispose();
    return { persisted: tree.endStored, resumable: false };
  }
  const aborted = run.abort.aborted;
  const abort = aborted ? undefined : run.abort;
  const waitMs = aborted ? ABORTED_RUN_WAIT_MS : undefined;
  const write = paused ? persistence.pause(value) : persistence.finish(value, answerOf(run), run.resumed, aborted);
  const written = await persistence.bounded(write, abort, waitMs);
  if (aborted && !paused && !written && tree.storage !== undefined) keepEnd(tree.storage, tree.runId, { state: value, written: write });
  return {
    persisted: written && persistence.ok,
    resumable: !paused && !aborted && tree.retryableErrorEndsAttempt && (!written || persistence.endUnwritten),
  };
}

/**
 * Whether `next` ends this attempt because its storage is unavailable (it stayed
 * unreachable past the run's storage wait, or the claim could not be renewed in time):
 * the run was aborted for it (not by its user, whose abort is kept).
 */
export function endsForStorage(run: AgentRun, next: NextStep): next is Extract<NextStep, { type: "stop" }> {
  const unavailable = run.tree.persistence?.health.unavailable;
  return (
    run.parent === undefined && unavailable !== undefined && next.type === "stop" && (run.abort.abortError?.cause === unavailable || next.error === unavailable)
  );
}

/**
 * Ends an attempt whose storage is unavailable (while the run went on, or already
 * while it started: its claim, its input, its reads): nothing is written (the stored
 * run stays as its last write left it, and `resume()` continues it once storage is
 * back: finished calls do not run again, calls in doubt are decided). An `error`
 * event, the `run-end` and the result say stop reason `error` with the
 * `STORAGE_UNAVAILABLE` error (retryable); the result says `persisted: false`, and
 * `resumable: true` when a checkpoint of the run is, or may be, stored. A new run that
 * ended after its claim and before it wrote its first checkpoint has nothing to
 * resume: `run()` it again with the same id (its input is not appended twice). One
 * whose claim never answered says `resumable`: an earlier attempt's late write may yet
 * land (when `resume()` finds no checkpoint, `run()` it again).
 */
export function endForStorage(run: AgentRun): RunResult {
  const { state, tree } = run;
  const persistence = tree.persistence!;
  const error = persistence.health.unavailable!.toJSON();
  persistence.dispose();
  run.abort.dispose();
  const value = tree.stateValue();
  run.emit({ type: "error", error });
  const ended: AgentState = { ...state, status: "finished", stopReason: "error", error, text: state.text ?? finalText(state) };
  const result = resultOf(ended, false, { resumable: persistence.checkpointStored, state: value });
  announceEnd(run, result, undefined);
  return result;
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
  const result = resultOf(ended, persisted, { resumable: persisted, state: value });
  announceEnd(run, result, undefined);
  return result;
}

/**
 * The result of a root run with storage whose stop ends only this attempt — its storage
 * is unavailable ({@link endForStorage}), or a retryable model error ends the attempt
 * ({@link endAttempt}) — else undefined (the run ends as usual).
 */
export function endOfAttempt(run: AgentRun, next: NextStep): RunResult | Promise<RunResult> | undefined {
  if (endsForStorage(run, next)) return endForStorage(run);
  return endsAttemptOnly(run, next) ? endAttempt(run, next) : undefined;
}
