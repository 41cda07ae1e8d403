import { describe, expect, it } from "vitest";
import { composeConfigs, type AgentConfig } from "@baton/core";
import { createMemoryStorage } from "@baton/storage-memory";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createOrchestration, ORCHESTRATION_CUSTOM_KEY, type StepPredicate } from "../../src/steps/index.js";
import { calls, lastToolResults, offered, tools } from "./helpers.js";

describe("orchestration steps through run()", () => {
  it("switches steps on tool_used and sequence_match (with a repeated tool) and falls back to the default", async () => {
    const orchestration = createOrchestration({
      steps: [
        { name: "write", conditions: [{ type: "sequence_match", sequence: ["search", "search", "read"] }], allowedTools: ["write"] },
        { name: "dig", conditions: [{ type: "tool_used", tool: "search" }], allowedTools: ["search", "read"] },
        { name: "start", isDefault: true, allowedTools: ["search"] },
      ],
    });
    const model = scriptedModel([calls("search"), calls("search"), calls("read"), calls("write"), "done"]);
    const result = await run({ provider: model, model: "m", input: "go", tools: tools("search", "read", "write"), config: orchestration.config });

    expect(result.stopReason).toBe("completed");
    expect(model.requests.map(offered)).toStrictEqual([
      ["search"], // default step
      ["search", "read"], // tool_used search → dig
      ["search", "read"], // [search, search] does not end with [search, search, read] yet
      ["write"], // [search, search, read] → write
      ["search", "read"], // after write the sequence no longer matches: dig again (search was used)
    ]);
    expect(orchestration.state()).toMatchObject({ activeStep: "dig", recentTools: ["search", "search", "read", "write"], sequencePosition: 0 });
  });

  it("activates a step through a named custom predicate, which sees the recent tools and the last batch", async () => {
    const seen: string[][] = [];
    const predicates: Record<string, StepPredicate> = {
      twoReads: ({ recentTools, lastBatch }) => {
        seen.push([...lastBatch]);
        return recentTools.filter((tool) => tool === "read").length >= 2;
      },
    };
    const orchestration = createOrchestration(
      {
        steps: [
          { name: "summarize", conditions: [{ type: "custom", predicate: "twoReads" }], allowedTools: ["summarize"] },
          { name: "reading", isDefault: true, deniedTools: ["summarize"] },
        ],
      },
      { predicates },
    );
    const model = scriptedModel([calls("read"), calls("read", "search"), "done"]);
    await run({ provider: model, model: "m", input: "go", tools: tools("read", "search", "summarize"), config: orchestration.config });

    expect(model.requests.map(offered)).toStrictEqual([["read", "search"], ["read", "search"], ["summarize"]]);
    expect(seen).toStrictEqual([["read"], ["read", "search"]]);
  });

  it("applies allowedTools and deniedTools of one step at once (allowed minus denied) and refuses the rest", async () => {
    const [search, read, write, del] = tools("search", "read", "write", "delete");
    const orchestration = createOrchestration({
      steps: [{ name: "safe", isDefault: true, allowedTools: ["search", "read", "delete"], deniedTools: ["delete"] }],
    });
    const model = scriptedModel([calls("write", "read"), "done"]);
    const result = await run({ provider: model, model: "m", input: "go", tools: [search!, read!, write!, del!], config: orchestration.config });

    expect(model.requests.map(offered)).toStrictEqual([
      ["search", "read"],
      ["search", "read"],
    ]);
    expect(lastToolResults(model.requests[1])).toStrictEqual([
      'write: Tool "write" is not allowed in step "safe". Tools available now: search, read.',
      "read: read ok",
    ]);
    expect(write!.calls).toHaveLength(0);
    expect(read!.calls).toHaveLength(1);
    expect(result.toolCalls.map((call) => [call.toolName, call.status])).toStrictEqual([
      ["write", "refused"],
      ["read", "ok"],
    ]);
  });

  it("offers only the next tool of a sequence and refuses an out-of-order call with a message, without running it", async () => {
    const [search, read, write] = tools("search", "read", "write");
    const orchestration = createOrchestration({
      steps: [
        { name: "write", conditions: [{ type: "sequence_match", sequence: ["search", "search", "read"] }], allowedTools: ["write"] },
        { name: "research", isDefault: true, sequence: ["search", "search", "read"] },
      ],
    });
    const model = scriptedModel([calls("read"), calls("search"), calls("search"), calls("read"), calls("write"), "done"]);
    await run({ provider: model, model: "m", input: "go", tools: [search!, read!, write!], config: orchestration.config });

    // After "write" the history no longer ends with the sequence: back to the default step, its sequence restarted.
    expect(model.requests.map(offered)).toStrictEqual([["search"], ["search"], ["search"], ["read"], ["write"], ["search"]]);
    expect(lastToolResults(model.requests[1])).toStrictEqual([
      'read: Tool "read" is not allowed now: step "research" follows a sequence and its next tool is "search". Call "search" first.',
    ]);
    expect(search!.calls).toHaveLength(2);
    expect(read!.calls).toHaveLength(1);
    expect(write!.calls).toHaveLength(1);
  });

  it("runs one call of a sequence per batch: a second call of the next tool in the same batch is refused", async () => {
    const [search, read] = tools("search", "read");
    const orchestration = createOrchestration({ steps: [{ name: "research", isDefault: true, sequence: ["search", "search", "read"] }] });
    const model = scriptedModel([calls("search", "search"), calls("search"), calls("read"), "done"]);
    await run({ provider: model, model: "m", input: "go", tools: [search!, read!], config: orchestration.config });

    expect(search!.calls).toHaveLength(2);
    expect(lastToolResults(model.requests[1])).toStrictEqual([
      "search: search ok",
      'search: Tool "search" was not run: step "research" follows a sequence, one tool call at a time. Wait for the result of the previous call, then call the next tool of the sequence.',
    ]);
    expect(model.requests.map(offered)).toStrictEqual([["search"], ["search"], ["read"], ["search", "read"]]);
    expect(orchestration.state()).toMatchObject({ activeStep: "research", sequencePosition: 3 });
  });

  it("does not advance a sequence on a failed call: the same tool is offered again", async () => {
    let attempts = 0;
    const flaky = fakeTool({
      name: "search",
      result: () => {
        attempts++;
        if (attempts === 1) throw new Error("backend down");
        return "found";
      },
    });
    const [read] = tools("read");
    const orchestration = createOrchestration({ steps: [{ name: "research", isDefault: true, sequence: ["search", "read"] }] });
    const model = scriptedModel([calls("search"), calls("search"), calls("read"), "done"]);
    await run({ provider: model, model: "m", input: "go", tools: [flaky, read!], config: orchestration.config });

    expect(model.requests.map(offered)).toStrictEqual([["search"], ["search"], ["read"], ["search", "read"]]);
    expect(orchestration.state().recentTools).toStrictEqual(["search", "read"]);
  });

  it("offers every tool when no step applies and there is no default step", async () => {
    const orchestration = createOrchestration({ steps: [{ name: "locked", conditions: [{ type: "tool_used", tool: "lock" }], allowedTools: [] }] });
    const model = scriptedModel([calls("search"), calls("lock"), "done"]);
    const result = await run({ provider: model, model: "m", input: "go", tools: tools("search", "lock"), config: orchestration.config });

    expect(model.requests.map(offered)).toStrictEqual([["search", "lock"], ["search", "lock"], []]);
    expect(model.requests[2]!.tools).toBeUndefined();
    expect(result.text).toBe("done");
    expect(orchestration.state().activeStep).toBe("locked");
  });

  it("composes with the agent's own hooks and keeps its state in state.custom", async () => {
    const seen: string[] = [];
    let custom: unknown;
    const orchestration = createOrchestration({ steps: [{ name: "only-read", isDefault: true, allowedTools: ["read"] }] });
    const model = scriptedModel([calls("read", "search"), "done"]);
    const own: AgentConfig = {
      afterToolBatch: ({ results }) => {
        for (const entry of results) seen.push(`${entry.call.toolName} ${entry.status}: ${String(entry.result)}`);
      },
      onStepEnd: ({ state }) => {
        custom = structuredClone(state.custom[ORCHESTRATION_CUSTOM_KEY]);
      },
    };
    const result = await run({ provider: model, model: "m", input: "go", tools: tools("read", "search"), config: composeConfigs(orchestration.config, own) });

    expect(seen).toStrictEqual(["read ok: read ok", 'search refused: Tool "search" is not allowed in step "only-read". Tools available now: read.']);
    expect(result.toolCalls.map((call) => `${call.toolName}:${call.status}`)).toStrictEqual(["read:ok", "search:refused"]);
    expect(custom).toStrictEqual({ activeStep: "only-read", recentTools: ["read"], sequencePosition: 0, offeredTools: ["read"] });
    expect(result.custom[ORCHESTRATION_CUSTOM_KEY]).toStrictEqual(custom);
  });

  it("steers a run paused for an approval and resumed in a new process the same way", async () => {
    const definition = {
      steps: [
        { name: "research", isDefault: true, sequence: ["search", "read"] },
        { name: "write", conditions: [{ type: "sequence_match", sequence: ["search", "read"] }], allowedTools: ["write"] },
      ],
    } as const;
    const storage = createMemoryStorage();
    const hold: AgentConfig = {
      beforeToolCalls: ({ calls: planned }) => ({
        decisions: Object.fromEntries(
          planned.filter((p) => p.call.toolName === "read" && p.decision.type === "run").map((p) => [p.call.toolCallId, { type: "interrupt" as const }]),
        ),
      }),
    };
    const first = createOrchestration(definition, { store: storage, sessionId: "s" });
    const model1 = scriptedModel([calls("search"), { toolCalls: [{ id: "r1", name: "read", arguments: {} }] }]);
    const paused = await run({
      provider: model1,
      model: "m",
      input: "go",
      tools: tools("search", "read", "write"),
      config: composeConfigs(first.config, hold),
    });
    expect(paused.stopReason).toBe("interrupted");
    expect(model1.requests.map(offered)).toStrictEqual([["search"], ["read"]]);

    const second = createOrchestration(definition, { store: storage, sessionId: "s" });
    const model2 = scriptedModel([calls("write"), "done"]);
    const resumed = await run({
      provider: model2,
      model: "m",
      tools: tools("search", "read", "write"),
      config: composeConfigs(second.config, hold),
      resume: JSON.stringify(paused.state),
      decisions: { r1: { approve: true } },
    });
    expect(resumed.text).toBe("done");
    expect(model2.requests.map(offered)).toStrictEqual([["write"], ["search"]]);
    expect(await storage.loadSessionState("orchestration:s")).toMatchObject({
      value: { activeStep: "research", recentTools: ["search", "read", "write"], sequencePosition: 0 },
    });
  });

  it("keeps the tool order of the given tools and reports unknown tools the loop's way", async () => {
    const orchestration = createOrchestration({ steps: [{ name: "all", isDefault: true, deniedTools: ["b"] }] });
    const model = scriptedModel([calls("nope"), "done"]);
    await run({ provider: model, model: "m", input: "go", tools: tools("c", "b", "a"), config: orchestration.config });

    expect(offered(model.requests[0])).toStrictEqual(["c", "a"]);
    expect(lastToolResults(model.requests[1])[0]).toMatch(/^nope: Error \(TOOL_NOT_FOUND\)/);
  });
});
