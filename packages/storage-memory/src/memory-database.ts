import type { ToolJournalEntry } from "@baton/core";

/** A stored conversation: its messages as JSON text, in `seq` order (`seq` = index + 1). */
export interface MemoryConversation {
  readonly messages: string[];
  lastWriteAt: number;
  summary?: string;
}

/**
 * A stored run: its claim (owner, lease and fencing token), its checkpoint (the run
 * state as JSON text, keyed by the root agent's path; a save replaces the entry, so
 * there is one) and its tool-call journal (each call's latest entry by tool-call id,
 * in the order calls were first written).
 */
export interface MemoryRun {
  owner: string;
  leaseUntil: number;
  /** The claim's fencing token: 1 for the first claim, one more for each takeover. */
  token: number;
  finished: boolean;
  lastWriteAt: number;
  readonly checkpoints: Map<string, string>;
  /**
   * The journal's entries as they were written, not as JSON text like the other records:
   * a writer hands over a new entry for each intent and each outcome and never changes it
   * (the entries are read-only), and turning each into text would cost more than the
   * journal's whole budget per tool call. They are read back as text, through the same
   * checks, so a read returns a copy.
   */
  readonly journal: Map<string, ToolJournalEntry>;
}

/** Stored session state. */
export interface MemorySession {
  json: string;
  version: number;
  updatedAt: number;
}

/** A stored usage record with the fields it is queried by. */
export interface MemoryUsageRow {
  readonly json: string;
  readonly runId: string;
  readonly conversationId: string | undefined;
  readonly userId: string | undefined;
  readonly recordedAt: number;
}

/**
 * The data behind one or more {@link MemoryStorage} instances. Records are kept as
 * JSON text, as a database would keep them: what is read back is a copy, and the
 * same checks that guard the other adapters guard this one. Share one database
 * between storages to model several connections to one store.
 */
export class MemoryDatabase {
  readonly conversations = new Map<string, MemoryConversation>();
  readonly runs = new Map<string, MemoryRun>();
  readonly sessions = new Map<string, MemorySession>();
  readonly archives = new Map<string, { json: string; createdAt: number }>();
  readonly usage: MemoryUsageRow[] = [];

  /** Everything stored, as one JSON string (for inspection and tests). */
  dump(): string {
    return JSON.stringify({
      conversations: [...this.conversations],
      runs: [...this.runs].map(([id, run]) => [id, { ...run, checkpoints: [...run.checkpoints], journal: [...run.journal] }]),
      sessions: [...this.sessions],
      archives: [...this.archives],
      usage: this.usage,
    });
  }
}
