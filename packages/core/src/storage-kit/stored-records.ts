import { StorageCorruptionError } from "../errors/storage-errors.js";
import type { StoredToolOutput } from "../storage/archive-store.js";
import type { ConversationMessage } from "../storage/conversation-store.js";
import type { RunCheckpoint } from "../storage/run-store.js";
import type { ConversationSummary } from "../storage/summary-store.js";
import type { UsageRecord } from "../storage/usage-store.js";
import type { ToolJournalEntry } from "../storage/tool-journal-store.js";
import {
  checkConversationMessage,
  checkRunCheckpoint,
  checkSummary,
  checkToolJournalEntry,
  checkToolOutput,
  checkUsageRecord,
  parseStoredJson,
} from "./record-checks.js";

/*
 * How every adapter names, writes and reads back its records, so that a damaged
 * record gives the same StorageCorruptionError (same record name, same reason)
 * whichever adapter stored it.
 */

/** The names of stored records, as `StorageCorruptionError.record` gives them. */
export const RECORD_NAMES = Object.freeze({
  /** A conversation message: `conversation "c1" message 3`. */
  message: (conversationId: string, seq: number): string => `conversation "${conversationId}" message ${seq}`,
  /** A run's checkpoint: `run "r1" checkpoint "main"`. */
  checkpoint: (runId: string, agentPath: string): string => `run "${runId}" checkpoint "${agentPath}"`,
  /** Session state: `session "k"`. */
  session: (key: string): string => `session "${key}"`,
  /** An archived tool output: `tool output "a1"`. */
  toolOutput: (id: string): string => `tool output "${id}"`,
  /** A conversation's summary: `summary of conversation "c1"`. */
  summary: (conversationId: string): string => `summary of conversation "${conversationId}"`,
  /** A usage record, by the adapter's id or position: `usage record 7`. */
  usage: (id: string | number): string => `usage record ${id}`,
  /** A tool call's journal entry: `run "r1" journal entry "call_1"`. */
  toolJournalEntry: (runId: string, toolCallId: string): string => `run "${runId}" journal entry "${toolCallId}"`,
});

/** The columns of a stored message, for adapters that keep its envelope in columns (`null` for an absent field). */
export interface MessageColumns {
  readonly seq: unknown;
  readonly role: unknown;
  /** The parts as JSON text. */
  readonly parts: unknown;
  readonly runId: string | null;
  readonly agentPath: string | null;
  readonly userId: string | null;
  readonly createdAt: unknown;
}

/**
 * A message stored as columns, checked.
 * @throws StorageCorruptionError naming the message.
 */
export function readMessageColumns(conversationId: string, row: MessageColumns): ConversationMessage {
  const record = RECORD_NAMES.message(conversationId, Number(row.seq));
  const message = {
    conversationId,
    seq: row.seq,
    role: row.role,
    parts: parseStoredJson(row.parts, record),
    ...(row.runId === null ? {} : { runId: row.runId }),
    ...(row.agentPath === null ? {} : { agentPath: row.agentPath }),
    ...(row.userId === null ? {} : { userId: row.userId }),
    createdAt: row.createdAt,
  };
  return checkConversationMessage(message, record);
}

/**
 * A message stored as one JSON object (`role`, `parts`, `createdAt` and the optional
 * `runId`, `agentPath`, `userId`), at position `seq`, checked. Fields it does not know
 * are left out.
 * @throws StorageCorruptionError naming the message.
 */
export function readMessageJson(conversationId: string, seq: number, text: unknown): ConversationMessage {
  const record = RECORD_NAMES.message(conversationId, seq);
  const stored = parseStoredJson(text, record);
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) throw new StorageCorruptionError(record, "the record is not an object");
  const fields = stored as Record<string, unknown>;
  const message = checkConversationMessage({ ...fields, conversationId, seq }, record);
  return {
    conversationId,
    seq,
    role: message.role,
    parts: message.parts,
    ...(typeof fields.runId === "string" ? { runId: fields.runId } : {}),
    ...(typeof fields.agentPath === "string" ? { agentPath: fields.agentPath } : {}),
    ...(typeof fields.userId === "string" ? { userId: fields.userId } : {}),
    createdAt: message.createdAt,
  };
}

/**
 * A stored checkpoint, checked and upgraded to the current run-state format.
 * @throws StorageCorruptionError naming the checkpoint.
 */
export function readCheckpoint(runId: string, agentPath: string, text: unknown): RunCheckpoint {
  const record = RECORD_NAMES.checkpoint(runId, agentPath);
  return checkRunCheckpoint(parseStoredJson(text, record), record);
}

/**
 * Of the agent paths a run's checkpoints are stored under, the one to read: a save
 * leaves one, and of several (data of an earlier release, one per agent) the first in
 * code-unit order, the root's (its path is a prefix of its nested agents' paths).
 */
export function rootCheckpointPath(agentPaths: Iterable<string>): string | undefined {
  let first: string | undefined;
  for (const path of agentPaths) if (first === undefined || path < first) first = path;
  return first;
}

/**
 * A stored archived tool output, checked.
 * @throws StorageCorruptionError naming it.
 */
export function readToolOutput(id: string, text: unknown): StoredToolOutput {
  const record = RECORD_NAMES.toolOutput(id);
  return checkToolOutput(parseStoredJson(text, record), record);
}

/** The record an adapter stores for a summary: its text, `throughSeq`, and `createdAt` (now when not given). */
export function storedSummary(summary: Omit<ConversationSummary, "createdAt"> & { readonly createdAt?: number }, now: number): ConversationSummary {
  return { text: summary.text, throughSeq: summary.throughSeq, createdAt: summary.createdAt ?? now };
}

/**
 * A stored summary, checked.
 * @throws StorageCorruptionError naming it.
 */
export function readSummary(conversationId: string, text: unknown): ConversationSummary {
  const record = RECORD_NAMES.summary(conversationId);
  return checkSummary(parseStoredJson(text, record), record);
}

/**
 * A stored usage record, checked.
 * @throws StorageCorruptionError naming it (by `id`, the adapter's row id or position).
 */
export function readUsageRecord(id: string | number, text: unknown): UsageRecord {
  const record = RECORD_NAMES.usage(id);
  return checkUsageRecord(parseStoredJson(text, record), record);
}

/**
 * A stored session value (any JSON).
 * @throws StorageCorruptionError naming the session when the text is not JSON.
 */
export function readSessionValue(key: string, text: unknown): unknown {
  return parseStoredJson(text, RECORD_NAMES.session(key));
}

/**
 * A stored tool-call journal entry, checked; it must be the entry of `runId` and
 * `toolCallId` (the keys it is stored under).
 * @throws StorageCorruptionError naming it.
 */
export function readToolJournalEntry(runId: string, toolCallId: string, text: unknown): ToolJournalEntry {
  const record = RECORD_NAMES.toolJournalEntry(runId, toolCallId);
  const entry = checkToolJournalEntry(parseStoredJson(text, record), record);
  if (entry.runId !== runId || entry.toolCallId !== toolCallId) throw new StorageCorruptionError(record, "the record is of another call");
  return entry;
}
