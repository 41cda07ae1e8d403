import type { RunCheckpoint, Usage } from "@baton/core";

/**
 * A stored run's status from its checkpoint: its stop reason once finished
 * (`completed`, `error`, …), `paused` while it waits for a person, `unfinished` while
 * it runs or after Ctrl-C or a crash (`baton resume` continues it), `not started` when
 * it stopped before its first checkpoint.
 */
export function runStatus(checkpoint: RunCheckpoint | undefined): string {
  if (checkpoint === undefined) return "not started";
  if (checkpoint.stopReason !== undefined) return checkpoint.stopReason;
  if (checkpoint.status === "interrupted") return "paused";
  return "unfinished";
}

/**
 * The usage a checkpoint accounts for: every model call of the run tree so far, plus
 * the call that opened a tool batch still running (its usage is recorded when the
 * batch finishes, so after Ctrl-C or a crash it is only in the checkpoint).
 */
export function checkpointUsage(checkpoint: RunCheckpoint): Usage[] {
  const { root } = checkpoint;
  return root.batch !== undefined && !root.batch.usageRecorded ? [...root.usage, root.batch.usage] : [...root.usage];
}
