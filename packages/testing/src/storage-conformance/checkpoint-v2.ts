/**
 * A run checkpoint of format 2, as the first storage release wrote it (a copy of
 * `@baton/core`'s frozen fixture `test/fixtures/run-state/run-state.v2.json`): run
 * `run-v2`, paused in a batch of two tool calls whose first (`call_fast`) has its
 * result and whose second (`call_slow`) had not finished. Written raw into a store,
 * it must load as the current run state.
 */
export const CHECKPOINT_V2_JSON: string = JSON.stringify({
  version: 2,
  runId: "run-v2",
  agentPath: "main",
  conversationId: "conv-1",
  model: "test-model",
  history: {
    conversationId: "conv-1",
    throughSeq: 1,
  },
  iteration: 1,
  toolCallCount: 0,
  messages: [
    {
      role: "assistant",
      content: [
        {
          type: "text",
          text: "Looking.",
        },
        {
          type: "tool-call",
          toolCallId: "call_fast",
          toolName: "fast",
          arguments: {
            n: 1,
          },
        },
        {
          type: "tool-call",
          toolCallId: "call_slow",
          toolName: "slow",
          arguments: {
            n: 2,
          },
        },
      ],
    },
  ],
  progress: [],
  loop: {
    hasToolCalls: true,
    finalAnswerRequested: false,
    subAgentToolCalls: 0,
    toolMetadata: {},
    turnIterations: [1],
  },
  usage: [],
  custom: {
    retries: 0,
  },
  savedAt: 1763800000000,
  pending: {
    results: [
      {
        type: "tool-result",
        toolCallId: "call_fast",
        toolName: "fast",
        result: 'fast {"n":1}',
      },
    ],
    usage: {
      model: "test-model",
      agentPath: "main",
      iteration: 1,
      inputTokens: 10,
      outputTokens: 5,
      cachedInputTokens: 0,
      reasoningTokens: 0,
      tools: [],
    },
  },
});
