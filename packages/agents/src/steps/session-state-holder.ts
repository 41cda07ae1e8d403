import type { OrchestrationSessionState } from "./session-state.js";
import type { SessionStateStore } from "./session-state-store.js";

/**
 * Holds a session's state in memory and saves each change through the store, in
 * order, one save at a time. A failed save (a version conflict, a storage error) is
 * reported by {@link flush} and stops later saves until the state is loaded again.
 */
export class SessionStateHolder {
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private current: OrchestrationSessionState,
    private readonly store: SessionStateStore | undefined,
  ) {}

  /** The state as of now (changes not saved yet included). */
  get(): OrchestrationSessionState {
    return this.current;
  }

  /** Replaces the state and queues its save. */
  update(next: OrchestrationSessionState): void {
    this.current = next;
    const store = this.store;
    if (!store) return;
    this.pending = this.pending.then(async () => {
      const saved = await store.save(this.current);
      // The state may have changed while saving: keep it, with the version just written.
      this.current = { ...this.current, version: saved.version };
    });
  }

  /** Waits for the queued saves; rejects with the error of a failed one. */
  flush(): Promise<void> {
    return this.pending;
  }

  /** Waits for queued saves (ignoring a failure), then replaces the state with the stored one. */
  async reload(load: (store: SessionStateStore) => Promise<OrchestrationSessionState>): Promise<void> {
    await this.pending.catch(() => undefined);
    this.pending = Promise.resolve();
    if (this.store) this.current = await load(this.store);
  }
}
