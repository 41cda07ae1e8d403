import type { Database } from "better-sqlite3";
import { RunClaimLostError, type RunFence } from "@baton/core";

/** The fence check of a run's writes over SQLite, synchronously. */
export interface SqliteFence {
  /**
   * Throws a `RunClaimLostError` unless run `fence.runId` exists and its token is
   * `fence.token` (finished or not: the holder that finished a run may still write
   * its last records). Call it first inside the write's `BEGIN IMMEDIATE`
   * transaction: the throw rolls the write back, and no claim can come between the
   * check and the write (the transaction holds the write lock).
   */
  check(fence: RunFence | undefined): void;
}

/** Prepares the fence check once. A write with no fence is not checked. */
export function sqliteFence(db: Database): SqliteFence {
  const selectRun = db.prepare<[string], { owner: string; token: number; finished: number }>("SELECT owner, token, finished FROM baton_runs WHERE run_id = ?");
  return {
    check: (fence) => {
      if (fence === undefined) return;
      const run = selectRun.get(fence.runId);
      if (run === undefined || run.token !== fence.token) {
        throw new RunClaimLostError(fence.runId, fence.owner, run !== undefined && run.finished === 0 ? run.owner : undefined);
      }
    },
  };
}
