/**
 * `@baton/storage-memory`: Baton's storage contract in the process's memory.
 * @packageDocumentation
 */
export { MemoryStorage, createMemoryStorage, MEMORY_STORAGE_OPTION_RULES, type MemoryStorageOptions } from "./memory-storage.js";
export { MemoryDatabase, type MemoryConversation, type MemoryRun, type MemorySession, type MemoryUsageRow } from "./memory-database.js";
