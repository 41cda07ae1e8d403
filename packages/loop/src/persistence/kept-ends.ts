import type { RunState, Storage } from "@baton/core";

/** The end of a run that is still being written (an aborted run's, kept until storage takes it). */
export interface KeptEnd {
  /** The run's final state. */
  readonly state: RunState;
  /** Settles once the end is written (or can never be: the claim was lost). */
  readonly written: Promise<void>;
}

/** Kept ends still being written in this process, by the storage given to the run and the run id. */
const keptEnds = new WeakMap<object, Map<string, KeptEnd>>();

/**
 * Remembers the end of a run that is still being written in the background (an
 * aborted run whose storage was away), so that `resume()` of that run in this process
 * returns the aborted outcome instead of running it again. Forgotten once written.
 */
export function keepEnd(storage: Storage, runId: string, end: KeptEnd): void {
  let byRun = keptEnds.get(storage);
  if (byRun === undefined) keptEnds.set(storage, (byRun = new Map()));
  byRun.set(runId, end);
  const forget = (): void => {
    if (byRun.get(runId) === end) byRun.delete(runId);
  };
  end.written.then(forget, forget);
}

/** The end of `runId` this process is still writing to `storage`, if any. */
export function keptEndOf(storage: Storage, runId: string): KeptEnd | undefined {
  return keptEnds.get(storage)?.get(runId);
}
