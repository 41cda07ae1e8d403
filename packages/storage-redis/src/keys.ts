/**
 * Where each record lives under a key prefix. The record kind comes before the id, so
 * ids may contain any character (`:` included) without two records sharing a key.
 */
export interface KeyLayout {
  /** The prefix every key starts with. */
  readonly prefix: string;
  /** String: the schema version of the data under the prefix. */
  readonly schema: string;
  /** List: a conversation's messages as JSON, message `seq` at index `seq - 1`. */
  messages(conversationId: string): string;
  /** String: a conversation's summary as JSON. */
  summary(conversationId: string): string;
  /** Sorted set: conversation ids by last append. */
  readonly conversationsByTime: string;
  /**
   * Hash: a run's claim (`owner`, `leaseUntil`, `token`, `finished`). `token` is the
   * claim's fencing token; a hash without it (written by an earlier release) holds token 1.
   */
  run(runId: string): string;
  /** Hash: a run's checkpoint (its run state as JSON) under the root agent's path: one field. */
  checkpoints(runId: string): string;
  /** Hash: a run's tool-call journal, one entry (its JSON) per tool-call id. */
  journal(runId: string): string;
  /** List: the tool-call ids of a run's journal in the order they were first written. */
  journalOrder(runId: string): string;
  /** Sorted set: run ids by last claim or checkpoint. */
  readonly runsByTime: string;
  /** Hash: a session's `version` and `record` (JSON with `value` and `updatedAt`). */
  session(key: string): string;
  /** Sorted set: session keys by last save. */
  readonly sessionsByTime: string;
  /** String: an archived tool output as JSON. */
  archive(id: string): string;
  /** Sorted set: archive ids by creation. */
  readonly archivesByTime: string;
  /** Hash: usage records as JSON, by usage id (16-digit, zero-padded). */
  readonly usageRecords: string;
  /** Hash: the index keys each usage record is in (JSON array), by usage id. */
  readonly usageRefs: string;
  /** String: the last usage id handed out. */
  readonly usageSeq: string;
  /** Sorted set: usage ids by `recordedAt`. */
  readonly usageByTime: string;
  /** Sorted set: a run's usage ids by `recordedAt`. */
  usageOfRun(runId: string): string;
  /** Sorted set: a conversation's usage ids by `recordedAt`. */
  usageOfConversation(conversationId: string): string;
  /** Sorted set: a user's usage ids by `recordedAt`. */
  usageOfUser(userId: string): string;
}

/** The key layout under `prefix`. */
export function keyLayout(prefix: string): KeyLayout {
  return {
    prefix,
    schema: `${prefix}schema`,
    messages: (id) => `${prefix}messages:${id}`,
    summary: (id) => `${prefix}summary:${id}`,
    conversationsByTime: `${prefix}index:conversations`,
    run: (id) => `${prefix}run:${id}`,
    checkpoints: (id) => `${prefix}checkpoints:${id}`,
    journal: (id) => `${prefix}journal:${id}`,
    journalOrder: (id) => `${prefix}journal-order:${id}`,
    runsByTime: `${prefix}index:runs`,
    session: (key) => `${prefix}session:${key}`,
    sessionsByTime: `${prefix}index:sessions`,
    archive: (id) => `${prefix}archive:${id}`,
    archivesByTime: `${prefix}index:archives`,
    usageRecords: `${prefix}usage:records`,
    usageRefs: `${prefix}usage:refs`,
    usageSeq: `${prefix}usage:seq`,
    usageByTime: `${prefix}index:usage`,
    usageOfRun: (id) => `${prefix}usage-run:${id}`,
    usageOfConversation: (id) => `${prefix}usage-conversation:${id}`,
    usageOfUser: (id) => `${prefix}usage-user:${id}`,
  };
}
