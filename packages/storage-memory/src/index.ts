/**
 * `@baton/storage-memory`: Baton's storage contract in the process's memory.
 * @packageDocumentation
 */
export {
  createMemoryStorage,
  MEMORY_STORAGE_OPTION_RULES,
  MemoryStorage,
  type MemoryStorageConstructor,
  type MemoryStorageOptions,
} from "./memory-storage.js";
export { MemoryDatabase, type MemoryConversation, type MemoryRun, type MemorySession, type MemoryUsageRow } from "./memory-database.js";
