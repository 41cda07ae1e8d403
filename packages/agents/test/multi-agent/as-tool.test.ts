import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Message, StreamEvent, ToolMessage } from "@baton/core";
import { run, stream } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { toolEffects } from "@baton/core/tool-access";
import { defineAgent, HANDOFF_DEPTH_EXCEEDED, SUB_AGENT_FAILED } from "../../src/multi-agent/index.js";

/** The tool results of the last tool message a model was sent. */
function lastToolResults(messages: readonly Message[]): ToolMessage["content"] {
  const last = messages.at(-1);
  if (last?.role !== "tool") throw new Error(`expected a tool message last, got ${last?.role}`);
  return last.content;
}

function researcher(
  provider = scriptedModel([
    { toolCalls: [{ id: "w1", name: "web", arguments: { q: "cats" } }], usage: { inputTokens: 8, outputTokens: 2 } },
    { text: "Cats purr.", usage: { inputTokens: 12, outputTokens: 3 } },
  ]),
) {
  const web = fakeTool({ name: "web", result: (args: { q: string }) => `a page about ${args.q}` });
  const agent = defineAgent({
    name: "researcher",
    description: "Researches a topic on the web.",
    instructions: "You are a researcher.",
    tools: [web],
    provider,
  });
  return { agent, web, provider };
}

describe("agent.asTool() (delegation)", () => {
  it("runs the sub-agent with its own instructions and tools, returns its answer to the parent, which continues", async () => {
    const { agent, web, provider } = researcher();
    const main = scriptedModel([
      { toolCalls: [{ id: "r1", name: "researcher", arguments: { input: "Find out about cats" } }], usage: { inputTokens: 20, outputTokens: 4 } },
      { text: "Summary: cats purr.", usage: { inputTokens: 30, outputTokens: 5 } },
    ]);
    const tool = agent.asTool();
    expect(tool.name).toBe("researcher");
    expect(tool.description).toBe("Researches a topic on the web.");
    expect(tool.parameters).toMatchObject({ type: "object", required: ["input"] });

    const result = await run({ provider: main, model: "m", input: "Tell me about cats", tools: [tool] });

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Summary: cats purr.");
    // The sub-agent got its own system prompt, the task as the user message, and its own tools only.
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[0]!.messages).toEqual([
      { role: "system", content: "You are a researcher." },
      { role: "user", content: [{ type: "text", text: "Find out about cats" }] },
    ]);
    expect(provider.requests[0]!.tools?.map((t) => t.name)).toEqual(["web"]);
    expect(web.calls.map((c) => c.args)).toEqual([{ q: "cats" }]);
    // The parent's model read the sub-agent's answer as the tool result, then answered.
    expect(main.requests).toHaveLength(2);
    expect(lastToolResults(main.requests[1]!.messages)).toEqual([{ type: "tool-result", toolCallId: "r1", toolName: "researcher", result: "Cats purr." }]);
    // Usage and tool counts merged: 2 parent calls + 2 sub-agent calls, in the order the calls
    // started (the parent's first call, then the sub-agent's two, then the parent's answer).
    expect(result.usage.calls.map((u) => u.agentPath)).toEqual(["main", "main/researcher#1", "main/researcher#1", "main"]);
    expect(result.usage.total).toMatchObject({ inputTokens: 20 + 30 + 8 + 12, outputTokens: 4 + 5 + 2 + 3, calls: 4 });
    expect(result.toolCallCount).toBe(2);
    expect(result.toolMetadata.r1!.subAgent).toEqual({
      agent: "researcher",
      agentPath: "main/researcher#1",
      stopReason: "completed",
      text: "Cats purr.",
      iterations: 2,
      toolCallCount: 1,
      usage: expect.objectContaining({ inputTokens: 20, outputTokens: 5, calls: 2 }),
    });
  });

  it("streams the nested run into the parent's stream, in order, with the path main/<name>#1", async () => {
    const { agent } = researcher();
    const main = scriptedModel([{ toolCalls: [{ id: "r1", name: "researcher", arguments: { input: "cats" } }] }, "Done."]);
    const events: StreamEvent[] = [];
    const running = stream({ provider: main, model: "m", input: "cats?", tools: [agent.asTool()] });
    for await (const event of running) events.push(event);
    const result = await running.result;
    expect(result.text).toBe("Done.");

    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const brief = events
      .filter((e) => ["run-start", "tool-start", "tool-done", "text-delta", "run-end"].includes(e.type))
      .map((e) => `${e.agentPath} ${e.type}${"toolName" in e ? ` ${e.toolName}` : ""}`);
    // Consecutive text deltas collapsed: the exact chunking is the model's business.
    const collapsed = brief.filter((line, i) => !(line.endsWith("text-delta") && brief[i - 1] === line));
    expect(collapsed).toEqual([
      "main run-start",
      "main tool-start researcher",
      "main/researcher#1 run-start",
      "main/researcher#1 tool-start web",
      "main/researcher#1 tool-done web",
      "main/researcher#1 text-delta",
      "main/researcher#1 run-end",
      "main tool-done researcher",
      "main text-delta",
      "main run-end",
    ]);
    const nestedText = events
      .filter((e) => e.type === "text-delta" && e.agentPath === "main/researcher#1")
      .map((e) => (e.type === "text-delta" ? e.text : ""))
      .join("");
    expect(nestedText).toBe("Cats purr.");
    expect(events.find((e) => e.type === "run-start" && e.agentPath === "main/researcher#1")).toMatchObject({ parentAgentPath: "main" });
  });

  it("numbers repeated delegations main/<name>#1, #2", async () => {
    const sub = scriptedModel([(request) => `answer to ${JSON.stringify(request.messages.at(-1)?.content)}`], { repeatLast: true });
    const { agent } = researcher(sub);
    const main = scriptedModel([
      {
        toolCalls: [
          { id: "a", name: "researcher", arguments: { input: "one" } },
          { id: "b", name: "researcher", arguments: { input: "two" } },
        ],
      },
      "Both done.",
    ]);
    const result = await run({ provider: main, model: "m", input: "x", tools: [agent.asTool()] });
    expect(result.text).toBe("Both done.");
    const paths = [result.toolMetadata.a!.subAgent, result.toolMetadata.b!.subAgent].map((s) => (s as { agentPath: string }).agentPath);
    expect(paths.sort()).toEqual(["main/researcher#1", "main/researcher#2"]);
  });

  it("a failing sub-agent is a tool error the parent's model sees, and the parent carries on", async () => {
    const failing = scriptedModel([{ error: "the search backend is down" }]);
    const { agent } = researcher(failing);
    const main = scriptedModel([{ toolCalls: [{ id: "r1", name: "researcher", arguments: { input: "cats" } }] }, "I could not research that."]);
    const result = await run({ provider: main, model: "m", input: "cats?", tools: [agent.asTool()] });

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("I could not research that.");
    const [seen] = lastToolResults(main.requests[1]!.messages);
    expect(seen).toMatchObject({ toolCallId: "r1", isError: true });
    expect(seen!.result).toMatch(
      /^Error \(SUB_AGENT_FAILED\): Agent "researcher" failed \(main\/researcher#1, stop reason "error"\): \(PROVIDER_ERROR\) .*the search backend is down/,
    );
    expect(result.toolCalls[0]).toMatchObject({ toolName: "researcher", status: "error" });
    expect(result.toolMetadata.r1!.error).toMatchObject({
      code: SUB_AGENT_FAILED,
      details: { agent: "researcher", agentPath: "main/researcher#1", stopReason: "error", causeCode: "PROVIDER_ERROR" },
    });
  });

  it("a sub-agent that ends without text is a tool error", async () => {
    const { agent } = researcher(scriptedModel([{ text: "" }]));
    const main = scriptedModel([{ toolCalls: [{ id: "r1", name: "researcher", arguments: { input: "cats" } }] }, "ok"]);
    const _result = await run({ provider: main, model: "m", input: "x", tools: [agent.asTool()] });
    expect(lastToolResults(main.requests[1]!.messages)[0]!.result).toContain(
      'Agent "researcher" ended without an answer (main/researcher#1, stop reason "completed")',
    );
  });

  it("a sub-agent nested past the loop's maxDepth gives MAX_DEPTH_EXCEEDED as a tool error", async () => {
    const leafModel = scriptedModel(["never asked"]);
    const leaf = defineAgent({ name: "leaf", description: "A leaf.", instructions: "Leaf.", provider: leafModel });
    const middleModel = scriptedModel([{ toolCalls: [{ id: "l1", name: "leaf", arguments: { input: "go deeper" } }] }, "The leaf was out of reach."]);
    const middle = defineAgent({ name: "middle", description: "A middle agent.", instructions: "Middle.", tools: [leaf.asTool()], provider: middleModel });
    const main = scriptedModel([{ toolCalls: [{ id: "m1", name: "middle", arguments: { input: "go" } }] }, "Done."]);

    const result = await run({ provider: main, model: "m", input: "x", tools: [middle.asTool()], maxDepth: 1 });

    expect(result.text).toBe("Done.");
    expect(leafModel.requests).toHaveLength(0);
    const seen = lastToolResults(middleModel.requests[1]!.messages)[0]!;
    expect(seen.isError).toBe(true);
    expect(seen.result).toMatch(
      /Agent "leaf" could not start \(MAX_DEPTH_EXCEEDED\): Cannot start a sub-agent under "main\/middle#1": the maximum depth of 1 is reached\./,
    );
    // The nested run's tool metadata merges into the parent's.
    expect(result.toolMetadata.l1!.error).toMatchObject({ code: SUB_AGENT_FAILED, details: { agent: "leaf", causeCode: "MAX_DEPTH_EXCEEDED" } });
    expect(lastToolResults(main.requests[1]!.messages)[0]!.result).toBe("The leaf was out of reach.");
    expect(HANDOFF_DEPTH_EXCEEDED).toBe("HANDOFF_DEPTH_EXCEEDED");
  });

  it("takes a zod input schema: checks the arguments and hands them over as JSON", async () => {
    const sub = scriptedModel(["Cats, in depth."]);
    const { agent } = researcher(sub);
    const tool = agent.asTool({
      name: "deep_research",
      description: "Researches a topic in depth.",
      inputSchema: z.object({ topic: z.string().describe("What to research"), depth: z.number().default(1) }),
    });
    expect(tool.name).toBe("deep_research");
    expect(tool.parameters).toEqual({
      type: "object",
      properties: { topic: { type: "string", description: "What to research" }, depth: { type: "number", default: 1 } },
      required: ["topic"],
    });
    const main = scriptedModel([
      { toolCalls: [{ id: "bad", name: "deep_research", arguments: { depth: 2 } }] },
      { toolCalls: [{ id: "good", name: "deep_research", arguments: { topic: "cats" } }] },
      "Done.",
    ]);
    const result = await run({ provider: main, model: "m", input: "x", tools: [tool] });
    expect(result.toolCalls.map((c) => c.status)).toEqual(["invalid", "ok"]);
    expect(lastToolResults(main.requests[1]!.messages)[0]!.result).toContain("topic:");
    expect(sub.requests[0]!.messages.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: JSON.stringify({ topic: "cats", depth: 1 }, null, 2) }] });
  });

  it("aborting the parent stops the sub-agent: the run ends aborted, with the usage spent so far", async () => {
    const controller = new AbortController();
    const slowWeb = fakeTool({ name: "web", delayMs: 10_000 });
    const sub = scriptedModel([{ toolCalls: [{ name: "web", arguments: {} }], usage: { inputTokens: 5, outputTokens: 1 } }]);
    const agent = defineAgent({ name: "researcher", description: "Researches.", instructions: "R.", tools: [slowWeb], provider: sub });
    const main = scriptedModel([{ toolCalls: [{ id: "r1", name: "researcher", arguments: { input: "x" } }], usage: { inputTokens: 3, outputTokens: 1 } }]);
    const result = await run({
      provider: main,
      model: "m",
      input: "x",
      tools: [agent.asTool()],
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "tool-start" && event.toolName === "web") controller.abort();
      },
    });
    expect(result.stopReason).toBe("aborted");
    expect(result.usage.total).toMatchObject({ inputTokens: 3 + 5, calls: 2 });
    expect(result.toolMetadata.r1?.error).toBeUndefined();
  });

  it("formatInput shapes the task", async () => {
    const sub = scriptedModel(["ok"]);
    const { agent } = researcher(sub);
    const tool = agent.asTool({ formatInput: (args) => `Task: ${args.input}` });
    const main = scriptedModel([{ toolCalls: [{ name: "researcher", arguments: { input: "cats" } }] }, "Done."]);
    await run({ provider: main, model: "m", input: "x", tools: [tool] });
    expect(sub.requests[0]!.messages.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: "Task: cats" }] });
  });

  it("is idempotent: what it does is the sub-agent's tool calls, each journaled and declared on its own", () => {
    const { agent } = researcher();
    expect(agent.asTool().effects).toBe("idempotent");
    expect(toolEffects(agent.asTool({ name: "ask_researcher" }))).toBe("idempotent");
  });

  it("bad names and limits are refused", () => {
    const { agent } = researcher();
    expect(() => agent.asTool({ name: "has space" })).toThrow(/Invalid tool name "has space"/);
    expect(() => defineAgent({ name: "a/b", description: "x", instructions: "" })).toThrow(/Invalid agent name "a\/b"/);
    expect(() => defineAgent({ name: "ok", description: " ", instructions: "" })).toThrow(/needs a description/);
    expect(() => defineAgent({ name: "ok", description: "x", instructions: "", maxHandoffs: -1 })).toThrow(/maxHandoffs/);
  });
});

describe("defineAgent: toolPreset, allowedTools and disallowedTools", () => {
  it("narrow the agent's tools, as its own agent and as a tool of another", async () => {
    const grep = { ...fakeTool({ name: "grep", result: "found" }), preset: "readonly" as const };
    const edit = { ...fakeTool({ name: "edit", result: "edited" }), preset: "readwrite" as const };
    const reader = defineAgent({ name: "reader", description: "Reads.", instructions: "Read.", tools: [grep, edit], toolPreset: "readonly" });
    expect(reader.tools.map((tool) => tool.name)).toEqual(["grep"]);
    const provider = scriptedModel([{ toolCalls: [{ name: "edit", arguments: {} }] }, "done"]);
    const result = await run({ provider, model: "m", input: "x", ...reader.runOptions() });
    expect(provider.requests[0]!.tools?.map((tool) => tool.name)).toEqual(["grep"]);
    expect(result.toolCalls[0]).toMatchObject({ toolName: "edit", status: "invalid", error: { code: "TOOL_NOT_FOUND" } });
    expect(edit.calls).toHaveLength(0);
    expect(
      defineAgent({ name: "w", description: "W.", instructions: "", tools: [grep, edit], disallowedTools: ["grep"] }).tools.map((tool) => tool.name),
    ).toEqual(["edit"]);
    expect(() => defineAgent({ name: "w", description: "W.", instructions: "", tools: [grep], allowedTools: ["edit"] })).toThrow(
      'Agent "w": allowedTools names tools it does not have (edit); its tools: grep.',
    );
  });
});
