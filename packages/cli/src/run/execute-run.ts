import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { RunResult, Storage } from "@baton/core";
import type { RunStream } from "@baton/loop";
import type { RunRenderer } from "../render/run-renderer.js";
import { interruptibleStorage } from "../storage/interruptible-storage.js";

/** The exit code of a run stopped with Ctrl-C (128 + SIGINT). */
export const EXIT_INTERRUPTED = 130;

/** What {@link executeRun} needs. */
export interface ExecuteRunInput {
  readonly storage: Storage;
  /** Started already (its first line printed as early as possible); gets every event, then the ending. */
  readonly renderer: RunRenderer;
  /** Starts the run (or the resume) with this storage, claim owner and signal. */
  readonly start: (run: { readonly storage: Storage; readonly claimOwner: string; readonly signal: AbortSignal }) => RunStream;
}

/** How a run executed by the command ended. */
export interface ExecutedRun {
  readonly result: RunResult;
  readonly interrupted: boolean;
  readonly resumable: boolean;
}

/**
 * Runs one run (or resume) to its end, feeding every event to the renderer. The first
 * Ctrl-C (SIGINT) aborts it through its signal and leaves the stored run at its last
 * checkpoint with its claim given up, so `baton resume` continues it; a second Ctrl-C
 * exits at once.
 */
export async function executeRun(input: ExecuteRunInput): Promise<ExecutedRun> {
  const { storage: frozenable, freeze } = interruptibleStorage(input.storage);
  const claimOwner = `baton-cli:${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const controller = new AbortController();
  let interrupted = false;
  const onSigint = (): void => {
    if (interrupted) process.exit(EXIT_INTERRUPTED);
    interrupted = true;
    freeze();
    controller.abort(new Error("Interrupted (Ctrl-C)."));
  };
  process.on("SIGINT", onSigint);
  try {
    const run = input.start({ storage: frozenable, claimOwner, signal: controller.signal });
    for await (const event of run) input.renderer.event(event);
    const result = await run.result;
    let resumable = false;
    if (interrupted) {
      // Give the claim up at once (a lease of 0) so `baton resume` need not wait for it to lapse.
      await input.storage.claimRun(result.runId, { owner: claimOwner, leaseMs: 0 }).catch(() => undefined);
      const checkpoint = await input.storage.loadCheckpoint(result.runId).catch(() => undefined);
      resumable = checkpoint !== undefined && checkpoint.stopReason === undefined;
    } else {
      resumable = result.stopReason === "interrupted";
    }
    input.renderer.end({ result, interrupted, resumable });
    return { result, interrupted, resumable };
  } finally {
    process.off("SIGINT", onSigint);
  }
}
