import type { Storage } from "@baton/core";

/** A storage whose run writes can be stopped at one moment (see {@link interruptibleStorage}). */
export interface InterruptibleStorage {
  /** The storage to give the run. */
  readonly storage: Storage;
  /**
   * From now on, the run's writes (checkpoints, claims, journal entries, conversation
   * appends, summaries, usage records) are dropped; reads go on. The storage's one-call
   * checkpoint with journal is not used through the wrapper: a run writes the two apart,
   * and each is dropped once frozen.
   */
  freeze(): void;
}

/** Writes that a run makes about its progress: dropped once the storage is frozen. */
const PROGRESS_WRITES = new Set<PropertyKey>([
  "saveCheckpoint",
  "saveCheckpointWithJournal",
  "appendMessages",
  "saveSummary",
  "claimRun",
  "recordUsage",
  "writeToolJournal",
]);

/**
 * Wraps a storage so that Ctrl-C leaves the stored run exactly as a crash at that
 * moment would: the run is aborted through its signal, but the writes it makes while
 * it winds down (the final checkpoint that would mark it finished with `aborted`, a
 * partial answer appended to the conversation, lease renewals) are dropped. Its last
 * checkpoint stays the one of its last step, so `baton resume` continues it.
 * Usage records the run would write while it winds down are dropped too: the usage of
 * a model turn whose tool batch had not finished is not in that checkpoint yet, and the
 * resumed run records it when the batch finishes (written now, it would count twice).
 */
export function interruptibleStorage(storage: Storage): InterruptibleStorage {
  let frozen = false;
  /** The fencing token of each run's last claim: a lease renewal while frozen is answered with it (the claim holds). */
  const tokens = new Map<string, number>();
  const wrapped = new Proxy(storage, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      if (property === "claimRun") {
        return async (runId: string, claim: unknown) => {
          if (frozen) return { claimed: true, token: tokens.get(runId) ?? 1 };
          const claimed = await (value as Storage["claimRun"]).call(target, runId, claim as Parameters<Storage["claimRun"]>[1]);
          if (claimed.claimed) tokens.set(runId, claimed.token);
          return claimed;
        };
      }
      if (PROGRESS_WRITES.has(property)) {
        return (...args: unknown[]) => {
          if (!frozen) return (value as (...a: unknown[]) => unknown).apply(target, args);
          return Promise.resolve(property === "appendMessages" ? { firstSeq: 0, version: 0 } : undefined);
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  return {
    storage: wrapped,
    freeze: () => {
      frozen = true;
    },
  };
}
