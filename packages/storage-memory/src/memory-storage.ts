import { checkOptions, type OptionRule, type Storage } from "@baton/core";
import { defineStorage } from "@baton/core/storage-kit";
import { MemoryDatabase } from "./memory-database.js";
import { MEMORY_OPERATIONS } from "./memory-operations.js";

/** Options of {@link createMemoryStorage}. */
export interface MemoryStorageOptions {
  /** The data to work on; a new, empty database when absent. Share one to model several connections. */
  readonly database?: MemoryDatabase;
}

/**
 * The rule of every key of {@link MemoryStorageOptions}, checked (with `checkOptions`
 * from `@baton/core`) when a storage is created: a key not listed here is rejected with
 * a `ConfigurationError` that names the accepted ones.
 */
export const MEMORY_STORAGE_OPTION_RULES = {
  database: {
    expected: "a MemoryDatabase",
    /** A `MemoryDatabase` of this copy of the package. */
    test: (value: unknown) => value instanceof MemoryDatabase,
  },
} as const satisfies { readonly [K in keyof Required<MemoryStorageOptions>]: OptionRule };

/**
 * A Baton {@link Storage} in the process's memory. Every operation is atomic (it runs
 * without yielding between its read and its write), so it honours the same
 * concurrency guarantees as the database adapters. Nothing survives the process.
 */
export interface MemoryStorage extends Storage {
  /** The data this storage reads and writes. */
  readonly database: MemoryDatabase;
}

/**
 * Creates an in-memory {@link Storage}. An unknown option key, or a `database` that is
 * not a {@link MemoryDatabase}, throws a `ConfigurationError` naming the accepted options.
 * @example
 * const storage = createMemoryStorage();
 * await run({ provider, model, input: "Hi", storage, conversationId: "c1" });
 * await storage.loadMessages("c1");
 */
export function createMemoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
  return memoryStorage("createMemoryStorage", options);
}

function memoryStorage(caller: string, options: MemoryStorageOptions): MemoryStorage {
  checkOptions(caller, options, MEMORY_STORAGE_OPTION_RULES);
  const database = options.database ?? new MemoryDatabase();
  return defineStorage({ label: "memory storage", context: () => database, operations: MEMORY_OPERATIONS }, { database });
}

/** @deprecated The type of the deprecated `MemoryStorage` constructor; use {@link createMemoryStorage}. */
export interface MemoryStorageConstructor {
  new (options?: MemoryStorageOptions): MemoryStorage;
}

/**
 * @deprecated Use {@link createMemoryStorage}; `new MemoryStorage(options)` still
 * returns the same storage for one release.
 */
export const MemoryStorage: MemoryStorageConstructor = function MemoryStorage(options: MemoryStorageOptions = {}): MemoryStorage {
  return memoryStorage("new MemoryStorage", options);
} as unknown as MemoryStorageConstructor;
