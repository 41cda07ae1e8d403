import { checkpointWithJournalOf, defineCheckpointWithJournal } from "./checkpoint-with-journal.js";
import { applyDataPolicy, storesToolCall, storesToolResult, type DataPolicy } from "../agent/data-policy.js";
import type { Usage } from "../usage/index.js";
import type { ConversationPart } from "../storage/conversation-store.js";
import type { AgentState, BatchCall, RunState } from "../run/run-state.js";
import type { Storage } from "../storage/storage.js";
import type { UsageRecord } from "../storage/usage-store.js";
import type { ToolJournalEntry } from "../storage/tool-journal-store.js";

/**
 * The parts of a stored message as `policy` allows: a turn's text and reasoning go
 * with `storeText`, its tool calls with the call rules, results with the result
 * rules, and a tool's progress with its result rules (progress is what the tool
 * produced). A turn left with nothing is dropped.
 */
export function applyDataPolicyToParts(parts: readonly ConversationPart[], policy: DataPolicy): ConversationPart[] {
  const kept: ConversationPart[] = [];
  for (const part of parts) {
    if (part.type === "text") {
      const toolCalls = part.toolCalls?.filter((call) => storesToolCall(policy, call.toolName)) ?? [];
      if (!policy.storeText && toolCalls.length === 0) continue;
      const { reasoning, toolCalls: _calls, ...rest } = part;
      kept.push({
        ...rest,
        text: policy.storeText ? part.text : "",
        ...(policy.storeText && reasoning ? { reasoning } : {}),
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
      });
    } else if (part.type === "progress") {
      if (storesToolResult(policy, part.toolName)) kept.push(part);
    } else if (part.type === "tool-results") {
      const results = part.results.filter((result) => storesToolResult(policy, result.toolName));
      if (results.length > 0) kept.push({ type: "tool-results", results });
    } else {
      kept.push(part);
    }
  }
  return kept;
}

function filterUsage<T extends Usage>(usage: T, policy: DataPolicy): T {
  const tools = usage.tools.filter((name) => storesToolCall(policy, name));
  return tools.length === usage.tools.length ? usage : { ...usage, tools };
}

function storesEverything(policy: DataPolicy): boolean {
  return policy.storeText && policy.storeToolCalls && policy.storeToolResults && !policy.filterToolCalls && !policy.filterToolResults;
}

/** The text a resumed run reads for a result its policy did not store. */
const RESULT_NOT_STORED = "[This tool result was not stored.]";

/** Tool metadata of the calls whose results the policy stores (what a tool writes there may come from its result). */
function toolMetadataUnder(state: AgentState, policy: DataPolicy): AgentState["toolMetadata"] {
  const names = new Map<string, string>();
  for (const record of state.toolCalls) names.set(record.toolCallId, record.toolName);
  for (const call of state.lastToolCalls) names.set(call.toolCallId, call.toolName);
  for (const entry of state.batch?.calls ?? []) names.set(entry.call.toolCallId, entry.call.toolName);
  let kept: Record<string, Record<string, unknown>> | undefined;
  for (const id of Object.keys(state.toolMetadata)) {
    const name = names.get(id);
    // Metadata of a call the state no longer names (a nested run's, merged in) is judged by its own record there.
    if (name !== undefined && !storesToolResult(policy, name)) {
      kept ??= { ...state.toolMetadata };
      delete kept[id];
    }
  }
  return kept ?? state.toolMetadata;
}

function agentStateUnder(state: AgentState, policy: DataPolicy): AgentState {
  const batch = state.batch;
  return {
    ...state,
    lastIterationErroredTools: state.lastIterationErroredTools.filter((name) => storesToolCall(policy, name)),
    toolsNotEnabled: state.toolsNotEnabled.filter((name) => storesToolCall(policy, name)),
    toolMetadata: toolMetadataUnder(state, policy),
    messages: applyDataPolicy(state.messages, policy),
    inLoopMessages: applyDataPolicy(state.inLoopMessages, policy),
    added: applyDataPolicy(state.added, policy),
    usage: state.usage.map((usage) => filterUsage(usage, policy)),
    toolCalls: state.toolCalls
      .filter((record) => storesToolCall(policy, record.toolName))
      .map((record) => (storesToolResult(policy, record.toolName) || !("result" in record) ? record : { ...record, result: RESULT_NOT_STORED })),
    lastToolCalls: state.lastToolCalls.filter((call) => storesToolCall(policy, call.toolName)),
    progress: state.progress.filter((part) => storesToolResult(policy, part.toolName)),
    lastText: policy.storeText ? state.lastText : "",
    sentText: policy.storeText ? state.sentText : "",
    ...(state.text === undefined ? {} : { text: policy.storeText ? state.text : "" }),
    ...(batch === undefined
      ? {}
      : {
          batch: {
            ...batch,
            usage: filterUsage(batch.usage, policy),
            calls: batch.calls
              .filter((entry) => storesToolCall(policy, entry.call.toolName))
              .map((entry): BatchCall => {
                const kept = storesToolResult(policy, entry.call.toolName);
                return {
                  ...entry,
                  ...(entry.outcome && !kept && "result" in entry.outcome ? { outcome: { ...entry.outcome, result: RESULT_NOT_STORED } } : {}),
                  ...(entry.decided && !kept && "result" in entry.decided ? { decided: { ...entry.decided, result: RESULT_NOT_STORED } } : {}),
                  ...(entry.subRuns ? { subRuns: entry.subRuns.map((sub) => agentStateUnder(sub, policy)) } : {}),
                };
              }),
          },
        }),
  };
}

/**
 * A run state as `policy` allows it to be written: every agent of the tree (nested
 * runs in flight included) loses the text, calls and results the policy excludes; an
 * excluded result a resumed run needs reads "[This tool result was not stored.]".
 */
export function applyDataPolicyToRunState(state: RunState, policy: DataPolicy): RunState {
  if (storesEverything(policy)) return state;
  return { ...state, root: agentStateUnder(state.root, policy) };
}

/**
 * Journal entries as `policy` allows them to be written: the entries of calls whose
 * tool calls are excluded are dropped (a run state leaves those calls out too), and a
 * result the policy excludes reads "[This tool result was not stored.]".
 */
export function applyDataPolicyToJournal(entries: readonly ToolJournalEntry[], policy: DataPolicy): readonly ToolJournalEntry[] {
  if (storesEverything(policy)) return entries;
  const kept: ToolJournalEntry[] = [];
  for (const entry of entries) {
    if (!storesToolCall(policy, entry.toolName)) continue;
    const outcome = entry.outcome;
    kept.push(
      outcome && "result" in outcome && !storesToolResult(policy, entry.toolName) ? { ...entry, outcome: { ...outcome, result: RESULT_NOT_STORED } } : entry,
    );
  }
  return kept;
}

/**
 * A {@link Storage} that writes through `storage` only what `policy` allows: message
 * parts, run states (every agent's messages, open batches, progress, usage tool names),
 * the tool-call journal (entries of excluded calls, excluded results), archived outputs
 * of tools whose results are excluded (dropped), summaries (dropped without
 * `storeText`: they are made of the conversation's text) and usage tool names.
 * Reads and session state pass through. What the policy excludes is never handed to
 * the adapter, so it is written nowhere.
 *
 * @example
 * const storage = withDataPolicy(await createSqliteStorage({ path: "baton.db" }), { storeText: true, storeToolCalls: true, storeToolResults: false });
 */
export function withDataPolicy(storage: Storage, policy: DataPolicy): Storage {
  const policed: Storage = {
    appendMessages: (conversationId, messages, options) =>
      storage.appendMessages(
        conversationId,
        messages
          .map((message) => (message.role === "assistant" ? { ...message, parts: applyDataPolicyToParts(message.parts, policy) } : message))
          .filter((message) => message.parts.length > 0),
        options,
      ),
    loadMessages: (conversationId, options) => storage.loadMessages(conversationId, options),
    claimRun: (runId, claim) => storage.claimRun(runId, claim),
    saveCheckpoint: (checkpoint, claim) => storage.saveCheckpoint(applyDataPolicyToRunState(checkpoint, policy), claim),
    loadCheckpoint: (runId) => storage.loadCheckpoint(runId),
    writeToolJournal: (entries, fence) => {
      const kept = applyDataPolicyToJournal(entries, policy);
      return kept.length > 0 ? storage.writeToolJournal(kept, fence) : Promise.resolve();
    },
    loadToolJournal: (runId) => storage.loadToolJournal(runId),
    loadSessionState: (key) => storage.loadSessionState(key),
    saveSessionState: (key, value, options) => storage.saveSessionState(key, value, options),
    archiveToolOutput: async (output) => {
      if (storesToolResult(policy, output.toolName)) await storage.archiveToolOutput(output);
    },
    loadToolOutput: (id) => storage.loadToolOutput(id),
    saveSummary: async (conversationId, summary, options) => {
      if (policy.storeText) await storage.saveSummary(conversationId, summary, options);
    },
    loadSummary: (conversationId) => storage.loadSummary(conversationId),
    recordUsage: (records: readonly UsageRecord[], options) =>
      storage.recordUsage(
        records.map((record) => filterUsage(record, policy)),
        options,
      ),
    queryUsage: (query) => storage.queryUsage(query),
    prune: (domain, olderThan) => storage.prune(domain, olderThan),
    close: () => storage.close(),
  };
  const oneCall = checkpointWithJournalOf(storage);
  if (oneCall === undefined) return policed;
  // The storage's one-call write, through the policy (a write whose entries are all excluded saves the checkpoint alone).
  const saveCheckpointWithJournal = defineCheckpointWithJournal(policed, (checkpoint, claim, entries) => {
    const state = applyDataPolicyToRunState(checkpoint, policy);
    const kept = applyDataPolicyToJournal(entries, policy);
    return kept.length > 0 ? oneCall(state, claim, kept) : storage.saveCheckpoint(state, claim);
  });
  // Set on the storage made above (a run makes one per run: no second copy of its methods).
  return Object.assign(policed, { saveCheckpointWithJournal });
}
