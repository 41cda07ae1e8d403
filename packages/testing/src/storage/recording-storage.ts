import type { Message, RunCheckpoint, Storage, Usage } from "@baton/core";

/** A usage record as `Storage.recordUsage` receives it. */
export type StoredUsage = Usage & { readonly runId: string; readonly conversationId?: string };

/**
 * An in-memory {@link Storage} whose contents are public fields, for asserting what a
 * run stored. Everything is deep-copied (`structuredClone`) on the way in and on the
 * way out, so neither the caller nor the test can change stored data by accident.
 */
export class RecordingStorage implements Storage {
  /** Messages by conversation id, in append order. */
  readonly conversations = new Map<string, Message[]>();
  /** The latest checkpoint of each run's agent, keyed by `${runId}:${agentPath}`. */
  readonly checkpoints = new Map<string, RunCheckpoint>();
  /** Every usage record received, in order. */
  readonly usage: StoredUsage[] = [];
  /** Number of write calls (`appendMessages`, `saveCheckpoint`, `recordUsage`). */
  writes = 0;

  /** Appends copies of `messages` to the conversation. */
  async appendMessages(conversationId: string, messages: readonly Message[]): Promise<void> {
    this.writes++;
    const stored = this.conversations.get(conversationId);
    const copies = structuredClone(messages) as Message[];
    if (stored === undefined) this.conversations.set(conversationId, copies);
    else stored.push(...copies);
  }

  /** A copy of the conversation's messages; empty when unknown. */
  async loadMessages(conversationId: string): Promise<Message[]> {
    return structuredClone(this.conversations.get(conversationId) ?? []);
  }

  /** Stores a copy of the checkpoint, replacing the previous one of that run's agent. */
  async saveCheckpoint(checkpoint: RunCheckpoint): Promise<void> {
    this.writes++;
    this.checkpoints.set(checkpointKey(checkpoint.runId, checkpoint.agentPath), structuredClone(checkpoint));
  }

  /** A copy of the latest checkpoint of a run's agent (default agent path `main`). */
  async loadCheckpoint(runId: string, agentPath = "main"): Promise<RunCheckpoint | undefined> {
    const checkpoint = this.checkpoints.get(checkpointKey(runId, agentPath));
    return checkpoint === undefined ? undefined : structuredClone(checkpoint);
  }

  /** Appends copies of the usage records. */
  async recordUsage(records: readonly StoredUsage[]): Promise<void> {
    this.writes++;
    this.usage.push(...structuredClone(records));
  }

  /** Empties the storage and resets `writes`. */
  clear(): void {
    this.conversations.clear();
    this.checkpoints.clear();
    this.usage.length = 0;
    this.writes = 0;
  }
}

/**
 * Creates an empty {@link RecordingStorage}.
 *
 * @example
 * const storage = createRecordingStorage();
 * await run({ provider: model, model: "test", input: "hi", storage, conversationId: "c1" });
 * expect(storage.conversations.get("c1")?.at(-1)).toMatchObject({ role: "assistant" });
 */
export function createRecordingStorage(): RecordingStorage {
  return new RecordingStorage();
}

/** The key of {@link RecordingStorage.checkpoints}: `${runId}:${agentPath}`. */
export function checkpointKey(runId: string, agentPath: string): string {
  return `${runId}:${agentPath}`;
}
