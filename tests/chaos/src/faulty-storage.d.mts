import type { Storage } from "@baton/core";
import type { SeededRandom } from "./seeded-random.mjs";

/** How a fault window treats the calls it applies to. */
export type FaultMode = "fail" | "lost-reply" | "hang" | "hang-timeout";

/** The operations that write a run. */
export declare const RUN_WRITES: readonly string[];
export declare const FAULT_MODES: readonly FaultMode[];

/** A view of a storage with fault windows. */
export interface FaultyStorage extends Storage {
  /** Opens a window for the operations in `only` (all when undefined); returns its `close()`. */
  open(mode: FaultMode, only?: readonly string[]): () => void;
  /** Calls hit by each mode. */
  readonly hits: Readonly<Record<FaultMode, number>>;
}

/** A view of `storage` whose calls fail, lose their reply, hang or time out while a window is open. */
export declare function faultyStorage(storage: Storage, options?: { readonly timeoutMs?: number }): FaultyStorage;

/** A fault window of a trial. */
export interface FaultWindow {
  readonly at: number;
  readonly durationMs: number;
  readonly mode: FaultMode;
  readonly only?: readonly string[];
  readonly long: boolean;
}

export declare function drawStorageFaults(
  random: SeededRandom,
  options: { readonly horizonMs: number; readonly storageWaitMs: number; readonly claimLeaseMs: number; readonly maxWindows?: number },
): FaultWindow[];
export declare function playStorageFaults(view: FaultyStorage, windows: readonly FaultWindow[], startedAt: number, signal?: AbortSignal): Promise<void>;
export declare function sleepUntil(at: number, signal?: AbortSignal): Promise<void>;
