import type { Message, OrchestratorState, Usage } from "@baton/core";

/** What a fresh {@link OrchestratorState} is made from. */
export interface InitialStateInput {
  readonly runId: string;
  readonly agentPath: string;
  readonly messages: Message[];
  readonly toolCallLimit: number;
  readonly maxIterations: number;
  readonly usage: Usage[];
}

/** The state of a run before its first iteration. */
export function createInitialState(input: InitialStateInput): OrchestratorState {
  return {
    runId: input.runId,
    agentPath: input.agentPath,
    iteration: 0,
    toolCallCount: 0,
    toolCallLimit: input.toolCallLimit,
    maxIterations: input.maxIterations,
    hasToolCalls: true,
    toolChoice: "auto",
    messages: input.messages,
    inLoopMessages: [],
    usage: input.usage,
    toolMetadata: {},
    lastIterationErroredTools: [],
    toolsNotEnabled: [],
    subAgentToolCalls: 0,
    finalAnswerRequested: false,
    lastText: "",
    lastToolCalls: [],
    custom: {},
  };
}
