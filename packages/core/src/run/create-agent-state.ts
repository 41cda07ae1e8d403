import type { Message } from "../messages/index.js";
import type { AgentState } from "./run-state.js";

/** What a fresh {@link AgentState} is made from. */
export interface AgentStateInit {
  readonly runId: string;
  readonly agentPath: string;
  readonly model: string;
  /** The conversation the run starts from (system prompt first). */
  readonly messages: Message[];
  readonly toolCallLimit: number;
  readonly maxIterations: number;
}

/** The name of an agent from its path: `researcher` for `main/researcher#2`. */
export function agentNameOf(agentPath: string): string {
  const last = agentPath.slice(agentPath.lastIndexOf("/") + 1);
  const hash = last.lastIndexOf("#");
  return hash > 0 ? last.slice(0, hash) : last;
}

/** The state of an agent's run before its first step. */
export function createAgentState(init: AgentStateInit): AgentState {
  return {
    runId: init.runId,
    agentPath: init.agentPath,
    agentName: agentNameOf(init.agentPath),
    model: init.model,
    status: "running",
    step: "prepare",
    iteration: 0,
    toolCallCount: 0,
    toolCallLimit: init.toolCallLimit,
    maxIterations: init.maxIterations,
    hasToolCalls: true,
    toolChoice: "auto",
    messages: init.messages,
    inLoopMessages: [],
    added: [],
    turnIterations: [],
    usage: [],
    toolCalls: [],
    toolMetadata: {},
    lastIterationErroredTools: [],
    toolsNotEnabled: [],
    subAgentToolCalls: 0,
    subRunNumbers: {},
    finalAnswerRequested: false,
    lastText: "",
    lastToolCalls: [],
    sentText: "",
    progress: [],
    custom: {},
  };
}
