/**
 * The kinds of stored data, each pruned on its own:
 * - `conversations`: a conversation (its messages and summary) by its last append;
 * - `runs`: a run's claim and checkpoints by its last checkpoint or claim;
 * - `sessions`: session state by its last save;
 * - `archives`: archived tool outputs by creation;
 * - `usage`: usage records by `recordedAt`.
 */
export type StorageDomain = "conversations" | "runs" | "sessions" | "archives" | "usage";

/** Every {@link StorageDomain}. */
export const STORAGE_DOMAINS: readonly StorageDomain[] = Object.freeze(["conversations", "runs", "sessions", "archives", "usage"]);

/** Retention: removing what is older than a point in time. */
export interface RetentionStore {
  /** Deletes the domain's records last written before `olderThan` (ms since the epoch); returns how many. */
  prune(domain: StorageDomain, olderThan: number): Promise<number>;
}
