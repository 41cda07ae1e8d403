import { describe, expect, it } from "vitest";
import { ConfigurationError, type ModelInfo, type ModelRequest, type StreamEvent, type TokenCounter, type Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { run, validateRunSettings } from "../src/index.js";

/** Deterministic counter: 10 tokens per message, 5 per tool definition. */
function fakeCounter(): TokenCounter & { calls: number } {
  const counter = {
    calls: 0,
    countText: (text: string) => ({ tokens: text.length, exact: true }),
    countMessages: (messages: readonly unknown[], options?: { tools?: readonly unknown[] }) => {
      counter.calls++;
      return { tokens: messages.length * 10 + (options?.tools?.length ?? 0) * 5, exact: true };
    },
  };
  return counter;
}

/** $0.001 per input token, $0.002 per output token. */
const PRICING = { inputPerMillion: 1000, outputPerMillion: 2000 };

function modelInfo(maxOutputTokens: number): Record<string, ModelInfo> {
  return { m: { id: "m", contextWindow: 100_000, maxOutputTokens, pricing: PRICING } };
}

/**
 * A model that always calls `search`, reporting as input exactly what the fake counter
 * counts and 20 output tokens. Call k sends 2k - 1 messages and one tool:
 * 20k - 5 input tokens, so call k uses 20k + 15 tokens and costs $0.02k + $0.035.
 * Cumulative: tokens 35, 90, 165, 260, …; dollars 0.055, 0.13, 0.225, 0.34, ….
 */
function searchingModel(maxOutputTokens = 20) {
  const reference = fakeCounter();
  const model = scriptedModel(
    [
      (request: ModelRequest) => ({
        toolCalls: [{ name: "search", arguments: { q: "more" } }],
        usage: { inputTokens: reference.countMessages(request.messages, request.tools ? { tools: request.tools } : {}).tokens, outputTokens: 20 },
      }),
    ],
    { repeatLast: true, models: modelInfo(maxOutputTokens) },
  );
  // The loop gets its own counter, so `counter.calls` counts the loop's counts only.
  return { model, counter: fakeCounter() };
}

const search = () => fakeTool({ name: "search", result: "r" });

describe("the token budget", () => {
  it("stops before the call whose counted input plus reserved output would cross it", async () => {
    const { model, counter } = searchingModel();
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      tokenBudget: 200,
      tokenCounter: counter,
      maxOutputTokens: 20,
      onEvent: (e) => events.push(e),
    });
    // Calls 1–3 use 165 tokens; call 4 would need 75 input + 20 output → 260 > 200.
    expect(model.callCount).toBe(3);
    expect(result.usage.total.inputTokens + result.usage.total.outputTokens).toBe(165);
    expect(result.stopReason).toBe("token_budget");
    expect(result.error).toMatchObject({
      code: "TOKEN_BUDGET_EXCEEDED",
      message: "Token budget of 200 would be exceeded: 165 used, the next call needs up to 95.",
      details: { limit: 200, used: 165, projected: 95, budget: 200, next: 95 },
    });
    expect(events.filter((e) => e.type === "budget-exceeded")).toEqual([
      expect.objectContaining({ budget: "tokens", limit: 200, used: 165, agentPath: "main" }),
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "token_budget", error: { code: "TOKEN_BUDGET_EXCEEDED" } });
    // The counter saw each request the model got, tools included, plus the refused one.
    expect(counter.calls).toBe(4);
  });

  it("allows a call that lands exactly on the budget", async () => {
    const { model, counter } = searchingModel();
    const result = await run({ provider: model, model: "m", input: "x", tools: [search()], tokenBudget: 165, tokenCounter: counter, maxOutputTokens: 20 });
    expect(model.callCount).toBe(3);
    expect(result.usage.total.inputTokens + result.usage.total.outputTokens).toBe(165);
    expect(result.error?.details).toMatchObject({ used: 165, projected: 95 });
  });

  it("reserves the model's maxOutputTokens from getModelInfo when maxOutputTokens is not set", async () => {
    const { model, counter } = searchingModel(20);
    const result = await run({ provider: model, model: "m", input: "x", tools: [search()], tokenBudget: 200, tokenCounter: counter });
    expect(model.callCount).toBe(3);
    expect(result.error?.details).toMatchObject({ used: 165, projected: 95 });

    // A model that may answer with 1000 tokens cannot start inside a budget of 500.
    const big = searchingModel(1000);
    const refused = await run({ provider: big.model, model: "m", input: "x", tools: [search()], tokenBudget: 500, tokenCounter: big.counter });
    expect(big.model.callCount).toBe(0);
    expect(refused.stopReason).toBe("token_budget");
    expect(refused.error?.details).toMatchObject({ limit: 500, used: 0, projected: 15 + 1000 });
  });

  it("without a token counter, estimates the next input from the previous call's", async () => {
    // Every call reports 100 input and 10 output tokens; 10 output tokens are reserved.
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: {} }], usage: { inputTokens: 100, outputTokens: 10 } }], { repeatLast: true });
    const result = await run({ provider: model, model: "m", input: "x", tools: [search()], tokenBudget: 300, maxOutputTokens: 10 });
    // Before call 1: 0 + 10; before call 2: 110 + 110 = 220; before call 3: 220 + 110 = 330 > 300.
    expect(model.callCount).toBe(2);
    expect(result.stopReason).toBe("token_budget");
    expect(result.error?.details).toMatchObject({ limit: 300, used: 220, projected: 110 });
  });
});

describe("the cost budget", () => {
  it("stops before the call whose projected cost would cross it, with budget_exceeded and a cost event", async () => {
    const { model, counter } = searchingModel();
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      costBudget: 0.3,
      tokenCounter: counter,
      maxOutputTokens: 20,
      onEvent: (e) => events.push(e),
    });
    // Calls 1–3 cost $0.225; call 4 would cost 75 × $0.001 + 20 × $0.002 = $0.115 → $0.34 > $0.30.
    expect(model.callCount).toBe(3);
    expect(result.usage.total.costUsd).toBeCloseTo(0.225, 10);
    expect(result.usage.total.costUsd!).toBeLessThanOrEqual(0.3);
    expect(result.stopReason).toBe("budget_exceeded");
    expect(result.error).toMatchObject({
      code: "COST_BUDGET_EXCEEDED",
      message: "Cost budget of $0.3 would be exceeded: $0.225 used, the next call may cost up to $0.115.",
    });
    const details = result.error!.details as { limit: number; used: number; projected: number };
    expect(details.limit).toBe(0.3);
    expect(details.used).toBeCloseTo(0.225, 10);
    expect(details.projected).toBeCloseTo(0.115, 10);
    const budgetEvents = events.filter((e) => e.type === "budget-exceeded");
    expect(budgetEvents).toHaveLength(1);
    expect(budgetEvents[0]).toMatchObject({ budget: "cost", limit: 0.3 });
    expect((budgetEvents[0] as { used: number }).used).toBeCloseTo(0.225, 10);
    expect(events.at(-1)).toMatchObject({ type: "run-end", stopReason: "budget_exceeded", error: { code: "COST_BUDGET_EXCEEDED" } });
  });

  it("without a token counter, projects the previous call's input plus the reserved output at the model's prices", async () => {
    // Every call: 100 input ($0.10) + 10 output ($0.02) = $0.12; 10 output tokens reserved.
    const model = scriptedModel([{ toolCalls: [{ name: "search", arguments: {} }], usage: { inputTokens: 100, outputTokens: 10 } }], {
      repeatLast: true,
      models: modelInfo(10),
    });
    const result = await run({ provider: model, model: "m", input: "x", tools: [search()], costBudget: 0.3 });
    // Before call 3: $0.24 spent + $0.12 projected = $0.36 > $0.30 (checking spent cost alone would have made call 3).
    expect(model.callCount).toBe(2);
    expect(result.stopReason).toBe("budget_exceeded");
    expect(result.usage.total.costUsd).toBeCloseTo(0.24, 10);
    expect((result.error!.details as { projected: number }).projected).toBeCloseTo(0.12, 10);
  });

  it("with both budgets, the one crossed first ends the run", async () => {
    const { model, counter } = searchingModel();
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      tokenBudget: 1000,
      costBudget: 0.2,
      tokenCounter: counter,
      maxOutputTokens: 20,
    });
    // $0.13 after 2 calls; call 3 would cost $0.095 → $0.225 > $0.20, long before 1000 tokens.
    expect(model.callCount).toBe(2);
    expect(result.stopReason).toBe("budget_exceeded");
  });
});

describe("sub-agents share the run's budget", () => {
  /** A tool that runs a researcher sub-agent calling `web` until something stops it. */
  function researchTool(): Tool {
    return {
      name: "research",
      description: "Researches with a sub-agent.",
      parameters: { type: "object", properties: {} },
      async execute(_args, ctx) {
        const result = await ctx.runSubAgent({
          name: "researcher",
          input: "Research",
          instructions: "You are a researcher.",
          tools: [fakeTool({ name: "web", result: "page" })],
        });
        ctx.metadata.sub = { stopReason: result.stopReason, error: result.error?.code };
        return result.text;
      },
    };
  }

  function treeModel() {
    return scriptedModel(
      [
        (request: ModelRequest) => {
          const system = request.messages[0];
          const researcher = system?.role === "system" && system.content.startsWith("You are a researcher");
          return { toolCalls: [{ name: researcher ? "web" : "research", arguments: {} }], usage: { inputTokens: 100, outputTokens: 10 } };
        },
      ],
      { repeatLast: true, models: modelInfo(10) },
    );
  }

  it("counts the parent's call in flight and the sub-agent's calls against one token budget", async () => {
    const model = treeModel();
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [researchTool()],
      tokenBudget: 400,
      maxOutputTokens: 10,
      onEvent: (e) => events.push(e),
    });
    // main call 1 (110) is in flight while the researcher runs: its calls 1 and 2 bring the
    // run to 330; its call 3 would need 110 more → 440 > 400. Then main's call 2 is refused too.
    expect(model.callCount).toBe(3);
    expect(result.usage.total).toMatchObject({ inputTokens: 300, outputTokens: 30, calls: 3 });
    expect(Object.values(result.toolMetadata)).toEqual([{ sub: { stopReason: "token_budget", error: "TOKEN_BUDGET_EXCEEDED" } }]);
    expect(result.stopReason).toBe("token_budget");
    expect(events.filter((e) => e.type === "budget-exceeded").map((e) => [e.agentPath, (e as { used: number }).used])).toEqual([
      ["main/researcher#1", 330],
      ["main", 330],
    ]);
  });

  it("shares the cost budget the same way", async () => {
    const model = treeModel();
    // Each call costs $0.12; a call is projected at $0.12 once the agent has made one, $0.02 before.
    const result = await run({ provider: model, model: "m", input: "x", tools: [researchTool()], costBudget: 0.4 });
    // main 1 in flight ($0.12) + researcher 1 + 2 = $0.36; researcher 3 would reach $0.48.
    expect(model.callCount).toBe(3);
    expect(result.usage.total.costUsd).toBeCloseTo(0.36, 10);
    expect(Object.values(result.toolMetadata)).toEqual([{ sub: { stopReason: "budget_exceeded", error: "COST_BUDGET_EXCEEDED" } }]);
    expect(result.stopReason).toBe("budget_exceeded");
  });

  it("counts parallel sub-agents' calls in flight against each other", async () => {
    // Every call reports as input what the fake counter counts, and 10 output tokens.
    const reference = fakeCounter();
    const model = scriptedModel(
      [
        (request: ModelRequest, index: number) => {
          const system = request.messages[0];
          const researcher = system?.role === "system" && system.content.startsWith("You are a researcher");
          const usage = { inputTokens: reference.countMessages(request.messages, request.tools ? { tools: request.tools } : {}).tokens, outputTokens: 10 };
          if (researcher) return { text: "found", usage };
          const research = { name: "research", arguments: {} };
          return index === 0 ? { toolCalls: [research, research, research], usage } : { text: "done", usage };
        },
      ],
      { repeatLast: true },
    );
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [researchTool()],
      tokenBudget: 100,
      tokenCounter: fakeCounter(),
      maxOutputTokens: 10,
      config: { useParallelTools: true },
    });
    // main call 1: 15 + 10 = 25, in flight while three researchers start at once, each
    // needing 25 + 10 = 35: two fit (95), the third would reach 130. Checking spent
    // tokens alone, all three would have started (nothing was recorded yet).
    const stops = Object.values(result.toolMetadata).map((m) => (m.sub as { stopReason: string }).stopReason);
    expect(stops.sort()).toEqual(["completed", "completed", "token_budget"]);
    expect(model.callCount).toBe(3);
    expect(result.usage.total.inputTokens + result.usage.total.outputTokens).toBe(95);
    // main call 2 would need 35 + 10 more.
    expect(result.stopReason).toBe("token_budget");
    expect(result.error?.details).toMatchObject({ used: 95, projected: 45 });
  });
});

describe("without budgets", () => {
  it("runs as before: no counting, no budget event, no error", async () => {
    const { model, counter } = searchingModel();
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      tokenCounter: counter,
      maxIterations: 5,
      onEvent: (e) => events.push(e),
    });
    expect(model.callCount).toBe(5);
    expect(result.stopReason).toBe("max_iterations");
    expect(result.error).toBeUndefined();
    expect(counter.calls).toBe(0);
    expect(events.some((e) => e.type === "budget-exceeded")).toBe(false);
  });
});

describe("invalid budgets", () => {
  it.each([
    ["tokenBudget", 0, "a positive integer"],
    ["tokenBudget", -5, "a positive integer"],
    ["tokenBudget", 1000.5, "a positive integer"],
    ["costBudget", 0, "a positive number"],
    ["costBudget", -1, "a positive number"],
    ["costBudget", Number.NaN, "a positive number"],
    ["costBudget", Number.POSITIVE_INFINITY, "a positive number"],
  ])("%s = %s is a ConfigurationError", async (name, value, expected) => {
    const model = scriptedModel(["unreached"], { models: modelInfo(10) });
    const options = { provider: model, model: "m", input: "x", [name]: value };
    await expect(run(options)).rejects.toThrow(ConfigurationError);
    await expect(run(options)).rejects.toThrow(`Option "${name}" must be ${expected}, got ${value}.`);
    expect(() => validateRunSettings({ [name]: value })).toThrow(ConfigurationError);
    expect(model.callCount).toBe(0);
  });

  it("a cost budget needs the model's prices", async () => {
    const model = scriptedModel(["unreached"]);
    await expect(run({ provider: model, model: "m", input: "x", costBudget: 1 })).rejects.toThrow(
      'Option "costBudget" needs the prices of model "m", but provider "scripted" has none (getModelInfo(model).pricing).',
    );
    expect(() => validateRunSettings({ provider: model, model: "m", costBudget: 1 })).toThrow(ConfigurationError);
    expect(() => validateRunSettings({ costBudget: 1 })).not.toThrow();
  });

  it("a call routed to a model without prices ends the run with the configuration error", async () => {
    const model = scriptedModel(["unreached"], { models: modelInfo(10) });
    const result = await run({ provider: model, model: "m", input: "x", costBudget: 1, config: { prepareStep: () => ({ model: "unpriced" }) } });
    expect(model.callCount).toBe(0);
    expect(result.stopReason).toBe("error");
    expect(result.error).toMatchObject({ code: "INVALID_CONFIGURATION" });
  });
});
