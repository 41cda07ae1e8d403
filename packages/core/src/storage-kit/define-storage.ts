import { isBatonError } from "../errors/baton-error.js";
import { StorageError } from "../errors/storage-errors.js";
import type { Storage } from "../storage/storage.js";
import type { CheckpointWithJournalWrite } from "../storage/tool-journal-store.js";
import { defineCheckpointWithJournal } from "./checkpoint-with-journal.js";

/** The names of the {@link Storage} methods every adapter implements (all but `close` and the optional `saveCheckpointWithJournal`). */
export type StorageOperationName = Exclude<keyof Storage, "close" | "saveCheckpointWithJournal">;

/** What an operation is named in errors and in `wrapError`: a {@link StorageOperationName}, or the optional `saveCheckpointWithJournal`. */
export type StorageCallName = StorageOperationName | "saveCheckpointWithJournal";

/** Every {@link StorageOperationName}, in the order of the `Storage` contract. */
export const STORAGE_OPERATION_NAMES = Object.freeze([
  "appendMessages",
  "loadMessages",
  "claimRun",
  "saveCheckpoint",
  "loadCheckpoint",
  "writeToolJournal",
  "loadToolJournal",
  "loadSessionState",
  "saveSessionState",
  "archiveToolOutput",
  "loadToolOutput",
  "saveSummary",
  "loadSummary",
  "recordUsage",
  "queryUsage",
  "prune",
] as const satisfies readonly StorageOperationName[]);

/** The signature of the `Storage` method `Name`, as an operation implements it. */
export type StorageMethod<Name extends StorageOperationName> = Storage[Name] extends (...args: infer A) => Promise<infer R>
  ? (...args: A) => Promise<R>
  : never;

/**
 * An adapter's table of operations: one function per `Storage` method, taking the
 * adapter's context first and then the method's own arguments. It may answer
 * synchronously (SQLite) or with a promise (PostgreSQL, Redis).
 * @example
 * const operations: StorageOperations<Db> = { loadSummary: (db, conversationId) => …, … };
 */
export type StorageOperations<Context> = {
  readonly [Name in StorageOperationName]: (
    context: Context,
    ...args: Parameters<StorageMethod<Name>>
  ) => Awaited<ReturnType<StorageMethod<Name>>> | ReturnType<StorageMethod<Name>>;
} & {
  /**
   * Optional: writes journal entries and saves a checkpoint of their run in one storage
   * call, all or none (see `CheckpointWithJournalWrite`); the storage then offers it as
   * `saveCheckpointWithJournal`, and a run writes the journal entries that go with a
   * checkpoint without a round trip of their own.
   */
  readonly saveCheckpointWithJournal?: (context: Context, ...args: Parameters<CheckpointWithJournalWrite>) => void | Promise<void>;
};

/** What {@link defineStorage} builds a {@link Storage} from. */
export interface StorageDefinition<Context> {
  /** How messages name the storage, e.g. `"SQLite storage"`. */
  readonly label: string;
  /**
   * The context every operation gets, asked for before each call (inside the error
   * wrapping, so a failure here is reported like the operation's own), e.g. a
   * connection pool, or prepared statements made on first use once the schema is checked.
   */
  context(): Context | Promise<Context>;
  /** The operations, one per `Storage` method. */
  readonly operations: StorageOperations<Context>;
  /**
   * What to throw for a failure of `operation` that is not a Baton error (those pass
   * through as they are): the driver's error as a `StorageError` with a retryable flag.
   * Default: the failure unchanged.
   */
  wrapError?(error: unknown, operation: StorageCallName): unknown;
  /** Releases what the adapter opened; called once, by the first `close()`. */
  release?(): void | Promise<void>;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/**
 * Builds a {@link Storage} from an adapter's operation table, so every adapter has the
 * same behaviour around its operations instead of forwarding each method by hand:
 * each method checks that the storage is open (after `close()` it rejects with a
 * non-retryable `StorageError`), gets the context, runs the operation (in the same
 * turn when the context is at hand, so what it serializes first is stored as it was
 * at the call), and turns a failure into the adapter's error with `wrapError` (Baton
 * errors, from any copy of `@baton/core`, pass through).
 * `close()` is idempotent and calls `release` once. `properties` (the adapter's own
 * read-only fields, such as its database handle) are copied onto the result.
 *
 * @example
 * export function createMemoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
 *   const database = options.database ?? new MemoryDatabase();
 *   return defineStorage({ label: "memory storage", context: () => database, operations: MEMORY_OPERATIONS }, { database });
 * }
 */
export function defineStorage<Context, Properties extends object = Record<never, never>>(
  definition: StorageDefinition<Context>,
  properties: Properties = {} as Properties,
): Storage & Readonly<Properties> {
  let closing: Promise<void> | undefined;
  const fail = (error: unknown, operation: StorageCallName): unknown =>
    isBatonError(error) || definition.wrapError === undefined ? error : definition.wrapError(error, operation);
  const call = (operation: StorageCallName, args: readonly unknown[]): Promise<unknown> => {
    if (closing !== undefined) {
      return Promise.reject(
        new StorageError(`Cannot ${operation}: the ${definition.label} is closed (used after close()).`, { retryable: false, details: { operation } }),
      );
    }
    const run = definition.operations[operation] as (context: Context, ...args: readonly unknown[]) => unknown;
    try {
      // Called in the same turn as the method when the context is at hand: an
      // operation that serializes its arguments first stores them as they were.
      const context = definition.context();
      const result = isPromiseLike(context) ? Promise.resolve(context).then((ready) => run(ready, ...args)) : run(context, ...args);
      // A synchronous operation (in memory, SQLite) settles in one promise, without a turn for a failure it cannot have.
      return isPromiseLike(result) ? Promise.resolve(result).catch((error: unknown) => Promise.reject(fail(error, operation))) : Promise.resolve(result);
    } catch (error) {
      return Promise.reject(fail(error, operation));
    }
  };
  const methods = Object.fromEntries(STORAGE_OPERATION_NAMES.map((operation) => [operation, (...args: unknown[]) => call(operation, args)])) as Record<
    StorageOperationName,
    (...args: unknown[]) => Promise<unknown>
  > as unknown as Omit<Storage, "close">;
  const close = (): Promise<void> => {
    closing ??= Promise.resolve().then(() => definition.release?.());
    return closing;
  };
  const oneCall =
    definition.operations.saveCheckpointWithJournal === undefined
      ? {}
      : {
          saveCheckpointWithJournal: defineCheckpointWithJournal(methods, (...args) => call("saveCheckpointWithJournal", args) as Promise<void>),
        };
  return { ...properties, ...methods, ...oneCall, close } as unknown as Storage & Readonly<Properties>;
}
