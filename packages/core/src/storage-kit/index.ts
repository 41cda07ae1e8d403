/**
 * `@baton/core/storage-kit`: the code that works with a `Storage`, kept apart from the
 * contracts of `@baton/core`. For code that reads or writes storage itself:
 * {@link withDataPolicy} (a storage that keeps only what a data policy allows), stored
 * messages to and from model messages, a conversation's history with its summary, a
 * storage's tool archive. For adapter authors: {@link defineStorage} (a `Storage` from a
 * table of operations, with the adapter's error wrapping and `close()` handling), the
 * checks that turn a record Baton did not write into a `StorageCorruptionError`, and
 * how records are named, written and read back. An application that only runs agents
 * never loads it (the loop loads it for a run with storage).
 * @packageDocumentation
 */
export { toConversationMessages, toModelMessages, type RunTurnDetails } from "./conversation-messages.js";
export { applyDataPolicyToJournal, applyDataPolicyToRunState, applyDataPolicyToParts, withDataPolicy } from "./policy-storage.js";
export { checkpointWithJournalOf, defineCheckpointWithJournal } from "./checkpoint-with-journal.js";
export { loadConversationHistory, summaryMessage, toolArchiveOf, type ConversationHistory } from "./conversation-history.js";
export {
  defineStorage,
  STORAGE_OPERATION_NAMES,
  type StorageDefinition,
  type StorageMethod,
  type StorageCallName,
  type StorageOperationName,
  type StorageOperations,
} from "./define-storage.js";
export {
  checkConversationMessage,
  checkConversationParts,
  checkMessages,
  checkRunCheckpoint,
  checkSummary,
  checkToolJournalEntry,
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
  readToolJournalEntry,
  type MessageColumns,
} from "./stored-records.js";
export { storedToolOutput } from "./stored-tool-output.js";
export { latestSchemaVersion, schemaStatusOf, type AppliedMigration, type Migration, type SchemaStatus } from "./schema-migrations.js";
