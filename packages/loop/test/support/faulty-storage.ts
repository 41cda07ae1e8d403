import { StorageError, type Storage } from "@baton/core";
import { STORAGE_OPERATION_NAMES } from "@baton/core/storage-kit";

/** How a {@link faultyStorage} answers now. */
export type StorageFault = "none" | "down" | "hang";

/** A storage whose faults a test switches: its `fault`, and which operations it applies to. */
export interface FaultyStorage extends Storage {
  /** `down`: every call rejects with a retryable StorageError (Redis unreachable); `hang`: every call never answers. */
  fault: StorageFault;
  /** The operations the fault applies to (all when undefined). */
  only: ReadonlySet<string> | undefined;
  /** Calls made while the fault applied, by operation name. */
  readonly refused: Record<string, number>;
}

/**
 * A view of `storage` whose every operation can be made to fail as an outage does
 * (`fault = "down"`) or to hang as a partition does (`fault = "hang"`), for all
 * operations or only some (`only`). The data stays in `storage`.
 */
export function faultyStorage(storage: Storage): FaultyStorage {
  const never = new Promise<never>(() => undefined);
  const view = { fault: "none", only: undefined, refused: {} } as unknown as FaultyStorage;
  for (const name of STORAGE_OPERATION_NAMES) {
    (view as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (view.fault !== "none" && (view.only === undefined || view.only.has(name))) {
        view.refused[name] = (view.refused[name] ?? 0) + 1;
        if (view.fault === "hang") return never;
        return Promise.reject(new StorageError(`${name} failed: the store is unreachable (Connection is closed.)`, { retryable: true }));
      }
      return (storage[name] as (...a: unknown[]) => Promise<unknown>).apply(storage, args);
    };
  }
  view.close = () => storage.close();
  return view;
}

/** Polls `probe` every 5 ms until it gives a value (at most 5 s). */
export async function eventually<T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
