import { StorageCorruptionError } from "../errors/storage-errors.js";
import type { Message } from "../messages/index.js";
import type { ConversationMessage, ConversationPart } from "../storage/conversation-store.js";
import type { RunCheckpoint } from "../storage/run-store.js";
import { parseRunState } from "../run-state/parse-run-state.js";
import { RunStateError } from "../run/run-state-error.js";
import type { ConversationSummary } from "../storage/summary-store.js";
import type { StoredToolOutput } from "../storage/archive-store.js";
import type { UsageRecord } from "../storage/usage-store.js";
import type { ToolJournalEntry } from "../storage/tool-journal-store.js";

/*
 * Adapters read records they did not necessarily write (another version, another
 * program, a damaged file). These checks turn anything that is not what Baton wrote
 * into a StorageCorruptionError naming the record, before it reaches the loop.
 */

type Fields = Record<string, unknown>;

function fail(record: string, reason: string): never {
  throw new StorageCorruptionError(record, reason);
}

function objectAt(value: unknown, record: string, what: string): Fields {
  if (typeof value !== "object" || value === null || Array.isArray(value)) fail(record, `${what} is not an object`);
  return value as Fields;
}

function arrayAt(value: unknown, record: string, what: string): unknown[] {
  if (!Array.isArray(value)) fail(record, `${what} is not an array`);
  return value;
}

function stringField(fields: Fields, name: string, record: string, optional = false): void {
  const value = fields[name];
  if (value === undefined && optional) return;
  if (typeof value !== "string") fail(record, `field "${name}" is ${value === undefined ? "missing" : `not a string (${typeof value})`}`);
}

function numberField(fields: Fields, name: string, record: string, optional = false): void {
  const value = fields[name];
  if (value === undefined && optional) return;
  if (typeof value !== "number" || !Number.isFinite(value)) fail(record, `field "${name}" is ${value === undefined ? "missing" : "not a finite number"}`);
}

/**
 * Parses stored JSON text.
 * @throws StorageCorruptionError naming `record` when the text is not JSON.
 */
export function parseStoredJson(text: unknown, record: string): unknown {
  if (typeof text !== "string") fail(record, `expected JSON text, found ${text === null ? "null" : typeof text}`);
  try {
    return JSON.parse(text);
  } catch (error) {
    return fail(record, `not valid JSON (${(error as Error).message})`);
  }
}

function checkContentPart(value: unknown, record: string, where: string, allowed: ReadonlySet<string>): void {
  const part = objectAt(value, record, where);
  const type = part.type;
  if (typeof type !== "string" || !allowed.has(type)) fail(record, `${where} has unknown type ${JSON.stringify(type)}`);
  switch (type) {
    case "text":
      stringField(part, "text", record);
      break;
    case "reasoning":
      stringField(part, "text", record);
      break;
    case "image":
      stringField(part, "mediaType", record);
      break;
    case "tool-call":
      stringField(part, "toolCallId", record);
      stringField(part, "toolName", record);
      break;
    case "tool-result":
      stringField(part, "toolCallId", record);
      stringField(part, "toolName", record);
      break;
  }
}

const USER_PARTS = new Set(["text", "image"]);
const ASSISTANT_PARTS = new Set(["text", "reasoning", "tool-call"]);
const TOOL_PARTS = new Set(["tool-result"]);
const STORED_PARTS = new Set(["text", "image", "progress", "tool-results"]);
const REASONING_PARTS = new Set(["reasoning"]);
const TOOL_CALL_PARTS = new Set(["tool-call"]);

function checkStoredPart(value: unknown, record: string, index: number): void {
  const where = `part ${index}`;
  checkContentPart(value, record, where, STORED_PARTS);
  const part = value as Fields;
  if (part.type === "text") {
    if (part.reasoning !== undefined)
      for (const [i, r] of arrayAt(part.reasoning, record, `${where} reasoning`).entries())
        checkContentPart(r, record, `${where} reasoning ${i}`, REASONING_PARTS);
    if (part.toolCalls !== undefined)
      for (const [i, c] of arrayAt(part.toolCalls, record, `${where} toolCalls`).entries())
        checkContentPart(c, record, `${where} tool call ${i}`, TOOL_CALL_PARTS);
  } else if (part.type === "progress") {
    stringField(part, "toolCallId", record);
    stringField(part, "toolName", record);
    const group = objectAt(part.group, record, `${where} group`);
    arrayAt(group.steps, record, `${where} group steps`);
  } else if (part.type === "tool-results") {
    for (const [i, r] of arrayAt(part.results, record, `${where} results`).entries()) checkContentPart(r, record, `${where} result ${i}`, TOOL_PARTS);
  }
}

/**
 * Checks a stored conversation message.
 * @throws StorageCorruptionError naming `record`.
 */
export function checkConversationMessage(value: unknown, record: string): ConversationMessage {
  const message = objectAt(value, record, "the record");
  stringField(message, "conversationId", record);
  numberField(message, "seq", record);
  numberField(message, "createdAt", record);
  const role = message.role;
  if (role !== "user" && role !== "system" && role !== "assistant") fail(record, `unknown role ${JSON.stringify(role)}`);
  const parts = arrayAt(message.parts, record, "parts");
  for (let i = 0; i < parts.length; i++) checkStoredPart(parts[i], record, i);
  return message as unknown as ConversationMessage;
}

/**
 * Checks the parts of a stored message (for adapters that keep the envelope in columns).
 * @throws StorageCorruptionError naming `record`.
 */
export function checkConversationParts(value: unknown, record: string): ConversationPart[] {
  const parts = arrayAt(value, record, "parts");
  for (let i = 0; i < parts.length; i++) checkStoredPart(parts[i], record, i);
  return parts as ConversationPart[];
}

/**
 * Checks model messages (a checkpoint's).
 * @throws StorageCorruptionError naming `record`.
 */
export function checkMessages(value: unknown, record: string, what = "messages"): Message[] {
  const messages = arrayAt(value, record, what);
  messages.forEach((entry, index) => {
    const message = objectAt(entry, record, `${what} ${index}`);
    const role = message.role;
    if (role === "system") {
      stringField(message, "content", record);
      return;
    }
    const allowed = role === "user" ? USER_PARTS : role === "assistant" ? ASSISTANT_PARTS : role === "tool" ? TOOL_PARTS : undefined;
    if (!allowed) fail(record, `${what} ${index} has unknown role ${JSON.stringify(role)}`);
    arrayAt(message.content, record, `${what} ${index} content`).forEach((part, i) => {
      checkContentPart(part, record, `${what} ${index} part ${i}`, allowed);
    });
  });
  return messages as Message[];
}

/**
 * Checks a stored run checkpoint (a run state) and upgrades an older format to the
 * current one.
 * @throws StorageCorruptionError naming `record`.
 */
export function checkRunCheckpoint(value: unknown, record: string): RunCheckpoint {
  try {
    return parseRunState(value);
  } catch (error) {
    if (RunStateError.isInstance(error)) fail(record, error.message);
    throw error;
  }
}

function checkUsage(value: unknown, record: string, what: string): void {
  const usage = objectAt(value, record, what);
  stringField(usage, "model", record);
  stringField(usage, "agentPath", record);
  for (const field of ["inputTokens", "outputTokens", "cachedInputTokens", "reasoningTokens", "iteration"]) numberField(usage, field, record);
  arrayAt(usage.tools, record, `${what} tools`);
}

/**
 * Checks a stored usage record.
 * @throws StorageCorruptionError naming `record`.
 */
export function checkUsageRecord(value: unknown, record: string): UsageRecord {
  checkUsage(value, record, "the record");
  const usage = value as Fields;
  stringField(usage, "runId", record);
  numberField(usage, "recordedAt", record);
  return usage as unknown as UsageRecord;
}

/**
 * Checks a stored summary.
 * @throws StorageCorruptionError naming `record`.
 */
export function checkSummary(value: unknown, record: string): ConversationSummary {
  const summary = objectAt(value, record, "the record");
  stringField(summary, "text", record);
  numberField(summary, "throughSeq", record);
  numberField(summary, "createdAt", record);
  return summary as unknown as ConversationSummary;
}

/**
 * Checks a stored archived tool output.
 * @throws StorageCorruptionError naming `record`.
 */
export function checkToolOutput(value: unknown, record: string): StoredToolOutput {
  const output = objectAt(value, record, "the record");
  stringField(output, "id", record);
  stringField(output, "toolName", record);
  stringField(output, "toolCallId", record);
  numberField(output, "createdAt", record);
  if (!("result" in output)) fail(record, `field "result" is missing`);
  return output as unknown as StoredToolOutput;
}

/** The statuses a journaled outcome may have: a tool call's, or `interrupted` for a call that paused its run. */
const JOURNAL_OUTCOME_STATUSES = new Set(["ok", "error", "invalid", "timeout", "not_enabled", "aborted", "refused", "interrupted"]);

/**
 * Checks a stored tool-call journal entry.
 * @throws StorageCorruptionError naming `record`.
 */
export function checkToolJournalEntry(value: unknown, record: string): ToolJournalEntry {
  const entry = objectAt(value, record, "the record");
  for (const name of ["runId", "toolCallId", "toolName", "agentPath"]) stringField(entry, name, record);
  for (const name of ["attempt", "token", "startedAt"]) numberField(entry, name, record);
  numberField(entry, "endedAt", record, true);
  if (entry.outcome !== undefined) {
    const outcome = objectAt(entry.outcome, record, 'field "outcome"');
    if (typeof outcome.status !== "string" || !JOURNAL_OUTCOME_STATUSES.has(outcome.status)) fail(record, `field "outcome.status" is not a tool call status`);
    numberField(outcome, "durationMs", record);
  }
  return entry as unknown as ToolJournalEntry;
}
