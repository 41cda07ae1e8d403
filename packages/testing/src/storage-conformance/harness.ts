import type { Storage } from "@baton/core";

/** A record a conformance test overwrites with bad data, straight in the database. */
export type CorruptionTarget =
  | { readonly kind: "message"; readonly conversationId: string; readonly seq: number }
  | { readonly kind: "checkpoint"; readonly runId: string; readonly agentPath: string }
  | { readonly kind: "session"; readonly key: string }
  | { readonly kind: "archive"; readonly id: string }
  | { readonly kind: "summary"; readonly conversationId: string }
  /** Every usage record of the run. */
  | { readonly kind: "usage"; readonly runId: string }
  /** One entry of a run's tool-call journal. */
  | { readonly kind: "journal"; readonly runId: string; readonly toolCallId: string };

/** The bad data written by {@link StorageHarness.corrupt}: text that is not JSON, or JSON of the wrong shape. */
export type Garbage = "not-json" | "wrong-shape";

/**
 * What an adapter's test gives the conformance suite: a fresh storage, plus direct
 * access to the database under it (to read what was really written and to damage it).
 */
export interface StorageHarness {
  /** A fresh, empty, isolated storage (its own file, schema or key prefix). */
  readonly storage: Storage;
  /** Another storage instance (its own connection or client) on the same data. */
  openAnother(): Promise<Storage>;
  /** Everything stored, read directly from the database (every row or key), as one string. */
  dump(): Promise<string>;
  /**
   * Overwrites one record directly in the database with data Baton did not write.
   * Resolves `false` when the adapter's schema cannot hold such data for that record
   * (a typed column guards it, or any JSON is a valid value there): the case is then
   * skipped.
   */
  corrupt(target: CorruptionTarget, garbage: Garbage): Promise<boolean | void>;
  /**
   * Overwrites one existing record directly in the database with exactly `text`, as
   * an earlier release (or another writer) would have stored it: how the suite plants
   * a checkpoint of an older format. Optional: without it, the tests that need it are
   * skipped.
   */
  writeRaw?(target: CorruptionTarget, text: string): Promise<void>;
  /** Closes what the harness opened and removes its file, schema or keys. */
  close(): Promise<void>;
}

/** Makes a fresh {@link StorageHarness}; called once per test. */
export type CreateStorageHarness = () => Promise<StorageHarness>;
