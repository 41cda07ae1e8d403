import { ConfigurationError, RunAbortedError, type RunCheckpoint, type RunResult } from "@baton/core";
import type { RunJobData, RunJobOutcome } from "../jobs/run-job.js";
import type { RelayWriter } from "../relay/relay-writer.js";
import { RelayGate } from "../relay/relay-gate.js";
import type { QueueAgent } from "./queue-agent.js";

/** What one attempt at a run job needs. */
export interface RunAttempt {
  readonly data: RunJobData;
  readonly agent: QueueAgent;
  /** The run's checkpoint in storage when the attempt starts (undefined for a run never started). */
  readonly checkpoint: RunCheckpoint | undefined;
  readonly writer: RelayWriter;
  readonly signal: AbortSignal;
  /** The longest an attempt waits for a dead worker's claim on the run to lapse, in ms. */
  readonly heldWaitMs: number;
}

/**
 * Runs one attempt at a run job: a new run, or — when an earlier attempt left a
 * checkpoint (its worker died) or the job resumes a paused run — the stored run
 * resumed from its last checkpoint. While a dead worker's claim on the run has not
 * lapsed, it waits and tries again (up to `heldWaitMs`); those tries leave nothing in
 * the relay.
 */
export async function runAttempt(attempt: RunAttempt): Promise<RunJobOutcome> {
  const { data, checkpoint, signal } = attempt;
  if (data.kind === "run" && checkpoint !== undefined && (checkpoint.stopReason !== undefined || checkpoint.status === "interrupted")) {
    // An earlier attempt ended the run (or paused it) but its worker died before the job completed.
    const root = checkpoint.root;
    return outcomeOf(data.runId, checkpoint.stopReason ?? "interrupted", { iterations: root.iteration, toolCallCount: root.toolCallCount }, true);
  }
  const resumed = data.kind === "resume" || checkpoint !== undefined;
  const deadline = Date.now() + attempt.heldWaitMs;
  for (;;) {
    const gate = new RelayGate(attempt.writer);
    const sinks = [gate];
    let result: RunResult | undefined;
    let heldUntil: number | undefined;
    try {
      result = resumed
        ? await attempt.agent.resume(data.runId, {
            ...(data.kind === "resume" && data.decisions !== undefined ? { decisions: data.decisions as never } : {}),
            ...(data.context === undefined ? {} : { context: data.context }),
            signal,
            sinks,
          })
        : await attempt.agent.run(data.input as never, {
            runId: data.runId,
            ...(data.conversationId === undefined ? {} : { conversationId: data.conversationId }),
            ...(data.userId === undefined ? {} : { userId: data.userId }),
            ...(data.context === undefined ? {} : { context: data.context }),
            signal,
            sinks,
          });
      heldUntil = heldUntilOf(result);
    } catch (error) {
      // A new run whose id a dead worker still holds (it died before its first checkpoint).
      if (!resumed && error instanceof ConfigurationError && /already used/.test(error.message)) heldUntil = Date.now() + 250;
      else throw error;
    }
    if (heldUntil === undefined && result !== undefined) {
      gate.release();
      return { ...outcomeOf(data.runId, result.stopReason, result, resumed) };
    }
    gate.discard();
    const wait = Math.max(50, heldUntil! - Date.now() + 50);
    if (Date.now() + wait > deadline) {
      gate.release();
      if (result !== undefined) return outcomeOf(data.runId, result.stopReason, result, resumed);
      throw new ConfigurationError(`Run "${data.runId}" is still held by another worker after ${attempt.heldWaitMs} ms.`);
    }
    await sleep(wait, signal);
    if (signal.aborted) throw signal.reason ?? new RunAbortedError();
  }
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
  run: { readonly text?: string; readonly iterations?: number; readonly toolCallCount?: number; readonly error?: { readonly code: string; readonly message: string } | undefined },
  resumed: boolean,
): RunJobOutcome {
  return {
    runId,
    stopReason,
    text: run.text ?? "",
    iterations: run.iterations ?? 0,
    toolCallCount: run.toolCallCount ?? 0,
    ...(run.error === undefined ? {} : { error: { code: run.error.code, message: run.error.message } }),
    resumed,
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
