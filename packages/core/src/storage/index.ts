export type { Storage } from "./storage.js";
export type {
  AppendMessagesOptions,
  AppendMessagesResult,
  ConversationMessage,
  ConversationPart,
  ConversationRole,
  ConversationStore,
  LoadMessagesOptions,
  NewConversationMessage,
  StoredProgressPart,
  StoredTextPart,
  StoredToolResultsPart,
} from "./conversation-store.js";
export type { RunCheckpoint, RunClaim, RunClaimRequest, RunClaimResult, RunFence, RunStore } from "./run-store.js";
export type { CheckpointWithJournalParts, CheckpointWithJournalWrite, ToolJournalEntry, ToolJournalOutcome, ToolJournalStore } from "./tool-journal-store.js";
export type { SaveSessionStateOptions, SessionStore, VersionedValue } from "./session-store.js";
export type { ArchiveStore, ArchivedToolOutput, StoredToolOutput, ToolArchive } from "./archive-store.js";
export type { ConversationSummary, SaveSummaryOptions, SummaryStore } from "./summary-store.js";
export type { RecordUsageOptions, UsageQuery, UsageRecord, UsageStore } from "./usage-store.js";
export { STORAGE_DOMAINS, type RetentionStore, type StorageDomain } from "./retention.js";
