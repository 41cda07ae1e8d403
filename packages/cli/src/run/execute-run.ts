import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { RunResult, Storage } from "@baton/core";
import type { RunStream } from "@baton/loop";
import type { RunRenderer } from "../render/run-renderer.js";
import { interruptibleStorage } from "../storage/interruptible-storage.js";

/** The exit code of a run stopped with Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;
/** The exit code of a run stopped with SIGTERM (128 + SIGTERM). */
export const EXIT_TERMINATED = 143;

/**
 * What stopped a run before its end: Ctrl-C (`SIGINT`), `SIGTERM`, or its output closed
 * (`output-closed`: the reader of a pipe went away, as `baton run … | head -1` does).
 */
export type RunStopCause = "SIGINT" | "SIGTERM" | "output-closed";

/** What {@link executeRun} needs. */
export interface ExecuteRunInput {
  /** The run's id: its claim is given up by it on every way out. */
  readonly runId: string;
  readonly storage: Storage;
  /** Started already (its first line printed as early as possible); gets every event, then the ending. */
  readonly renderer: RunRenderer;
  /**
   * Where the renderer writes (standard output): once writing to it fails with `EPIPE`
   * (its reader is gone), the run stops as after Ctrl-C and nothing more is shown.
   */
  readonly output?: NodeJS.WritableStream;
  /** Starts the run (or the resume) with this storage, claim owner and signal. */
  readonly start: (run: { readonly storage: Storage; readonly claimOwner: string; readonly signal: AbortSignal }) => RunStream;
}

/** How a run executed by the command ended. */
export interface ExecutedRun {
  readonly result: RunResult;
  /**
   * What stopped it before its end (Ctrl-C, SIGTERM, its output closed), if anything
   * did: the stored run is then left at its last checkpoint.
   */
  readonly stoppedBy?: RunStopCause;
  readonly resumable: boolean;
}

/** For each stop cause: the exit code the command ends with (0 for a closed output: nobody reads it) and why the run was aborted. */
const STOPS: Readonly<Record<RunStopCause, { readonly exitCode: number; readonly reason: string }>> = {
  SIGINT: { exitCode: EXIT_INTERRUPTED, reason: "Interrupted (Ctrl-C)." },
  SIGTERM: { exitCode: EXIT_TERMINATED, reason: "Terminated (SIGTERM)." },
  "output-closed": { exitCode: 0, reason: "The output was closed." },
};

/** The exit code a stop cause ends the command with: 130 for Ctrl-C, 143 for SIGTERM, 0 for a closed output (nobody reads it). */
export function exitCodeOfStop(cause: RunStopCause): number {
  return STOPS[cause].exitCode;
}

/**
 * Runs one run (or resume) to its end, feeding every event to the renderer. Ctrl-C
 * (SIGINT), SIGTERM and an output whose reader went away (`EPIPE`) abort it through
 * its signal and leave the stored run at its last checkpoint; a second signal exits at
 * once. On every way out (those, and an error thrown on the way) the run's claim is
 * given up once the run has stopped, so `baton resume` continues it at once instead
 * of waiting for the lease to lapse. A closed output ends quietly: nothing more is
 * written, not even the ending.
 */
export async function executeRun(input: ExecuteRunInput): Promise<ExecutedRun> {
  const { storage: frozenable, freeze } = interruptibleStorage(input.storage);
  const claimOwner = `baton-cli:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const controller = new AbortController();
  let stoppedBy: RunStopCause | undefined;
  /** Aborts the run, its writes from now on dropped: the stored run stays at its last checkpoint, as after a crash. */
  const halt = (reason: unknown): void => {
    freeze();
    controller.abort(reason);
  };
  const stop = (cause: RunStopCause): void => {
    if (stoppedBy !== undefined) {
      // A second signal: exit at once (a closed output again is nothing new).
      if (cause !== "output-closed") process.exit(exitCodeOfStop(cause));
      return;
    }
    stoppedBy = cause;
    halt(new Error(STOPS[cause].reason));
  };
  const onSigint = (): void => stop("SIGINT");
  const onSigterm = (): void => stop("SIGTERM");
  const onOutputError = (error: NodeJS.ErrnoException): void => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") stop("output-closed");
  };
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigterm);
  input.output?.on("error", onOutputError);
  const giveUpClaim = (): Promise<unknown> =>
    // A lease of 0: `baton resume` need not wait for it to lapse. Refused (another process holds the run): nothing to give up.
    input.storage.claimRun(input.runId, { owner: claimOwner, leaseMs: 0 }).catch(() => undefined);
  let run: RunStream | undefined;
  try {
    run = input.start({ storage: frozenable, claimOwner, signal: controller.signal });
    for await (const event of run) if (stoppedBy !== "output-closed") input.renderer.event(event);
    const result = await run.result;
    let resumable = false;
    if (stoppedBy !== undefined) {
      await giveUpClaim();
      const checkpoint = await input.storage.loadCheckpoint(result.runId).catch(() => undefined);
      resumable = checkpoint !== undefined && checkpoint.stopReason === undefined;
    } else {
      resumable = result.stopReason === "interrupted";
    }
    const interrupted = stoppedBy !== undefined;
    if (stoppedBy !== "output-closed") input.renderer.end({ result, interrupted, resumable });
    return { result, resumable, ...(stoppedBy ? { stoppedBy } : {}) };
  } catch (error) {
    // Something failed on the way (the renderer, the stream): stop the run as Ctrl-C would, then give its claim up.
    if (stoppedBy === undefined) halt(error);
    await run?.result.catch(() => undefined);
    await giveUpClaim();
    throw error;
  } finally {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigterm);
    input.output?.off("error", onOutputError);
  }
}
