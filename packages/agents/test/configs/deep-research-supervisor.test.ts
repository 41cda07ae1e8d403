import { describe, expect, it } from "vitest";
import { composeConfigs, type Message, type ModelRequest } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import {
  DEFAULT_RESEARCHER_INSTRUCTIONS,
  SUPERVISOR_FINAL_ANSWER_INSTRUCTION,
  deepResearchProgress,
  deepResearchSupervisorConfig,
  reportInstruction,
  researcherTool,
  supervisorNudge,
} from "../../src/configs/index.js";

const isResearcher = (request: ModelRequest): boolean => {
  const first = request.messages[0];
  return first?.role === "system" && first.content.startsWith(DEFAULT_RESEARCHER_INSTRUCTIONS);
};
const systemTexts = (messages: readonly Message[]): string[] => messages.filter((m) => m.role === "system").map((m) => (m as { content: string }).content);
const nudge = supervisorNudge("researcher_agent", "report_generation");

/** A researcher that answers at once (no tool calls). */
const quickResearcher = (request: ModelRequest) => (isResearcher(request) ? "finding" : undefined);

describe("deepResearchSupervisorConfig", () => {
  it("nudges a turn without tool calls, switches to the cheaper model after repeated retries, then forces the report", async () => {
    const report = fakeTool({ name: "report_generation", result: "REPORT" });
    const supervisorTurns = [
      "I think I know.", // nudge 1
      "Really, I know.", // nudge 2 → cheaper model from now on
      { toolCalls: [{ name: "researcher_agent", arguments: { topic: "t" } }] },
      "Here you go.", // nudges used up, research done → report forced
      { toolCalls: [{ name: "report_generation" }] },
      "Final answer.",
    ];
    let turn = 0;
    const model = scriptedModel([(request) => quickResearcher(request) ?? supervisorTurns[turn++]!], { repeatLast: true });
    const config = deepResearchSupervisorConfig({ cheaperModel: "mini", maxNudges: 2, cheaperModelAfterRetries: 2 });
    const result = await run({ provider: model, model: "big", input: "research t", tools: [researcherTool(), report], config });

    const supervisor = model.requests.filter((r) => !isResearcher(r));
    expect(supervisor.map((r) => r.model)).toEqual(["big", "big", "mini", "mini", "mini", "mini"]);
    expect(systemTexts(supervisor[1]!.messages).filter((t) => t === nudge)).toHaveLength(1);
    expect(systemTexts(supervisor[2]!.messages).filter((t) => t === nudge)).toHaveLength(2);
    expect(supervisor.slice(0, 4).map((r) => r.toolChoice)).toEqual(["auto", "auto", "auto", "auto"]);
    expect(supervisor[4]!.toolChoice).toEqual({ type: "tool", name: "report_generation" });
    expect(supervisor[4]!.messages.at(-1)).toEqual({ role: "system", content: reportInstruction("retries", "report_generation") });
    expect(supervisor[5]!.toolChoice).toBe("auto");
    expect(report.calls).toHaveLength(1);
    expect(result).toMatchObject({ text: "Final answer.", stopReason: "completed", toolCallCount: 2 });
  });

  it("ends the run when the nudges are used up and nothing was researched", async () => {
    const model = scriptedModel(["a", "b", "c"]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [researcherTool(), fakeTool({ name: "report_generation" })],
      config: deepResearchSupervisorConfig({ maxNudges: 2 }),
    });
    expect(model.requests).toHaveLength(3);
    expect(result).toMatchObject({ text: "c", stopReason: "completed" });
    expect(model.requests.every((r) => r.model === "m")).toBe(true);
  });

  it("at the tool-call limit forces the report first, then a last turn without tools", async () => {
    const report = fakeTool({ name: "report_generation", result: "REPORT" });
    const supervisorTurns = [
      { toolCalls: [1, 2, 3].map((i) => ({ name: "researcher_agent", arguments: { topic: `t${i}` } })) },
      { toolCalls: [{ name: "report_generation" }] },
      "Answer based on the report.",
    ];
    let turn = 0;
    const model = scriptedModel([(request) => quickResearcher(request) ?? supervisorTurns[turn++]!], { repeatLast: true });
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [researcherTool(), report],
      config: deepResearchSupervisorConfig({ toolCallLimit: 3 }),
    });

    const supervisor = model.requests.filter((r) => !isResearcher(r));
    expect(supervisor).toHaveLength(3);
    // The forced report call: tools offered, the report tool forced, no final-answer instruction.
    expect(supervisor[1]!.tools?.map((t) => t.name)).toEqual(["researcher_agent", "report_generation"]);
    expect(supervisor[1]!.toolChoice).toEqual({ type: "tool", name: "report_generation" });
    expect(systemTexts(supervisor[1]!.messages)).toContain(reportInstruction("tool_call_limit", "report_generation"));
    expect(systemTexts(supervisor[1]!.messages)).not.toContain(SUPERVISOR_FINAL_ANSWER_INSTRUCTION);
    // The last turn: no tools, the final-answer instruction.
    expect(supervisor[2]!.tools).toBeUndefined();
    expect(supervisor[2]!.messages.at(-1)).toEqual({ role: "system", content: SUPERVISOR_FINAL_ANSWER_INSTRUCTION });
    expect(result).toMatchObject({ text: "Answer based on the report.", stopReason: "tool_call_limit", toolCallCount: 4 });
  });

  it("when the time budget passes, forces the report, then answers without tools (stop reason budget_exceeded)", async () => {
    let now = 1_000;
    const clock = () => now;
    // The research takes "10 minutes" on the injected clock.
    const slowResearch = fakeTool({ name: "researcher_agent", result: () => ((now += 600_000), "findings") });
    const report = fakeTool({ name: "report_generation", result: "REPORT" });
    const model = scriptedModel([{ toolCalls: [{ name: "researcher_agent" }] }, { toolCalls: [{ name: "report_generation" }] }, "Answer."]);
    const config = deepResearchSupervisorConfig({ timeBudgetMs: 5 * 60_000, clock });
    let startedAt: number | undefined;
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [slowResearch, report],
      config: composeConfigs(config, { onRunStart: ({ state }) => void (startedAt = deepResearchProgress(state).startedAt) }),
    });
    expect(startedAt).toBe(1_000);
    expect(model.requests[0]!.toolChoice).toBe("auto");
    expect(model.requests[1]!.toolChoice).toEqual({ type: "tool", name: "report_generation" });
    expect(model.requests[1]!.messages.at(-1)).toEqual({ role: "system", content: reportInstruction("time_budget", "report_generation") });
    expect(model.requests[2]!.tools).toBeUndefined();
    expect(model.requests[2]!.messages.at(-1)).toEqual({ role: "system", content: SUPERVISOR_FINAL_ANSWER_INSTRUCTION });
    expect(result).toMatchObject({ text: "Answer.", stopReason: "budget_exceeded", toolCallCount: 2 });
  });

  it("keeps its progress in state.custom", async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: "researcher_agent" }, { name: "researcher_agent" }] },
      { toolCalls: [{ name: "report_generation" }] },
      "done",
    ]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "researcher_agent" }), fakeTool({ name: "report_generation" })],
      config: deepResearchSupervisorConfig({ clock: () => 42 }),
    });
    expect(result.custom).toEqual({ deepResearch: { nudges: 0, startedAt: 42, researchCalls: 2, reportDone: true } });
  });

  it("fails clearly when the run offers no report tool", async () => {
    const model = scriptedModel(["x"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [researcherTool()], config: deepResearchSupervisorConfig() });
    expect(result.stopReason).toBe("error");
    expect(JSON.stringify(result.error)).toContain('no \\"report_generation\\" tool');
    expect(model.requests).toHaveLength(0);
  });

  it("stores only the research tools' calls and results", () => {
    const policy = deepResearchSupervisorConfig({ feedbackToolName: "feedback_questions", storedTools: ["outline"] }).dataPolicy!;
    for (const name of ["researcher_agent", "report_generation", "feedback_questions", "outline"]) {
      expect(policy.filterToolCalls?.(name)).toBe(true);
      expect(policy.filterToolResults?.(name)).toBe(true);
    }
    expect(policy.filterToolCalls?.("web_search")).toBe(false);
    expect(policy.filterToolResults?.("web_search")).toBe(false);
    expect(policy.storeText).toBe(true);
  });
});
