/** A summary of a conversation's older messages. */
export interface ConversationSummary {
  readonly text: string;
  /** The summary replaces the messages up to this `seq`. */
  readonly throughSeq: number;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
}

/** Conversation summaries: the latest one per conversation. */
export interface SummaryStore {
  /** Saves the conversation's summary, replacing the previous one. */
  saveSummary(conversationId: string, summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number }): Promise<void>;
  /** The conversation's latest summary; undefined when none. */
  loadSummary(conversationId: string): Promise<ConversationSummary | undefined>;
}
