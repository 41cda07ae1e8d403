import { describe, expect, it } from "vitest";
import type { ToolEvent, Usage } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { run } from "../src/index.js";
import { merlinConfig } from "../src/positional-hooks/index.js";

const search = () => fakeTool({ name: "search", result: (args: { q?: string }) => `results for ${args.q ?? "?"}` });

describe("merlinConfig: the hooks of shared/design/000–001 on the object hooks", () => {
  it("initializeAgentState sets agent state that other hooks read and checkpoints keep", async () => {
    const seen: unknown[] = [];
    await run({
      provider: scriptedModel(["hi"]),
      model: "m",
      input: "x",
      config: merlinConfig({
        initializeAgentState: (state) => {
          state.custom.retries = 0;
        },
        shouldContinueLoop: (state) => {
          seen.push(state.custom.retries);
          return state.hasToolCalls;
        },
      }),
    });
    expect(seen).toEqual([0, 0]);
  });

  it("shouldContinueLoop can end the run before any call, and keep it going after an answer", async () => {
    const none = scriptedModel(["x"]);
    const stopped = await run({ provider: none, model: "m", input: "x", config: merlinConfig({ shouldContinueLoop: () => false }) });
    expect(stopped.stopReason).toBe("ended_by_hook");
    expect(none.requests).toHaveLength(0);

    const model = scriptedModel(["draft", "final"]);
    const twice = await run({
      provider: model,
      model: "m",
      input: "x",
      config: merlinConfig({ shouldContinueLoop: (state) => state.iteration < 2 }),
    });
    expect(twice.text).toBe("final");
    expect(twice.stopReason).toBe("completed");
  });

  it("shouldSendTools decides per call whether tools are offered", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: {} }] }, "answer"]);
    await run({ provider: model, model: "m", input: "x", tools: [search()], config: merlinConfig({ shouldSendTools: (state) => state.iteration === 0 }) });
    expect(model.requests.map((r) => r.tools?.map((t) => t.name))).toEqual([["search"], undefined]);
  });

  it("getModelId picks the model of each call (e.g. a cheaper one after retries)", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: {} }] }, "answer"]);
    const result = await run({
      provider: model,
      model: "big",
      input: "x",
      tools: [search()],
      config: merlinConfig({ getModelId: (state, base) => (state.iteration >= 1 ? "small" : base) }),
    });
    expect(model.requests.map((r) => r.model)).toEqual(["big", "small"]);
    expect(result.usage.calls.map((u) => u.model)).toEqual(["big", "small"]);
  });

  it("onNoToolCalls(NO_CALLS_GENERATED) may nudge the model and continue, boundedly", async () => {
    const model = scriptedModel(["I think I'm done", { toolCalls: [{ name: "search", arguments: { q: "a" } }] }, "report"]);
    const reasons: string[] = [];
    const config = merlinConfig({
      initializeAgentState: (state) => {
        state.custom.nudges = 0;
      },
      onNoToolCalls: (state, _context, reason) => {
        reasons.push(reason);
        const nudges = state.custom.nudges as number;
        if (reason === "NO_CALLS_GENERATED" && nudges < 1) {
          state.custom.nudges = nudges + 1;
          state.inLoopMessages.push({ role: "system", content: "Use the search tool before answering." });
          return { shouldContinue: true };
        }
        return { shouldContinue: false };
      },
    });
    const result = await run({ provider: model, model: "m", input: "x", tools: [search()], config });
    expect(reasons).toEqual(["NO_CALLS_GENERATED", "NO_CALLS_GENERATED"]);
    expect(model.requests[1]!.messages.at(-1)).toEqual({ role: "system", content: "Use the search tool before answering." });
    expect(result.text).toBe("report");
    expect(result.iterations).toBe(3);
  });

  it("onNoToolCalls(LIMIT_REACHED) is told when the limit is reached", async () => {
    const reasons: string[] = [];
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: {} }] }, "final"]);
    await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      toolCallLimit: 1,
      config: merlinConfig({
        onNoToolCalls: (_s, _c, reason) => {
          reasons.push(reason);
          return { shouldContinue: reason === "LIMIT_REACHED" };
        },
      }),
    });
    expect(reasons).toEqual(["LIMIT_REACHED", "NO_CALLS_GENERATED"]);
  });

  it("processToolCalls may end the loop without running the calls", async () => {
    const tool = search();
    const model = scriptedModel([{ text: "Handing over.", toolCalls: [{ name: "search", arguments: {} }] }]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [tool],
      config: merlinConfig({ processToolCalls: (calls) => calls.some((c) => c.toolName === "search") }),
    });
    expect(result.stopReason).toBe("ended_by_hook");
    expect(tool.calls).toHaveLength(0);
    expect(result.text).toBe("Handing over.");
    expect(result.messages).toEqual([{ role: "assistant", content: [{ type: "text", text: "Handing over." }] }]);
  });

  it("onToolsSelected and onToolProgress see the calls and every tool event as it happens", async () => {
    const selected: string[][] = [];
    const progress: string[] = [];
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: {} }] }, "ok"]);
    await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [fakeTool({ name: "search", progress: ["step 1", "step 2"] })],
      config: merlinConfig({
        onToolsSelected: (calls) => {
          selected.push(calls.map((c) => c.toolName));
        },
        onToolProgress: (name, event: ToolEvent) => {
          progress.push(`${name}:${event.type}${event.type === "tool-progress" ? `:${event.message}` : ""}`);
          expect(event.seq).toBeGreaterThan(0);
        },
      }),
    });
    expect(selected).toEqual([["search"]]);
    expect(progress).toEqual(["search:tool-start", "search:tool-progress:step 1", "search:tool-progress:step 2", "search:tool-done"]);
  });

  it("keeps the design's order: processToolCalls → onToolsSelected → preprocessToolArguments (per call) → execution", async () => {
    const order: string[] = [];
    const tool = { ...fakeTool({ name: "search" }), execute: async (args: { q: string }) => (order.push(`execute ${args.q}`), "r") };
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "search", arguments: { q: "a" } },
          { name: "search", arguments: { q: "b" } },
        ],
      },
      "ok",
    ]);
    await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [tool],
      config: merlinConfig({
        processToolCalls: (calls) => (order.push(`processToolCalls ${calls.length}`), false),
        onToolsSelected: (calls) => void order.push(`onToolsSelected ${calls.length}`),
        preprocessToolArguments: (call) => {
          const args = JSON.parse(call.rawArguments) as { q: string };
          order.push(`preprocess ${args.q}`);
          return args;
        },
      }),
    });
    expect(order.slice(0, 4)).toEqual(["processToolCalls 2", "onToolsSelected 2", "preprocess a", "preprocess b"]);
    expect(order.slice(4).sort()).toEqual(["execute a", "execute b"]);
  });

  it("preprocessToolArguments repairs arguments; throwing makes the call invalid", async () => {
    const tool = search();
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "search", rawArguments: "q=cats" },
          { name: "search", rawArguments: "garbage" },
        ],
      },
      "ok",
    ]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [tool],
      config: merlinConfig({
        preprocessToolArguments: (call) => {
          const match = /^q=(.*)$/.exec(call.rawArguments);
          if (!match) throw new Error("cannot repair");
          return { q: match[1] };
        },
      }),
    });
    expect(result.toolCalls.map((r) => [r.status, r.result])).toEqual([
      ["ok", "results for cats"],
      ["invalid", undefined],
    ]);
    expect(result.toolCalls[1]!.error!.message).toContain("cannot repair");
  });

  it("handleSpecialTools changes a result, forces the next tool choice once and rewrites messages", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: { q: "a" } }] }, { toolCalls: [{ name: "rag", arguments: {} }] }, "done"]);
    await run({
      provider: model,
      model: "m",
      input: "question",
      tools: [search(), fakeTool({ name: "rag", result: "ctx" })],
      config: merlinConfig({
        handleSpecialTools: (name, result, _call, _context, state) => {
          if (name !== "search") return undefined;
          return {
            modifiedResult: `${String(result)} (checked)`,
            forceToolChoice: { type: "tool", name: "rag" },
            modifiedMessages: [...state.messages.slice(0, -1), { role: "user", content: [{ type: "text", text: "context: a\nquestion" }] }],
          };
        },
      }),
    });
    const second = model.requests[1]!;
    expect(second.toolChoice).toEqual({ type: "tool", name: "rag" });
    expect(second.messages[0]).toEqual({ role: "user", content: [{ type: "text", text: "context: a\nquestion" }] });
    expect(second.messages.at(-1)!.content[0]).toMatchObject({ result: "results for a (checked)" });
    expect(model.requests[2]!.toolChoice).toBe("auto");
  });

  it("calculateUsage adjusts each call's usage record", async () => {
    const result = await run({
      provider: scriptedModel([{ text: "x", usage: { inputTokens: 10, outputTokens: 1 } }]),
      model: "m",
      input: "x",
      config: merlinConfig({
        calculateUsage: (base: Usage, input) => ({ ...base, inputTokens: base.inputTokens + 100, tools: input.toolsSent ? ["tools-sent"] : [] }),
      }),
    });
    expect(result.usage.calls[0]).toMatchObject({ inputTokens: 110, tools: [] });
    expect(result.usage.total.inputTokens).toBe(110);
  });

  it("a tool's metadata is kept in the result", async () => {
    const tool = fakeTool({
      name: "search",
      result: (_args: unknown, ctx: { metadata: Record<string, unknown> }) => {
        ctx.metadata.source = "index-v2";
        return "r";
      },
    });
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ name: "search", arguments: {}, id: "c1" }] }, "ok"]),
      model: "m",
      input: "x",
      tools: [tool],
    });
    expect(result.toolMetadata.c1).toEqual({ source: "index-v2" });
  });
});

describe("a run's own tools", () => {
  it("a hook that clears the run's registry changes neither the caller's registry nor later runs", async () => {
    const { ToolListRegistry } = await import("../src/index.js");
    const shared = new ToolListRegistry([search()], "Use search for facts.");
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: {} }] }, "done", "second run"]);
    const first = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: shared,
      config: merlinConfig({
        onToolsSelected: (_calls, _state, context) => {
          context.registry.clear();
        },
      }),
    });
    expect(first.text).toBe("done");
    expect(model.requests[1]!.tools).toBeUndefined();
    expect(shared.list().map((t) => t.name)).toEqual(["search"]);
    await run({ provider: model, model: "m", input: "y", tools: shared });
    expect(model.requests[2]!.tools?.map((t) => t.name)).toEqual(["search"]);
    expect(model.requests[2]!.messages[0]).toEqual({ role: "system", content: "Use search for facts." });
  });
});
