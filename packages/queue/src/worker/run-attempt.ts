import {
  BatonError,
  ConfigurationError,
  ERROR_CODES,
  interruptionsOf,
  RunAbortedError,
  totalUsage,
  type RunCheckpoint,
  type RunEndEvent,
  type RunFence,
  type RunResult,
  type Storage,
  type ToolInterruptedEvent,
} from "@baton/core";
import type { RunJobData, RunJobOutcome } from "../jobs/run-job.js";
import type { RelayWriter } from "../relay/relay-writer.js";
import { RelayGate } from "../relay/relay-gate.js";
import type { QueueAgent } from "./queue-agent.js";

/** What one attempt at a run job needs. */
export interface RunAttempt {
  readonly data: RunJobData;
  readonly agent: QueueAgent;
  /** The run's checkpoint in storage when the attempt starts (undefined for a run never started, or not read for a first attempt). */
  readonly checkpoint: RunCheckpoint | undefined;
  /** The storage, read when a new run's id turns out to be used already. */
  readonly storage: Storage;
  /** Whether `checkpoint` was read from storage (false on a new run's first attempt, which skips reading it). */
  readonly checkpointRead: boolean;
  readonly writer: RelayWriter;
  readonly signal: AbortSignal;
  /** The longest an attempt waits for a dead worker's claim on the run to lapse, in ms. */
  readonly heldWaitMs: number;
  /**
   * Whether a retryable model error ends only this attempt (the run is left resumable
   * and retried later): the root's closing events are then kept out of the relay.
   */
  readonly endAttemptOnRetryableError: boolean;
}

/**
 * Runs one attempt at a run job: a new run, or — when an earlier attempt left a
 * checkpoint (its worker died) or the job resumes a paused run — the stored run
 * resumed from its last checkpoint. While a dead worker's claim on the run has not
 * lapsed, it waits and tries again (up to `heldWaitMs`); those tries leave nothing in
 * the relay. A claim still held after that rejects with a retryable `RUN_NOT_RESUMABLE`
 * (the worker tries the job again later), writing nothing to the run's stream either.
 */
export async function runAttempt(attempt: RunAttempt): Promise<RunJobOutcome> {
  const { data, checkpoint } = attempt;
  const done = checkpoint === undefined ? undefined : endedOutcome(data, checkpoint);
  if (done !== undefined) return relayedEnd(attempt, checkpoint!, done);
  const outcome = await attemptRun(attempt, data.kind === "resume" || checkpoint !== undefined, attempt.checkpointRead);
  if (outcome !== "id in use") return outcome;
  // A new run whose id is already stored: this job was delivered again (its first worker died), or the id was
  // submitted twice under other job ids. The stored run says what to do.
  const stored = await attempt.storage.loadCheckpoint(data.runId);
  const ended = stored === undefined ? undefined : endedOutcome(data, stored);
  if (ended !== undefined) return relayedEnd(attempt, stored!, ended);
  const again = await attemptRun(attempt, stored !== undefined, true);
  if (again === "id in use") throw new ConfigurationError(`Run "${data.runId}" is still held by another worker after ${attempt.heldWaitMs} ms.`);
  return again;
}

/**
 * The outcome of a run the checkpoint shows this job already took to its end, else
 * undefined: an earlier attempt ended the run, or paused it (a new run's job, or a
 * resume job whose decisions were applied before the run paused again), and its worker
 * died before the job completed.
 */
function endedOutcome(data: RunJobData, checkpoint: RunCheckpoint): RunJobOutcome | undefined {
  const paused = checkpoint.status === "interrupted" && (data.kind === "run" || decisionsApplied(data, checkpoint));
  if (checkpoint.stopReason === undefined && !paused) return undefined;
  const root = checkpoint.root;
  return outcomeOf(
    data.runId,
    checkpoint.stopReason ?? "interrupted",
    { text: root.text, error: root.error, iterations: root.iteration, toolCallCount: root.toolCallCount },
    true,
  );
}

/**
 * Returns `outcome`, the end of a run an earlier attempt took to its end, once the run's
 * stream ends with it: when that attempt's root `run-end` is not the stream's last event
 * (its worker died after storing the run's end, before relaying it), one is relayed from
 * the checkpoint, so the stream ends as every run's does. A paused run's end comes after
 * a `tool-interrupted` for each call it waits for, as the loop sends them: that attempt's
 * own may never have reached the stream either (events are relayed after the checkpoint
 * is stored), and a client learns from them what to decide. A client may so get one
 * call's `tool-interrupted` twice; it names the same call.
 */
async function relayedEnd(attempt: RunAttempt, checkpoint: RunCheckpoint, outcome: RunJobOutcome): Promise<RunJobOutcome> {
  const last = await attempt.writer.lastEvent();
  if (last?.type === "run-end" && !last.agentPath.includes("/")) return outcome;
  const root = checkpoint.root;
  const runId = attempt.data.runId;
  const timestamp = Date.now();
  // Numbered by the writer after what earlier attempts wrote, in a block after theirs.
  let seq = 0;
  if (checkpoint.stopReason === undefined) {
    for (const item of interruptionsOf(root)) {
      const announced: ToolInterruptedEvent = {
        type: "tool-interrupted",
        runId,
        agentPath: item.agentPath,
        seq: ++seq,
        contentIndex: 0,
        timestamp,
        toolCallId: item.toolCallId,
        toolName: item.toolName,
        kind: item.kind,
        ...(item.payload === undefined ? {} : { payload: item.payload }),
      };
      await attempt.writer.emit(announced);
    }
  }
  const end: RunEndEvent = {
    type: "run-end",
    runId,
    agentPath: root.agentPath,
    seq: ++seq,
    contentIndex: 0,
    timestamp,
    stopReason: checkpoint.stopReason ?? "interrupted",
    text: root.text ?? "",
    iterations: root.iteration,
    toolCallCount: root.toolCallCount,
    usage: totalUsage(root.usage),
    ...(root.error === undefined ? {} : { error: root.error }),
    ...(checkpoint.stopReason === undefined ? { interruptions: interruptionsOf(root) } : {}),
  };
  await attempt.writer.emit(end);
  return outcome;
}

/**
 * Runs the attempt (a new run, or the stored run resumed), waiting and trying again
 * while a dead worker's claim on the run has not lapsed. `"id in use"` when a new run's
 * id turns out to be stored already and `waitWhileHeld` is false (the storage was not read yet).
 */
async function attemptRun(attempt: RunAttempt, resumed: boolean, waitWhileHeld: boolean): Promise<RunJobOutcome | "id in use"> {
  const { data, signal } = attempt;
  const deadline = Date.now() + attempt.heldWaitMs;
  const decisions = decisionsToApply(attempt);
  for (;;) {
    // The root's closing events wait for the attempt's outcome: an attempt left resumable (a retryable model error,
    // storage unavailable past the run's wait) is retried later, and its readers see the run go on, not end.
    const gate = new RelayGate(attempt.writer, true);
    const retryableErrorEnds = attempt.endAttemptOnRetryableError ? ("attempt" as const) : ("run" as const);
    const sinks = [gate];
    // The claim's token fences every batch the attempt relays (a newer attempt's token refuses this one's).
    const onClaim = (claim: RunFence): void => attempt.writer.claim(claim);
    const agent = attempt.agent;
    const call = (): Promise<RunResult> =>
      resumed || data.kind !== "run"
        ? agent.resume(data.runId, {
            ...(decisions === undefined ? {} : { decisions: decisions as never }),
            ...(data.context === undefined ? {} : { context: data.context }),
            signal,
            sinks,
            retryableErrorEnds,
            onClaim,
          })
        : agent.run(data.input as never, {
            runId: data.runId,
            ...(data.conversationId === undefined ? {} : { conversationId: data.conversationId }),
            ...(data.userId === undefined ? {} : { userId: data.userId }),
            ...(data.context === undefined ? {} : { context: data.context }),
            signal,
            sinks,
            retryableErrorEnds,
            onClaim,
          });
    let result: RunResult | undefined;
    let heldUntil: number | undefined;
    try {
      result = await call();
      heldUntil = heldUntilOf(result);
    } catch (error) {
      if (resumed || !isIdInUse(error)) throw error;
      result = undefined;
    }
    if (!resumed && (result === undefined || isIdInUse(result.error))) {
      // The run's id is stored already (the loop reports it as a configuration error).
      gate.discard();
      if (!waitWhileHeld) return "id in use";
      // The stored run has no checkpoint yet: a dead worker claimed it and died before its first one.
      result = undefined;
      heldUntil = Date.now() + 250;
    }
    if (heldUntil === undefined && result !== undefined) {
      // A run left to be retried later: to the relay's readers, it has not ended.
      const retried = retriedLater(result);
      if (retried) gate.discardEnd();
      gate.release();
      return outcomeOf(data.runId, result.stopReason, retried ? { ...result, resumable: true } : result, resumed);
    }
    gate.discard();
    const wait = Math.max(50, heldUntil! - Date.now() + 50);
    if (Date.now() + wait > deadline) {
      if (result !== undefined) throw stillHeld(data.runId, attempt.heldWaitMs, result);
      throw new ConfigurationError(`Run "${data.runId}" is still held by another worker after ${attempt.heldWaitMs} ms.`);
    }
    await sleep(wait, signal);
    if (signal.aborted) throw signal.reason ?? new RunAbortedError();
  }
}

/**
 * The error of an attempt that waited `heldWaitMs` for another process's claim on the
 * run to lapse, and it did not: retryable, so the job is tried again later, and nothing
 * reaches the run's stream. The process holding the run is alive (it keeps its claim),
 * and the run's stream is its: a job delivered again while its first worker still runs
 * it (BullMQ took the job's lock for lost while Redis was paused) must not end that
 * stream with an error. Tried again, the job finds the run ended by then (and ends with
 * that outcome), paused, or free.
 */
function stillHeld(runId: string, heldWaitMs: number, result: RunResult): BatonError {
  return new BatonError(
    ERROR_CODES.RUN_NOT_RESUMABLE,
    `Run "${runId}" is still held by another process after ${heldWaitMs} ms; the job is tried again later.`,
    {
      retryable: true,
      details: { ...(result.error?.details as Record<string, unknown> | undefined), runId },
    },
  );
}

/**
 * The decisions this attempt resumes the run with: a resume job's, unless an earlier
 * attempt at the same job applied them already. The loop applies decisions and saves
 * the run as running (approved calls pending, rejected ones refused) before any call
 * runs, so a checkpoint that no longer shows the run paused means the decisions are in
 * it: a takeover (or retry) resumes it as a crashed run, without them — given again,
 * they would match nothing the run waits for, and the loop would refuse them.
 */
function decisionsToApply({ data, checkpoint }: RunAttempt): Extract<RunJobData, { kind: "resume" }>["decisions"] {
  if (data.kind !== "resume") return undefined;
  if (checkpoint !== undefined && checkpoint.status !== "interrupted") return undefined;
  return data.decisions;
}

/**
 * Whether a resume job's decisions are in the checkpoint already: it has some, and
 * none of their ids is among what the run waits for. The run then paused again, for
 * something else, after an earlier attempt applied them. (Decisions not yet applied all
 * name calls that wait; a mix is a caller's mistake the loop reports.)
 */
function decisionsApplied(data: RunJobData, checkpoint: RunCheckpoint): boolean {
  const ids = data.kind === "resume" && data.decisions !== undefined ? Object.keys(data.decisions) : [];
  if (ids.length === 0) return false;
  const waiting = new Set(interruptionsOf(checkpoint.root).map((item) => item.id));
  return ids.every((id) => !waiting.has(id));
}

/** Whether an error (thrown, or a result's) says a new run's id is already used by a stored run. */
function isIdInUse(error: unknown): boolean {
  if (error === undefined || error === null || typeof error !== "object") return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === "INVALID_CONFIGURATION" && typeof message === "string" && /already used by a stored run/.test(message);
}

/**
 * Whether an attempt's result leaves the run to be tried again later: the loop says it
 * can be resumed, or its storage was unavailable before a new run's first checkpoint
 * was stored (the next attempt runs it again under the same id; its input is not
 * appended twice).
 */
function retriedLater(result: RunResult): boolean {
  return result.resumable === true || result.error?.code === ERROR_CODES.STORAGE_UNAVAILABLE;
}

/** When `result` says another process holds the run: until when (ms since the epoch). */
function heldUntilOf(result: RunResult): number | undefined {
  if (result.stopReason !== "error" || result.error?.code !== "RUN_NOT_RESUMABLE") return undefined;
  const leaseUntil = (result.error.details as { leaseUntil?: unknown } | undefined)?.leaseUntil;
  return typeof leaseUntil === "number" ? leaseUntil : undefined;
}

function outcomeOf(
  runId: string,
  stopReason: string,
  run: {
    readonly text?: string;
    readonly iterations?: number;
    readonly toolCallCount?: number;
    readonly error?: { readonly code: string; readonly message: string; readonly details?: unknown } | undefined;
    readonly resumable?: true;
  },
  resumed: boolean,
): RunJobOutcome {
  const retryAfterMs = (run.error?.details as { retryAfterMs?: unknown } | undefined)?.retryAfterMs;
  return {
    runId,
    stopReason,
    text: run.text ?? "",
    iterations: run.iterations ?? 0,
    toolCallCount: run.toolCallCount ?? 0,
    ...(run.error === undefined
      ? {}
      : { error: { code: run.error.code, message: run.error.message, ...(typeof retryAfterMs === "number" ? { retryAfterMs } : {}) } }),
    resumed,
    ...(run.resumable === true ? { resumable: true as const } : {}),
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}
