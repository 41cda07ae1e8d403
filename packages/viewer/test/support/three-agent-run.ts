import type { ModelInfo, ModelProvider, RunResult, StreamEvent, Tool } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";

/** Prices of the scripted model, so usage records carry a cost. */
const MODELS: Record<string, ModelInfo> = {
  "sim-1": { id: "sim-1", contextWindow: 100_000, maxOutputTokens: 4_000, pricing: { inputPerMillion: 3, outputPerMillion: 15 } },
};

function researcher(topic: string, delayMs: number): ModelProvider {
  return scriptedModel(
    [
      { toolCalls: [{ name: "search", arguments: { query: topic } }], usage: { inputTokens: 120, outputTokens: 20 }, delayMs },
      { text: `Findings on ${topic}.`, usage: { inputTokens: 180, outputTokens: 40 }, delayMs },
    ],
    { models: MODELS },
  );
}

function searchTool(delayMs: number): Tool {
  return {
    name: "search",
    description: "Searches the notes.",
    parameters: { type: "object", properties: { query: { type: "string" } } },
    async execute(args) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { hits: [`a note about ${(args as { query: string }).query}`] };
    },
  };
}

/**
 * A 3-agent run: `main` calls `research` (which runs two researcher sub-agents, one
 * after the other, each with a `search` call) and `clock` in one batch, then answers.
 * Returns the run's events.
 */
export async function threeAgentRun(options: { delayMs?: number } = {}): Promise<{ events: StreamEvent[]; runId: string; result: RunResult }> {
  const delayMs = options.delayMs ?? 5;
  const research: Tool = {
    name: "research",
    description: "Runs two researchers.",
    parameters: { type: "object", properties: {} },
    async execute(_args, ctx) {
      await ctx.progress("briefing 2 researchers");
      const facts = await ctx.runSubAgent({
        name: "researcher",
        input: "facts",
        instructions: "Find facts.",
        provider: researcher("facts", delayMs),
        tools: [searchTool(delayMs)],
      });
      const context = await ctx.runSubAgent({
        name: "researcher",
        input: "context",
        instructions: "Find context.",
        provider: researcher("context", delayMs),
        tools: [searchTool(delayMs)],
      });
      return { findings: [facts.text, context.text] };
    },
  };
  const clock: Tool = {
    name: "clock",
    description: "The time.",
    parameters: { type: "object", properties: {} },
    execute: async () => "12:00 UTC",
  };
  const provider = scriptedModel(
    [
      {
        text: "Let me research.",
        toolCalls: [{ name: "research", arguments: { topic: "sunlight" } }, { name: "clock" }],
        usage: { inputTokens: 300, outputTokens: 30 },
        delayMs,
      },
      { text: "Sunlight takes about 8 minutes.", usage: { inputTokens: 500, outputTokens: 60 }, delayMs },
    ],
    { models: MODELS },
  );
  const events: StreamEvent[] = [];
  const result = await run({
    provider,
    model: "sim-1",
    input: "How long does sunlight take?",
    tools: [research, clock],
    onEvent: (event) => void events.push(event),
  });
  if (result.stopReason !== "completed") throw new Error(`the 3-agent run ended ${result.stopReason}`);
  return { events, runId: events[0]!.runId, result };
}

/** `count` events of a long synthetic run (for the render bench and the size test): one agent, many steps and tool calls, and sub-agents. */
export function syntheticEvents(count: number, runId = "run-bench"): StreamEvent[] {
  const events: StreamEvent[] = [];
  let seq = 0;
  let time = 1_700_000_000_000;
  const push = (agentPath: string, event: Record<string, unknown>): void => {
    time += 3;
    events.push({ runId, agentPath, seq: ++seq, contentIndex: 0, timestamp: time, ...event } as unknown as StreamEvent);
  };
  push("main", { type: "run-start", model: "sim-1" });
  let iteration = 0;
  let sub = 0;
  while (seq < count - 12) {
    iteration++;
    push("main", { type: "step-start", iteration, model: "sim-1", toolsSent: true });
    const callId = `call_${iteration}`;
    push("main", { type: "tool-call", toolCall: { type: "tool-call", toolCallId: callId, toolName: "work", arguments: { n: iteration } } });
    push("main", { type: "tool-start", toolCallId: callId, toolName: "work", arguments: { n: iteration } });
    if (iteration % 10 === 0) {
      const path = `main/helper#${++sub}`;
      push(path, { type: "run-start", model: "sim-1", parentAgentPath: "main" });
      push(path, { type: "step-start", iteration: 1, model: "sim-1", toolsSent: false });
      push(path, {
        type: "usage",
        usage: {
          model: "sim-1",
          agentPath: path,
          iteration: 1,
          tools: [],
          inputTokens: 50,
          outputTokens: 5,
          cachedInputTokens: 0,
          reasoningTokens: 0,
          costUsd: 0.0002,
        },
      });
      push(path, { type: "step-end", iteration: 1, finishReason: "stop", toolCalls: 0 });
      push(path, {
        type: "run-end",
        stopReason: "completed",
        text: "ok",
        iterations: 1,
        toolCallCount: 0,
        usage: { inputTokens: 50, outputTokens: 5, cachedInputTokens: 0, reasoningTokens: 0, calls: 1, costUsd: 0.0002, costComplete: true, tools: [] },
      });
    }
    push("main", { type: "tool-done", toolCallId: callId, toolName: "work", result: { ok: iteration }, durationMs: 2 });
    push("main", {
      type: "usage",
      usage: {
        model: "sim-1",
        agentPath: "main",
        iteration,
        tools: ["work"],
        inputTokens: 100,
        outputTokens: 10,
        cachedInputTokens: 0,
        reasoningTokens: 0,
        costUsd: 0.0005,
      },
    });
    push("main", { type: "step-end", iteration, finishReason: "tool_calls", toolCalls: 1 });
  }
  push("main", {
    type: "run-end",
    stopReason: "completed",
    text: "done",
    iterations: iteration,
    toolCallCount: iteration,
    usage: { inputTokens: 0, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0, calls: iteration, costComplete: true, tools: ["work"] },
  });
  return events;
}
