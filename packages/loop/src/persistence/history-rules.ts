import type { AgentState, BatchCall, Message, RunState, ToolMessage } from "@baton/core";

/** What a tool marked as "not for history" leaves in stored messages. */
function storedResultOf(toolName: string, metadata: Record<string, unknown> | undefined): unknown {
  const summary = metadata?.summary;
  return typeof summary === "string" ? summary : `[${toolName} result not kept in history]`;
}

/**
 * Applies a tool's `includeInHistory: false` (recorded in tool metadata) to stored
 * tool results: the result is replaced by its summary.
 */
export function withHistoryRules(messages: readonly Message[], toolMetadata: Readonly<Record<string, Readonly<Record<string, unknown>>>>): Message[] {
  return messages.map((message) => {
    if (message.role !== "tool") return message;
    let changed = false;
    const content = message.content.map((part) => {
      const metadata = toolMetadata[part.toolCallId];
      if (metadata?.includeInHistory !== false) return part;
      changed = true;
      return { ...part, result: storedResultOf(part.toolName, metadata) };
    });
    return changed ? ({ role: "tool", content } satisfies ToolMessage) : message;
  });
}

/** Whether any call of an agent (or of its nested runs in flight) keeps its result out of history. */
function hasHistoryRules(state: AgentState): boolean {
  for (const id in state.toolMetadata) if (state.toolMetadata[id]!.includeInHistory === false) return true;
  for (const entry of state.batch?.calls ?? []) for (const sub of entry.subRuns ?? []) if (hasHistoryRules(sub)) return true;
  return false;
}

function agentUnderHistoryRules(state: AgentState): AgentState {
  const metadata = state.toolMetadata;
  const kept = (toolCallId: string): boolean => metadata[toolCallId]?.includeInHistory !== false;
  const batch = state.batch;
  return {
    ...state,
    added: withHistoryRules(state.added, metadata),
    inLoopMessages: withHistoryRules(state.inLoopMessages, metadata),
    toolCalls: state.toolCalls.map((record) =>
      kept(record.toolCallId) || !("result" in record) ? record : { ...record, result: storedResultOf(record.toolName, metadata[record.toolCallId]) },
    ),
    ...(batch === undefined
      ? {}
      : {
          batch: {
            ...batch,
            calls: batch.calls.map((entry): BatchCall => {
              const outcome =
                entry.outcome && !kept(entry.call.toolCallId) && "result" in entry.outcome
                  ? { ...entry.outcome, result: storedResultOf(entry.call.toolName, metadata[entry.call.toolCallId]) }
                  : entry.outcome;
              return { ...entry, ...(outcome ? { outcome } : {}), ...(entry.subRuns ? { subRuns: entry.subRuns.map(agentUnderHistoryRules) } : {}) };
            }),
          },
        }),
  };
}

/**
 * A run state as storage keeps it: the results of tools marked not for history are
 * replaced by their summaries everywhere (messages, records, the open batch, nested
 * runs). The same value when no call is so marked.
 */
export function stateUnderHistoryRules(value: RunState): RunState {
  return hasHistoryRules(value.root) ? { ...value, root: agentUnderHistoryRules(value.root) } : value;
}
