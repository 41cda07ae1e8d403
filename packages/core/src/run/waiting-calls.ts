import type { Interruption } from "./interruption.js";
import type { AgentState, BatchCall } from "./run-state.js";

/** A call of an agent's open batch that waits for a person. */
export interface WaitingCall {
  readonly agent: AgentState;
  readonly entry: BatchCall;
  readonly item: Interruption;
}

/** Every call of the run tree under `state` that waits for a person, in tree order (nested runs under their call). */
export function waitingCalls(state: AgentState): WaitingCall[] {
  const found: WaitingCall[] = [];
  collect(state, found);
  return found;
}

function collect(agent: AgentState, found: WaitingCall[]): void {
  for (const entry of agent.batch?.calls ?? []) {
    const { call } = entry;
    const waiting = (entry.status === "awaiting" && !entry.approval) || (entry.status === "interrupted" && entry.waitingFor !== undefined);
    if (waiting) {
      const kind = entry.waitingFor?.kind ?? "approval";
      const payload = entry.waitingFor?.payload;
      found.push({
        agent,
        entry,
        item: {
          id: call.toolCallId,
          kind,
          agentPath: agent.agentPath,
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          arguments: entry.arguments ?? call.arguments,
          ...(payload === undefined ? {} : { payload }),
        },
      });
    }
    if (entry.status === "interrupted") for (const sub of entry.subRuns ?? []) if (sub.status === "interrupted") collect(sub, found);
  }
}

/**
 * What the run tree under `state` waits for: the approvals and questions a paused run
 * (`status: "interrupted"`) lists in `result.interruptions`, read from its state (a
 * stored checkpoint included). Decisions name these ids.
 */
export function interruptionsOf(state: AgentState): Interruption[] {
  return waitingCalls(state).map((waiting) => waiting.item);
}
