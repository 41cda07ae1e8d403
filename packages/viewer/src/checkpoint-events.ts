import { totalUsage, type AgentState, type Message, type RunState, type StreamEvent, type ToolCallRecord, type Usage } from "@baton/core";

interface Pending {
  readonly at: number;
  readonly order: number;
  readonly event: Record<string, unknown> & { type: string; agentPath: string };
}

/**
 * An approximate event stream rebuilt from a run's checkpoint (`storage.loadCheckpoint`,
 * any storage adapter), for runs whose events were not kept. What a checkpoint holds:
 * every model call's usage with its start time (sub-agents' included), the root's tool
 * calls with their durations, the assistant turns, the stop reason and when it was saved.
 * So, approximately:
 *
 * - a model call starts at its usage's `startedAt`; its tool calls end when the agent's
 *   next model call starts (or the run ends) and start `durationMs` before; the call
 *   itself ends when its first tool starts (or when the next call starts);
 * - a sub-agent spans its model calls and ends when its parent's next call starts; its
 *   own tool calls are not in a finished run's checkpoint (they are for nested runs still
 *   in flight), and its stop reason is shown as `completed`;
 * - the root ends at the checkpoint's `savedAt` (not ended while the run is unfinished).
 *
 * Usage records without `startedAt` (older formats) are placed one millisecond apart.
 */
export function checkpointEvents(state: RunState): StreamEvent[] {
  const root = state.root;
  const pending: Pending[] = [];
  let order = 0;
  const emit = (at: number, agentPath: string, event: Record<string, unknown> & { type: string }): void => {
    pending.push({ at, order: order++, event: { ...event, agentPath } });
  };

  // Usage records by agent, in start order; tool calls and assistant turns by agent and iteration.
  const states = [root, ...nestedStates(root)];
  const usage = [...root.usage];
  for (const nested of states.slice(1))
    for (const record of nested.usage) if (!usage.includes(record) && !usage.some((u) => sameCall(u, record))) usage.push(record);
  let clock = Math.min(...usage.map((record) => record.startedAt ?? Infinity), state.savedAt);
  const startOf = new Map<Usage, number>();
  for (const record of [...usage].sort((a, b) => (a.startedAt ?? Infinity) - (b.startedAt ?? Infinity))) {
    const at = record.startedAt ?? (clock += 1);
    startOf.set(record, at);
    clock = Math.max(clock, at);
  }
  const byAgent = new Map<string, Usage[]>();
  for (const record of usage) {
    const list = byAgent.get(record.agentPath) ?? [];
    list.push(record);
    byAgent.set(record.agentPath, list);
  }
  for (const list of byAgent.values()) list.sort((a, b) => startOf.get(a)! - startOf.get(b)!);
  if (!byAgent.has(root.agentPath)) byAgent.set(root.agentPath, []);

  const tools = new Map<string, ToolCallRecord[]>();
  const turns = new Map<string, Message>();
  for (const agent of states) {
    for (const call of agent.toolCalls) {
      const key = `${call.agentPath}:${call.iteration}`;
      tools.set(key, [...(tools.get(key) ?? []), call]);
    }
    let turn = 0;
    for (const message of agent.added) {
      if (message.role !== "assistant") continue;
      const iteration = agent.turnIterations[turn++];
      if (iteration !== undefined) turns.set(`${agent.agentPath}:${iteration}`, message);
    }
  }

  const finished = state.stopReason !== undefined || root.stopReason !== undefined;
  const rootEnd = state.savedAt;
  const parentOf = (path: string): string | undefined => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : undefined);
  /** When an agent ends: the root at savedAt; a sub-agent when its parent's next call starts. */
  const endOf = (path: string, after: number): number => {
    const parent = parentOf(path);
    if (parent === undefined) return rootEnd;
    const next = (byAgent.get(parent) ?? []).find((record) => startOf.get(record)! > after);
    return next ? startOf.get(next)! : endOf(parent, after);
  };

  // Parents first, so that at equal times a parent's events come before its children's.
  const agentsInOrder = [...byAgent].sort(([a], [b]) => a.split("/").length - b.split("/").length);
  for (const [path, records] of agentsInOrder) {
    const agent = states.find((candidate) => candidate.agentPath === path);
    const first = records[0] ? startOf.get(records[0])! : rootEnd;
    const last = records.at(-1) ? startOf.get(records.at(-1)!)! : first;
    const end = Math.max(endOf(path, last), last);
    const parent = parentOf(path);
    emit(first, path, {
      type: "run-start",
      model: agent?.model ?? records[0]?.model ?? state.root.model,
      ...(parent === undefined ? {} : { parentAgentPath: parent }),
    });
    records.forEach((record, index) => {
      const start = startOf.get(record)!;
      const next = records[index + 1];
      const stop = Math.max(start, next ? startOf.get(next)! : end);
      const calls = tools.get(`${path}:${record.iteration}`) ?? [];
      const placed = calls.map((call) => ({ call, start: Math.max(start, stop - Math.max(0, call.durationMs)) }));
      // Sub-agents that started during this step ran inside one of its calls: the longest one starts no later than they do.
      const subStarts = [...byAgent]
        .filter(([other, list]) => parentOf(other) === path && list[0] !== undefined)
        .map(([, list]) => startOf.get(list[0]!)!)
        .filter((at) => at >= start && at <= stop);
      const longest = placed.reduce<(typeof placed)[number] | undefined>(
        (best, p) => (!best || p.call.durationMs > best.call.durationMs ? p : best),
        undefined,
      );
      if (longest && subStarts.length > 0) longest.start = Math.max(start, Math.min(longest.start, ...subStarts));
      const modelEnd = placed.length > 0 ? Math.min(...placed.map((p) => p.start)) : stop;
      emit(start, path, { type: "step-start", iteration: record.iteration, model: record.model, toolsSent: calls.length > 0 });
      const turn = turns.get(`${path}:${record.iteration}`);
      if (turn) emit(modelEnd, path, { type: "message", message: turn });
      for (const { call } of placed)
        emit(modelEnd, path, {
          type: "tool-call",
          toolCall: { type: "tool-call", toolCallId: call.toolCallId, toolName: call.toolName, arguments: call.arguments },
        });
      for (const { call, start: toolStart } of placed) {
        emit(toolStart, path, { type: "tool-start", toolCallId: call.toolCallId, toolName: call.toolName, arguments: call.arguments });
        if (call.status === "ok")
          emit(stop, path, { type: "tool-done", toolCallId: call.toolCallId, toolName: call.toolName, result: call.result, durationMs: call.durationMs });
        else
          emit(stop, path, {
            type: "tool-error",
            toolCallId: call.toolCallId,
            toolName: call.toolName,
            status: call.status,
            error: call.error ?? { name: "Error", code: "UNKNOWN", message: call.status, retryable: false },
            durationMs: call.durationMs,
          });
      }
      emit(stop, path, { type: "usage", usage: record });
      emit(stop, path, { type: "step-end", iteration: record.iteration, finishReason: calls.length > 0 ? "tool_calls" : "stop", toolCalls: calls.length });
    });
    const isRoot = parent === undefined;
    if (!isRoot || finished) {
      const stopReason = isRoot ? (state.stopReason ?? root.stopReason ?? "completed") : "completed";
      const own = usage.filter((record) => record.agentPath === path || record.agentPath.startsWith(`${path}/`));
      emit(end, path, {
        type: "run-end",
        stopReason,
        text: isRoot ? (root.text ?? root.lastText) : "",
        iterations: records.length,
        toolCallCount: isRoot ? root.toolCallCount : 0,
        usage: totalUsage(own),
        ...(isRoot && root.error ? { error: root.error } : {}),
      });
    }
  }

  // By time; at equal times starts (in the order made) before endings, deeper endings first.
  pending.sort((a, b) => a.at - b.at || rank(a) - rank(b) || a.order - b.order);
  return pending.map((item, index) => ({ runId: state.runId, seq: index + 1, contentIndex: 0, timestamp: item.at, ...item.event }) as unknown as StreamEvent);
}

const ENDINGS = new Set(["run-end", "step-end", "usage", "tool-done", "tool-error"]);

/** Ties: starts (0) before endings; endings of deeper agents first (a sub-agent ends before the call that ran it). */
function rank(item: Pending): number {
  return ENDINGS.has(item.event.type) ? 100 - item.event.agentPath.split("/").length : 0;
}

function sameCall(a: Usage, b: Usage): boolean {
  return a.agentPath === b.agentPath && a.iteration === b.iteration && a.startedAt === b.startedAt;
}

/** The states of nested runs still in flight (in open tool batches), depth first. */
function nestedStates(agent: AgentState): AgentState[] {
  const found: AgentState[] = [];
  for (const call of agent.batch?.calls ?? []) {
    for (const nested of call.subRuns ?? []) {
      found.push(nested, ...nestedStates(nested));
    }
  }
  return found;
}
