import type { RunFence } from "./run-store.js";

/** A summary of a conversation's older messages. */
export interface ConversationSummary {
  readonly text: string;
  /** The summary replaces the messages up to this `seq`. */
  readonly throughSeq: number;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

/** Options of {@link SummaryStore.saveSummary}. */
export interface SaveSummaryOptions {
  /**
   * The claim of the run that made the summary: refused with a `RunClaimLostError`,
   * and nothing saved, unless it is still the run's (checked in the same atomic step).
   */
  readonly fence?: RunFence;
}

/** Conversation summaries: the latest one per conversation. */
export interface SummaryStore {
  /** Saves the conversation's summary, replacing the previous one. */
  saveSummary(
    conversationId: string,
    summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number },
    options?: SaveSummaryOptions,
  ): Promise<void>;
  /** The conversation's latest summary; undefined when none. */
  loadSummary(conversationId: string): Promise<ConversationSummary | undefined>;
}
