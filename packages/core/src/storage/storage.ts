import type { ArchiveStore } from "./archive-store.js";
import type { ConversationStore } from "./conversation-store.js";
import type { RetentionStore } from "./retention.js";
import type { RunStore } from "./run-store.js";
import type { SessionStore } from "./session-store.js";
import type { SummaryStore } from "./summary-store.js";
import type { ToolJournalStore } from "./tool-journal-store.js";
import type { UsageStore } from "./usage-store.js";

/**
 * Where Baton persists: conversations, run checkpoints and claims, the tool-call
 * journal, session state, archived tool outputs, summaries, usage, and retention. An adapter implements these
 * few primitives per domain; everything else (data policies, model messages, the
 * archive view) is built on top of them in `@baton/core`.
 *
 * Every method validates what it reads: a record that is not what Baton wrote gives
 * a `StorageCorruptionError` naming it. Every write of a run carries its claim (a
 * checkpoint its `RunClaim`, the journal, the answer, usage and summary its
 * `RunFence`), and the adapter refuses it atomically once another process has claimed
 * the run.
 */
export interface Storage extends ConversationStore, RunStore, ToolJournalStore, SessionStore, ArchiveStore, SummaryStore, UsageStore, RetentionStore {
  /** Releases connections and handles. The storage cannot be used afterwards. */
  close(): Promise<void>;
}
