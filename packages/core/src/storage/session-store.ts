/** A stored value with its version. */
export interface VersionedValue {
  /** A JSON-safe value. */
  readonly value: unknown;
  /** 1 for the first save, then +1 per save. */
  readonly version: number;
  /** Milliseconds since the epoch of the last save. */
  readonly updatedAt: number;
}

/** Options of {@link SessionStore.saveSessionState}. */
export interface SaveSessionStateOptions {
  /** Save only when the stored version is this one (0: none stored); otherwise a `StorageConflictError`. */
  readonly expectedVersion?: number;
}

/** Orchestration session state (active step, recent tools, sequence position), by key. */
export interface SessionStore {
  /** The state saved under `key`, with its version; undefined when none. */
  loadSessionState(key: string): Promise<VersionedValue | undefined>;
  /** Saves the state under `key` and returns its new version. */
  saveSessionState(key: string, value: unknown, options?: SaveSessionStateOptions): Promise<number>;
}
