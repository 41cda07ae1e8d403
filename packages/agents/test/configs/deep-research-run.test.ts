import { describe, expect, it } from "vitest";
import type { ModelRequest, StreamEvent, Usage } from "@baton/core";
import { stream } from "@baton/loop";
import { fakeTool, scriptedModel, type ScriptedReply } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { DEFAULT_RESEARCHER_INSTRUCTIONS, deepResearchSupervisorConfig, researcherTool, type ResearcherFindings } from "../../src/configs/index.js";

const TOPICS = ["alpha", "beta", "gamma"] as const;
type Topic = (typeof TOPICS)[number];

const isResearcher = (request: ModelRequest): boolean => {
  const first = request.messages[0];
  return first?.role === "system" && first.content.startsWith(DEFAULT_RESEARCHER_INSTRUCTIONS);
};
const topicOf = (request: ModelRequest): Topic => {
  const user = request.messages.find((m) => m.role === "user");
  const text = user?.role === "user" ? user.content.map((p) => (p.type === "text" ? p.text : "")).join("") : "";
  return text as Topic;
};
const toolMessages = (request: ModelRequest): number => request.messages.filter((m) => m.role === "tool").length;

/**
 * Each researcher's script, by step (the number of tool results it has seen):
 * alpha searches once, beta twice in parallel, gamma twice in a row; then each
 * streams its findings in chunks.
 */
const RESEARCHER_SCRIPTS: Record<Topic, readonly ScriptedReply[]> = {
  alpha: [
    {
      text: ["Looking ", "up alpha."],
      toolCalls: [{ name: "web_search", arguments: { q: "alpha" } }],
      usage: { inputTokens: 11, outputTokens: 1 },
      chunkDelayMs: 1,
    },
    { text: ["alpha ", "is ", "first."], usage: { inputTokens: 12, outputTokens: 2 }, chunkDelayMs: 1 },
  ],
  beta: [
    {
      text: ["Two ", "searches."],
      toolCalls: [
        { name: "web_search", arguments: { q: "beta" } },
        { name: "web_search", arguments: { q: "beta history" } },
      ],
      usage: { inputTokens: 21, outputTokens: 1 },
      chunkDelayMs: 1,
    },
    { text: ["beta ", "is ", "second."], usage: { inputTokens: 22, outputTokens: 2 }, chunkDelayMs: 1 },
  ],
  gamma: [
    {
      text: ["Start ", "with gamma."],
      toolCalls: [{ name: "web_search", arguments: { q: "gamma" } }],
      usage: { inputTokens: 31, outputTokens: 1 },
      chunkDelayMs: 1,
    },
    {
      text: ["Then ", "its details."],
      toolCalls: [{ name: "web_search", arguments: { q: "gamma details" } }],
      usage: { inputTokens: 32, outputTokens: 1 },
      chunkDelayMs: 1,
    },
    { text: ["gamma ", "is ", "third."], usage: { inputTokens: 33, outputTokens: 3 }, chunkDelayMs: 1 },
  ],
};
const FINDINGS: Record<Topic, string> = { alpha: "alpha is first.", beta: "beta is second.", gamma: "gamma is third." };

/** The supervisor's script, by step. */
const SUPERVISOR_SCRIPT: readonly ScriptedReply[] = [
  {
    text: "Planning.",
    toolCalls: [
      ...TOPICS.map((topic) => ({ id: `r_${topic}`, name: "researcher_agent", arguments: { topic } })),
      // Not a research tool: its call and result must not be stored.
      { id: "note_1", name: "scratchpad", arguments: { note: "three topics" } },
    ],
    usage: { inputTokens: 100, outputTokens: 10 },
  },
  { toolCalls: [{ id: "rep_1", name: "report_generation", arguments: { title: "Report" } }], usage: { inputTokens: 200, outputTokens: 20 } },
  { text: ["Final ", "answer."], usage: { inputTokens: 300, outputTokens: 30 } },
];

/** Resolves once each of the three researchers has started its first search: proof they run at the same time. */
function barrier(count: number): { arrive(topic: string): Promise<void> } {
  const arrived = new Set<string>();
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    arrive(topic) {
      arrived.add(topic);
      if (arrived.size === count) open();
      return opened;
    },
  };
}

const sum = (records: readonly Usage[], key: "inputTokens" | "outputTokens"): number => records.reduce((total, u) => total + u[key], 0);

describe("a deep-research run with three researchers in parallel", () => {
  it("merges usage, tool-call counts and stored parts exactly, and interleaves the researchers' events", async () => {
    const gate = barrier(3);
    const webSearch = fakeTool({
      name: "web_search",
      delayMs: 2,
      result: async (args: { q: string }) => {
        await gate.arrive(args.q.split(" ")[0]!);
        return `results for ${args.q}`;
      },
    });
    const scratchpad = fakeTool({ name: "scratchpad", result: "noted" });
    const report = fakeTool({ name: "report_generation", result: "# Report\nalpha, beta, gamma." });
    const model = scriptedModel(
      [(request) => (isResearcher(request) ? RESEARCHER_SCRIPTS[topicOf(request)][toolMessages(request)]! : SUPERVISOR_SCRIPT[toolMessages(request)]!)],
      { repeatLast: true },
    );
    const storage = createMemoryStorage();

    const running = stream({
      provider: model,
      model: "m",
      input: "Research alpha, beta and gamma.",
      instructions: "You supervise deep research.",
      tools: [researcherTool({ tools: [webSearch] }), scratchpad, report],
      config: deepResearchSupervisorConfig(),
      storage,
      conversationId: "conv",
    });
    const events: StreamEvent[] = [];
    for await (const event of running) events.push(event);
    const result = await running.result;

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Final answer.");

    // --- Which researcher is which: from the searches each path made.
    const pathOf = new Map<Topic, string>();
    for (const e of events)
      if (e.type === "tool-call" && e.toolCall.toolName === "web_search")
        pathOf.set((e.toolCall.arguments as { q: string }).q.split(" ")[0] as Topic, e.agentPath);
    expect([...pathOf.values()].sort()).toEqual(["main/researcher#1", "main/researcher#2", "main/researcher#3"]);

    // --- Usage: supervisor 3 calls + alpha 2 + beta 2 + gamma 3, token sums exact.
    const byPath = (path: string) => result.usage.calls.filter((u) => u.agentPath === path);
    expect(byPath("main").map((u) => [u.iteration, u.inputTokens, u.outputTokens, u.tools])).toEqual([
      [1, 100, 10, ["researcher_agent", "researcher_agent", "researcher_agent", "scratchpad"]],
      [2, 200, 20, ["report_generation"]],
      [3, 300, 30, []],
    ]);
    const researcherCalls: Record<Topic, number> = { alpha: 2, beta: 2, gamma: 3 };
    for (const topic of TOPICS) expect(byPath(pathOf.get(topic)!)).toHaveLength(researcherCalls[topic]);
    expect(result.usage.calls).toHaveLength(3 + 2 + 2 + 3);
    expect(result.usage.total).toMatchObject({ calls: 10, inputTokens: 600 + 23 + 43 + 96, outputTokens: 60 + 3 + 3 + 5 });

    // --- Each researcher's result: its findings, and usage and count that match what the loop merged.
    const researcherRecords = result.toolCalls.filter((r) => r.toolName === "researcher_agent");
    expect(researcherRecords.map((r) => r.toolCallId)).toEqual(["r_alpha", "r_beta", "r_gamma"]);
    const countsByTopic: Record<Topic, number> = { alpha: 1, beta: 2, gamma: 2 };
    for (const record of researcherRecords) {
      const topic = record.toolCallId.slice("r_".length) as Topic;
      const findings = record.result as ResearcherFindings;
      const own = byPath(pathOf.get(topic)!);
      expect(findings.findings).toBe(FINDINGS[topic]);
      expect(findings.toolCallCount).toBe(countsByTopic[topic]);
      expect(findings.usage).toMatchObject({
        calls: own.length,
        inputTokens: sum(own, "inputTokens"),
        outputTokens: sum(own, "outputTokens"),
        tools: ["web_search"],
      });
    }
    // --- Tool-call count: the supervisor's 5 counted calls (3 researchers, scratchpad, report) + the researchers' 1 + 2 + 2.
    const researchersCounted = researcherRecords.reduce((total, r) => total + (r.result as ResearcherFindings).toolCallCount, 0);
    expect(result.toolCalls.map((r) => r.toolName)).toEqual(["researcher_agent", "researcher_agent", "researcher_agent", "scratchpad", "report_generation"]);
    expect(researchersCounted).toBe(5);
    expect(result.toolCallCount).toBe(5 + researchersCounted);
    expect(webSearch.calls).toHaveLength(5);

    // --- Stored: the supervisor's turns with only the research tools' calls and results.
    const stored = await storage.loadMessages("conv");
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
    const parts = stored[1]!.parts.map((part) => {
      const { tokens: _tokens, iteration: _iteration, ...rest } = part as typeof part & { tokens?: unknown; iteration?: unknown };
      return rest;
    });
    const researcherResult = (topic: Topic) => {
      const record = researcherRecords.find((r) => r.toolCallId === `r_${topic}`)!;
      return { type: "tool-result", toolCallId: `r_${topic}`, toolName: "researcher_agent", result: record.result };
    };
    expect(parts).toEqual([
      {
        type: "text",
        text: "Planning.",
        toolCalls: TOPICS.map((topic) => ({ type: "tool-call", toolCallId: `r_${topic}`, toolName: "researcher_agent", arguments: { topic } })),
      },
      { type: "tool-results", results: TOPICS.map(researcherResult) },
      { type: "text", text: "", toolCalls: [{ type: "tool-call", toolCallId: "rep_1", toolName: "report_generation", arguments: { title: "Report" } }] },
      { type: "tool-results", results: [{ type: "tool-result", toolCallId: "rep_1", toolName: "report_generation", result: "# Report\nalpha, beta, gamma." }] },
      { type: "text", text: "Final answer." },
    ]);
    expect(JSON.stringify(stored)).not.toContain("scratchpad");
    expect(JSON.stringify(stored)).not.toContain("three topics");
    // Usage is stored for every call (sub-agents' included), with only research tool names.
    const usage = await storage.queryUsage({ conversationId: "conv" });
    expect(usage).toHaveLength(10);
    expect(sum(usage, "inputTokens")).toBe(762);
    expect(new Set(usage.flatMap((u) => u.tools))).toEqual(new Set(["researcher_agent", "report_generation"]));

    // --- Events: ordered, and the three researchers stream at the same time.
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(new Set(events.map((e) => e.agentPath))).toEqual(new Set(["main", "main/researcher#1", "main/researcher#2", "main/researcher#3"]));
    const researcherPaths = ["main/researcher#1", "main/researcher#2", "main/researcher#3"];
    const firstIndex = (path: string) => events.findIndex((e) => e.agentPath === path);
    const lastIndex = (path: string) => events.findLastIndex((e) => e.agentPath === path);
    // Every researcher starts before any of them ends.
    const firstEnd = Math.min(...researcherPaths.map(lastIndex));
    for (const path of researcherPaths) expect(firstIndex(path)).toBeLessThan(firstEnd);
    // All three first searches start before any search is done (the barrier holds them until all three are in).
    const firstSearchEnd = events.findIndex((e) => e.type === "tool-done" && e.toolName === "web_search");
    for (const path of researcherPaths) {
      expect(events.findIndex((e) => e.type === "tool-start" && e.toolName === "web_search" && e.agentPath === path)).toBeLessThan(firstSearchEnd);
    }
    // Each researcher streamed its text as deltas, into its own content blocks.
    for (const topic of TOPICS) {
      const deltas = events.filter((e): e is Extract<StreamEvent, { type: "text-delta" }> => e.type === "text-delta" && e.agentPath === pathOf.get(topic));
      expect(deltas.map((e) => e.text).join("")).toContain(FINDINGS[topic]);
      expect(deltas.length).toBeGreaterThanOrEqual(5);
    }
    // The researcher paths alternate in the event stream: the researchers' events interleave.
    const researcherSequence = events.filter((e) => e.agentPath !== "main").map((e) => e.agentPath);
    const switches = researcherSequence.filter((path, i) => i > 0 && path !== researcherSequence[i - 1]).length;
    expect(switches).toBeGreaterThan(researcherPaths.length);
    // The supervisor's run-end totals agree with the result.
    expect(events.at(-1)).toMatchObject({ type: "run-end", agentPath: "main", toolCallCount: 10, usage: { calls: 10 } });
  });
});
