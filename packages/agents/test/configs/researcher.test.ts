import { describe, expect, it } from "vitest";
import { composeConfigs, type AgentConfig, type AgentState, type Message, type ModelRequest, type StreamEvent, type Tool } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { toolEffects } from "@baton/core/tool-access";
import {
  DEFAULT_RESEARCHER_INSTRUCTIONS,
  RESEARCHER_FINAL_ANSWER_INSTRUCTION,
  researcherConfig,
  researcherTool,
  type ResearcherFindings,
} from "../../src/configs/index.js";

const isResearcher = (request: ModelRequest): boolean => {
  const first = request.messages[0];
  return first?.role === "system" && first.content.startsWith(DEFAULT_RESEARCHER_INSTRUCTIONS);
};
const userText = (messages: readonly Message[]): string =>
  messages
    .map((m) => (m.role === "user" ? m.content.map((p) => (p.type === "text" ? p.text : "")).join("") : undefined))
    .filter((text) => text !== undefined)
    .join("|");

describe("researcherConfig", () => {
  it("always offers its tools, also on the last turn at the tool-call limit", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "web" }] }, "Findings: X."]);
    const result = await run({
      provider: model,
      model: "m",
      input: "topic",
      tools: [fakeTool({ name: "web" })],
      config: researcherConfig({ toolCallLimit: 1 }),
    });
    expect(model.requests.map((r) => r.tools?.map((t) => t.name))).toEqual([["web"], ["web"]]);
    expect(model.requests[1]!.messages.at(-1)).toEqual({ role: "system", content: RESEARCHER_FINAL_ANSWER_INSTRUCTION });
    expect(result).toMatchObject({ text: "Findings: X.", stopReason: "tool_call_limit", toolCallCount: 1 });
  });

  it("runs parallel tools and stores everything unless told to leave tools out", () => {
    const config = researcherConfig();
    expect(config.useParallelTools).toBe(true);
    expect(config.toolCallLimit).toBe(10);
    expect(config.dataPolicy).toMatchObject({ storeText: true, storeToolCalls: true, storeToolResults: true });
    const filtered = researcherConfig({ excludeFromStorage: ["search_history"] }).dataPolicy!;
    expect(filtered.filterToolCalls?.("search_history")).toBe(false);
    expect(filtered.filterToolResults?.("web")).toBe(true);
  });
});

describe("researcherTool", () => {
  it("returns findings with the researcher's usage and tool-call count, which the loop merges into the parent", async () => {
    const web = fakeTool({ name: "web", result: (a: { q: string }) => `page on ${a.q}` });
    const model = scriptedModel(
      [
        (request) => {
          if (!isResearcher(request)) {
            return request.messages.at(-1)!.role === "tool"
              ? { text: "Done.", usage: { inputTokens: 50, outputTokens: 5 } }
              : { toolCalls: [{ name: "researcher_agent", arguments: { topic: "tides", focus: "the moon" } }], usage: { inputTokens: 40, outputTokens: 4 } };
          }
          return request.messages.at(-1)!.role === "tool"
            ? { text: "Tides follow the moon.", usage: { inputTokens: 20, outputTokens: 3 } }
            : {
                toolCalls: [
                  { name: "web", arguments: { q: "tides" } },
                  { name: "web", arguments: { q: "moon" } },
                ],
                usage: { inputTokens: 10, outputTokens: 2 },
              };
        },
      ],
      { repeatLast: true },
    );
    const result = await run({ provider: model, model: "m", input: "why tides?", tools: [researcherTool({ tools: [web] })] });

    const findings = result.toolCalls[0]!.result as ResearcherFindings;
    expect(findings.findings).toBe("Tides follow the moon.");
    expect(findings.toolCallCount).toBe(2);
    expect(findings.usage).toMatchObject({ calls: 2, inputTokens: 30, outputTokens: 5, tools: ["web"] });
    expect(result.usage.total).toMatchObject({ calls: 4, inputTokens: 120, outputTokens: 14 });
    expect(result.toolCallCount).toBe(1 + 2);
    expect(result.toolMetadata[result.toolCalls[0]!.toolCallId]).toMatchObject({
      researcher: { agentPath: "main/researcher#1", stopReason: "completed", iterations: 2 },
    });
    // The researcher got the topic and focus as its task, under its own system prompt.
    const first = model.requests.find(isResearcher)!;
    expect(userText(first.messages)).toBe("tides\n\nFocus: the moon");
  });

  it("is idempotent: what it does is the researcher's tool calls, each journaled and declared on its own", () => {
    expect(researcherTool().effects).toBe("idempotent");
    expect(toolEffects(researcherTool({ name: "dig", timeoutMs: 1000 }))).toBe("idempotent");
  });

  it("rejects arguments without a topic, and fails the call when the researcher fails", async () => {
    const tool = researcherTool();
    expect(tool.validate!({})).toEqual({ success: false, issues: ["topic: a non-empty string is required"] });
    expect(tool.validate!({ topic: "t", focus: 3 })).toEqual({ success: false, issues: ["focus: must be a string"] });
    const model = scriptedModel(
      [
        (request) =>
          isResearcher(request)
            ? { error: "model down" }
            : request.messages.at(-1)!.role === "tool"
              ? "It failed."
              : { toolCalls: [{ name: "researcher_agent", arguments: { topic: "x" } }] },
      ],
      { repeatLast: true },
    );
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool] });
    expect(result.toolCalls[0]).toMatchObject({ status: "error", error: { code: "SUB_AGENT_FAILED", details: { causeCode: "PROVIDER_ERROR" } } });
    expect(result.toolCalls[0]!.error!.message).toContain("main/researcher#1");
    expect(result.text).toBe("It failed.");
  });

  it("isolates each researcher: its own state, messages and content blocks; the parent's state is untouched", async () => {
    const seen: AgentState[] = [];
    const spied = composeConfigs(researcherConfig(), {
      onRunStart({ state }) {
        seen.push(state);
        state.custom.mine = state.agentPath;
      },
    });
    let parentState: AgentState | undefined;
    const parent: AgentConfig = {
      onRunStart({ state }) {
        parentState = state;
        state.custom.parent = "kept";
      },
    };
    const tools: Tool[] = [researcherTool({ config: spied, tools: [fakeTool({ name: "web" })] })];
    const model = scriptedModel(
      [
        (request) => {
          if (!isResearcher(request)) {
            return request.messages.at(-1)!.role === "tool"
              ? "Both done."
              : {
                  text: "Starting.",
                  toolCalls: [
                    { name: "researcher_agent", arguments: { topic: "one" } },
                    { name: "researcher_agent", arguments: { topic: "two" } },
                  ],
                };
          }
          return request.messages.at(-1)!.role === "tool" ? { text: `About ${userText(request.messages)}.` } : { toolCalls: [{ name: "web" }] };
        },
      ],
      { repeatLast: true },
    );
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "SECRET parent question",
      instructions: "PARENT PROMPT",
      tools,
      config: parent,
      onEvent: (e) => events.push(e),
    });

    expect(seen.map((s) => s.agentPath).sort()).toEqual(["main/researcher#1", "main/researcher#2"]);
    for (const state of seen) {
      expect(state).not.toBe(parentState);
      expect(state.custom).toEqual({ mine: state.agentPath });
      expect(JSON.stringify(state.messages)).not.toContain("SECRET");
      expect(JSON.stringify(state.messages)).not.toContain("PARENT PROMPT");
      expect(state.toolCallCount).toBe(1);
    }
    expect(parentState!.custom).toEqual({ parent: "kept" });
    // The parent sees only the tool results, never a researcher's own turns.
    expect(JSON.stringify(parentState!.inLoopMessages)).not.toContain('"toolName":"web"');
    expect(result.toolCalls.map((r) => (r.result as ResearcherFindings).findings).sort()).toEqual(["About one.", "About two."]);
    // Content blocks: a researcher never writes into the parent's block or another researcher's.
    const blocksOf = (path: string) =>
      new Set(events.filter((e) => e.agentPath === path && (e.type === "text-delta" || e.type === "tool-call")).map((e) => e.contentIndex));
    const [main, r1, r2] = ["main", "main/researcher#1", "main/researcher#2"].map(blocksOf) as [Set<number>, Set<number>, Set<number>];
    for (const [x, y] of [
      [main, r1],
      [main, r2],
      [r1, r2],
    ] as const)
      expect([...x].filter((i) => y.has(i))).toEqual([]);
    expect(result.toolCallCount).toBe(2 + 2);
  });
});
