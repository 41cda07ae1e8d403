// Storage faults in process: a view of a real storage (memory, SQLite) whose calls
// fail, hang or lose their reply while a fault window is open, as a storage server
// behind a bad network does. The data stays in the real storage.
import { StorageError } from "@baton/core";
import { checkpointWithJournalOf, defineCheckpointWithJournal, STORAGE_OPERATION_NAMES } from "@baton/core/storage-kit";

/** The operations that write a run (its claim, checkpoint, journal, conversation, usage). */
export const RUN_WRITES = Object.freeze(["claimRun", "saveCheckpoint", "writeToolJournal", "appendMessages", "recordUsage", "saveSummary"]);

/**
 * How a fault window treats the calls it applies to:
 * - `fail`: rejects at once with a retryable `StorageError` (the server refuses connections); nothing is applied.
 * - `lost-reply`: the call is applied, then rejects as `fail` does (the reply was lost).
 * - `hang`: the call gets no answer until the window closes; then it is applied and answered (a partition that heals).
 * - `hang-timeout`: as `hang`, but the caller gets a retryable timeout after `timeoutMs` while the call
 *   itself is still applied when the window closes (a late write, as a client's command timeout leaves it).
 */
export const FAULT_MODES = Object.freeze(["fail", "lost-reply", "hang", "hang-timeout"]);

const unreachable = (operation) => new StorageError(`${operation} failed: the store is unreachable (connection refused)`, { retryable: true });
const timedOut = (operation) => new StorageError(`${operation} failed: Command timed out`, { retryable: true });

/**
 * A view of `storage` with fault windows. `open(mode, only)` opens a window for the
 * operations in `only` (every operation when undefined) and returns its `close()`.
 * Windows do not overlap: open the next after closing the last. Counts calls hit.
 */
export function faultyStorage(storage, { timeoutMs = 200 } = {}) {
  let window;
  const hits = { fail: 0, "lost-reply": 0, hang: 0, "hang-timeout": 0 };
  const view = {};
  /** `name`'s method of the view: the storage's `method`, under the fault window open when it is called. */
  const faulty =
    (name, method) =>
    (...args) => {
      const call = () => method(...args);
      const current = window;
      if (current === undefined || (current.only !== undefined && !appliesTo(current.only, name))) return call();
      hits[current.mode]++;
      switch (current.mode) {
        case "fail":
          return Promise.reject(unreachable(name));
        case "lost-reply":
          return call().then(
            () => Promise.reject(unreachable(name)),
            () => Promise.reject(unreachable(name)),
          );
        default: {
          // Applied when the window closes, with the arguments as they were when sent (a storage client
          // serializes them at once); the caller waits for that, or times out first.
          const sent = structuredClone(args);
          const applied = current.closed.then(() => method(...sent));
          if (current.mode === "hang") return applied;
          applied.catch(() => undefined);
          return new Promise((_, reject) => setTimeout(() => reject(timedOut(name)), timeoutMs));
        }
      }
    };
  for (const name of STORAGE_OPERATION_NAMES) view[name] = faulty(name, (...args) => storage[name](...args));
  // The storage's one-call checkpoint with journal, when it has one, under the same windows (those of
  // checkpoints and of the journal apply to it: it is both).
  const oneCall = checkpointWithJournalOf(storage);
  if (oneCall !== undefined) view.saveCheckpointWithJournal = defineCheckpointWithJournal(view, faulty("saveCheckpointWithJournal", oneCall));
  view.close = () => storage.close();
  view.open = (mode, only) => {
    if (window !== undefined) throw new Error("A fault window is open already.");
    let close;
    const closed = new Promise((resolve) => (close = resolve));
    window = { mode, only: only === undefined ? undefined : new Set(only), closed };
    return () => {
      window = undefined;
      close();
    };
  };
  view.hits = hits;
  return view;
}

/** Whether a window for the operations `only` applies to `name` (the one-call checkpoint with journal is both a checkpoint and a journal write). */
function appliesTo(only, name) {
  return only.has(name) || (name === "saveCheckpointWithJournal" && (only.has("saveCheckpoint") || only.has("writeToolJournal")));
}

/**
 * Draws a trial's storage fault windows: 1–`maxWindows` of them, one after the other
 * from a random start within `horizonMs`, each shorter than the run's storage wait
 * (the run rides it out) or longer than its wait and lease (the attempt ends).
 */
export function drawStorageFaults(random, { horizonMs, storageWaitMs, claimLeaseMs, maxWindows = 3 }) {
  const windows = [];
  let at = random.int(0, horizonMs);
  const count = random.int(1, maxWindows);
  for (let i = 0; i < count; i++) {
    const long = random.chance(0.5);
    const durationMs = long
      ? random.int(Math.max(storageWaitMs, claimLeaseMs) + 50, Math.max(storageWaitMs, claimLeaseMs) * 2 + 100)
      : random.int(20, Math.max(25, Math.floor(storageWaitMs * 0.7)));
    const mode = random.pick(FAULT_MODES);
    const only = random.pick([undefined, undefined, RUN_WRITES, ["writeToolJournal"], ["saveCheckpoint", "claimRun"], ["appendMessages"]]);
    windows.push({ at, durationMs, mode, only, long });
    at += durationMs + random.int(0, horizonMs / 2);
  }
  return windows;
}

/** Plays `windows` on a faulty storage; resolves when the last one closed (the faults healed). */
export async function playStorageFaults(view, windows, startedAt, signal) {
  for (const window of windows) {
    await sleepUntil(startedAt + window.at, signal);
    const close = view.open(window.mode, window.only);
    try {
      await sleepUntil(startedAt + window.at + window.durationMs, signal);
    } finally {
      close();
    }
  }
}

/** Waits until the epoch time `at` (or the signal). */
export function sleepUntil(at, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, at - Date.now()));
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}
