import type { RunCheckpoint, RunClaim } from "../storage/run-store.js";
import type { Storage } from "../storage/storage.js";
import type { CheckpointWithJournalWrite, ToolJournalEntry } from "../storage/tool-journal-store.js";

/**
 * Makes `write` the one-call checkpoint-with-journal write of `storage` (its
 * `saveCheckpointWithJournal`): `write` must do what `storage.writeToolJournal` then
 * `storage.saveCheckpoint` would, all or none (see {@link CheckpointWithJournalWrite}).
 * The write is tied to the storage's methods as they are now: a copy of the storage
 * whose `saveCheckpoint` or `writeToolJournal` is replaced later no longer uses it.
 * @example
 * const storage: Storage = { ...methods };
 * return { ...storage, saveCheckpointWithJournal: defineCheckpointWithJournal(storage, (checkpoint, claim, entries) => db.saveBoth(checkpoint, claim, entries)) };
 */
export function defineCheckpointWithJournal(
  storage: Pick<Storage, "saveCheckpoint" | "writeToolJournal">,
  write: (checkpoint: RunCheckpoint, claim: RunClaim, entries: readonly ToolJournalEntry[]) => Promise<void>,
): CheckpointWithJournalWrite {
  return Object.assign(write, { parts: { saveCheckpoint: storage.saveCheckpoint, writeToolJournal: storage.writeToolJournal } });
}

/**
 * The one-call checkpoint-with-journal write of `storage`, when it offers one and its
 * `saveCheckpoint` and `writeToolJournal` are still the methods the write was made
 * with; undefined otherwise, and the caller writes the entries, then the checkpoint
 * (so a wrapper that replaced either method is called, whether it knows of the write or not).
 */
export function checkpointWithJournalOf(storage: Storage): CheckpointWithJournalWrite | undefined {
  const write = storage.saveCheckpointWithJournal;
  const parts = write?.parts;
  if (parts === undefined || parts.saveCheckpoint !== storage.saveCheckpoint || parts.writeToolJournal !== storage.writeToolJournal) return undefined;
  return write;
}
