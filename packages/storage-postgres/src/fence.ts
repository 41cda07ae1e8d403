import { RunClaimLostError, type RunFence } from "@baton/core";
import type { PostgresContext } from "./database.js";
import { runState } from "./runs.js";

/*
 * The fence of a run's writes. A write that carries a fence runs as one statement
 * whose rows are selected from the run's row while its token is the fence's, locked
 * FOR SHARE until the statement commits (`statements.ts`): a claim cannot come between
 * the check and the write, and when the fence does not hold nothing is written. The
 * statement says whether it held; these helpers make the error when it did not.
 */

/**
 * The `RunClaimLostError` for a write refused by `fence`, naming who holds the run now
 * (read after the refused statement; undefined when the run is unknown or finished).
 */
export async function claimLost(context: PostgresContext, fence: RunFence, operation: string): Promise<RunClaimLostError> {
  const state = await runState(context, fence.runId, operation);
  return new RunClaimLostError(fence.runId, fence.owner, state && !state.finished ? state.owner : undefined);
}

/**
 * Checks `fence` for a write that has nothing to write (no messages, no records): it
 * is refused like a write under a lost claim would be. A write with no fence is not
 * checked.
 * @throws RunClaimLostError unless run `fence.runId` exists and its token is `fence.token`.
 */
export async function checkFence(context: PostgresContext, fence: RunFence | undefined, operation: string): Promise<void> {
  if (fence === undefined) return;
  const state = await runState(context, fence.runId, operation);
  if (state === undefined || state.token !== fence.token)
    throw new RunClaimLostError(fence.runId, fence.owner, state && !state.finished ? state.owner : undefined);
}
