import { describe, expect, it } from "vitest";
import type { StreamEvent, Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { run } from "../src/index.js";

/** A tool that delegates its query to a researcher sub-agent. */
function researcherTool(): Tool<{ topic: string }> {
  return {
    name: "research",
    description: "Researches a topic with a sub-agent.",
    parameters: { type: "object", properties: { topic: { type: "string" } }, required: ["topic"] },
    async execute(args, ctx) {
      const result = await ctx.runSubAgent({
        name: "researcher",
        input: `Research ${args.topic}`,
        instructions: "You are a researcher.",
        tools: [fakeTool({ name: "web", result: (a: { q: string }) => `page about ${a.q}`, delayMs: 5 })],
      });
      ctx.metadata.subAgentStop = result.stopReason;
      return { findings: result.text, toolCalls: result.toolCallCount };
    },
  };
}

describe("sub-agents", () => {
  it("stream into the parent with deeper paths, strictly increasing sequence, and merge usage, counts and metadata", async () => {
    // One provider serves every agent; turns are matched by the conversation they see.
    const model = scriptedModel(
      [
        (request) => {
          const system = request.messages[0];
          const isResearcher = system?.role === "system" && system.content.startsWith("You are a researcher");
          const last = request.messages.at(-1)!;
          if (!isResearcher) {
            return last.role === "tool"
              ? { text: "Summary of both topics.", usage: { inputTokens: 30, outputTokens: 5 } }
              : {
                  toolCalls: [
                    { name: "research", arguments: { topic: "cats" } },
                    { name: "research", arguments: { topic: "dogs" } },
                  ],
                  usage: { inputTokens: 20, outputTokens: 4 },
                };
          }
          const topic = /Research (\w+)/.exec(JSON.stringify(request.messages))![1]!;
          return last.role === "tool"
            ? { text: `${topic} are great`, usage: { inputTokens: 10, outputTokens: 2 } }
            : { toolCalls: [{ name: "web", arguments: { q: topic } }], usage: { inputTokens: 8, outputTokens: 1 } };
        },
      ],
      { repeatLast: true },
    );
    const events: StreamEvent[] = [];
    const result = await run({ provider: model, model: "m", input: "Tell me about pets", tools: [researcherTool()], onEvent: (e) => events.push(e) });

    expect(result.text).toBe("Summary of both topics.");
    const paths = [...new Set(events.map((e) => e.agentPath))];
    expect(paths.sort()).toEqual(["main", "main/researcher#1", "main/researcher#2"]);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.find((e) => e.type === "run-start" && e.agentPath === "main/researcher#1")).toMatchObject({ parentAgentPath: "main" });

    // 2 main calls + 2 calls per researcher
    expect(result.usage.calls).toHaveLength(6);
    expect(result.usage.total).toMatchObject({ inputTokens: 20 + 30 + 2 * (8 + 10), outputTokens: 4 + 5 + 2 * (1 + 2), calls: 6 });
    expect(result.usage.calls.filter((u) => u.agentPath.startsWith("main/researcher")).map((u) => u.tools.join())).toEqual(expect.arrayContaining(["web", ""]));
    // 2 research calls + 1 web call in each researcher
    expect(result.toolCallCount).toBe(4);
    expect(result.toolCalls.map((r) => r.result)).toEqual([
      { findings: "cats are great", toolCalls: 1 },
      { findings: "dogs are great", toolCalls: 1 },
    ]);
    expect(Object.values(result.toolMetadata).filter((m) => m.subAgentStop === "completed")).toHaveLength(2);
  });

  it("past the maximum depth, starting a sub-agent fails with a clear error the model sees", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "research", arguments: { topic: "x" } }] }, "could not delegate"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [researcherTool()], maxDepth: 0 });
    expect(result.toolCalls[0]).toMatchObject({ status: "error", error: { code: "MAX_DEPTH_EXCEEDED" } });
    expect(result.toolCalls[0]!.error!.message).toContain("maximum depth of 0");
    expect(result.text).toBe("could not delegate");
  });

  it("a sub-agent started with ctx.runSubAgent that fails rejects with SUB_AGENT_FAILED, which the call records and the model reads", async () => {
    const model = scriptedModel(
      [
        (request) => {
          const system = request.messages[0];
          if (system?.role === "system" && system.content.startsWith("You are a researcher")) return { error: "search backend down" };
          return request.messages.at(-1)!.role === "tool" ? "The research failed." : { toolCalls: [{ id: "r1", name: "research", arguments: { topic: "x" } }] };
        },
      ],
      { repeatLast: true },
    );
    const result = await run({ provider: model, model: "m", input: "x", tools: [researcherTool()] });
    expect(result.toolCalls[0]).toMatchObject({
      status: "error",
      error: { code: "SUB_AGENT_FAILED", details: { agent: "researcher", agentPath: "main/researcher#1", stopReason: "error", causeCode: "PROVIDER_ERROR" } },
    });
    const read = model.requests.at(-1)!.messages.at(-1)!;
    expect(read.role === "tool" && String(read.content[0]!.result)).toMatch(
      /^Error \(SUB_AGENT_FAILED\): Sub-agent "researcher" failed \(main\/researcher#1, stop reason "error"\): \(PROVIDER_ERROR\) .*search backend down/,
    );
    expect(result.text).toBe("The research failed.");
  });

  it("aborting the parent aborts the sub-agent, and the usage it used is still reported", async () => {
    const controller = new AbortController();
    const model = scriptedModel(
      [
        (request) => {
          const system = request.messages[0];
          const isResearcher = system?.role === "system" && system.content.startsWith("You are a researcher");
          if (!isResearcher) return { toolCalls: [{ name: "research", arguments: { topic: "cats" } }], usage: { inputTokens: 3, outputTokens: 1 } };
          return { toolCalls: [{ name: "web", arguments: { q: "cats" } }], usage: { inputTokens: 5, outputTokens: 1 } };
        },
      ],
      { repeatLast: true },
    );
    const slowResearcher: Tool<{ topic: string }> = {
      ...researcherTool(),
      async execute(args, ctx) {
        const result = await ctx.runSubAgent({
          name: "researcher",
          input: `Research ${args.topic}`,
          instructions: "You are a researcher.",
          tools: [fakeTool({ name: "web", delayMs: 10_000 })],
        });
        return result.text;
      },
    };
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [slowResearcher],
      signal: controller.signal,
      onEvent: (e) => {
        if (e.type === "tool-start" && e.toolName === "web") controller.abort();
      },
    });
    expect(result.stopReason).toBe("aborted");
    expect(result.usage.total).toMatchObject({ inputTokens: 3 + 5, calls: 2 });
  });
});
