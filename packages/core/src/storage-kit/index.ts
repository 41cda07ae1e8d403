/**
 * `@baton/core/storage-kit`: the runtime pieces a storage adapter is built from, kept
 * apart from the contracts of `@baton/core`: {@link defineStorage} (a `Storage` from a
 * table of operations, with the adapter's error wrapping and `close()` handling), the
 * checks that turn a record Baton did not write into a `StorageCorruptionError`, and
 * how records are named, written and read back. Applications do not need it; adapters do.
 * @packageDocumentation
 */
export {
  defineStorage,
  STORAGE_OPERATION_NAMES,
  type StorageDefinition,
  type StorageMethod,
  type StorageOperationName,
  type StorageOperations,
} from "./define-storage.js";
export {
  checkConversationMessage,
  checkConversationParts,
  checkMessages,
  checkRunCheckpoint,
  checkSummary,
  checkToolOutput,
  checkUsageRecord,
  parseStoredJson,
} from "./record-checks.js";
export {
  RECORD_NAMES,
  readMessageColumns,
  readMessageJson,
  readCheckpoint,
  rootCheckpointPath,
  readToolOutput,
  storedSummary,
  readSummary,
  readUsageRecord,
  readSessionValue,
  type MessageColumns,
} from "./stored-records.js";
export { storedToolOutput } from "./stored-tool-output.js";
export { latestSchemaVersion, schemaStatusOf, type AppliedMigration, type Migration, type SchemaStatus } from "./schema-migrations.js";
