import type { ModelRequest } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { describe, expect, it } from "vitest";
import type { EvalResult } from "../src/index.js";
import { describeEval, evalMatchers } from "../src/vitest.js";

expect.extend(evalMatchers);

const search = fakeTool({ name: "search", result: ["Baton is a TypeScript framework."] });

/** Searches for the question, then answers from the result. */
function searchModel() {
  return scriptedModel(
    [
      (request: ModelRequest) => {
        const last = request.messages.at(-1)!;
        if (last.role === "user") {
          const query = last.content.map((part) => (part.type === "text" ? part.text : "")).join("");
          return { toolCalls: [{ id: "s1", name: "search", arguments: { query, limit: 3 } }], usage: { inputTokens: 40, outputTokens: 8 } };
        }
        return { text: "Baton is a TypeScript framework.", usage: { inputTokens: 70, outputTokens: 9 } };
      },
    ],
    { repeatLast: true },
  );
}

const runSearch = (input: string, { provider }: { provider: import("@baton/core").ModelProvider }) => run({ provider, model: "m", input, tools: [search] });

let reported: EvalResult | undefined;

describeEval("describeEval: a search agent", {
  dataset: [
    { id: "what-is-baton", input: "What is Baton?", expect: { contains: "TypeScript", toolCalled: ["search"] } },
    { id: "budget", input: "Baton?", expect: { budget: { iterations: 2, tokens: 200 } } },
  ],
  provider: searchModel(),
  run: runSearch,
  repeats: 2,
  onResult: (result) => {
    reported = result;
  },
});

describe("describeEval's result and the matchers", () => {
  it("describeEval ran every case and gave its result to onResult", () => {
    expect(reported?.cases.map((each) => [each.id, each.passRate, each.attempts.length])).toEqual([
      ["what-is-baton", 1, 2],
      ["budget", 1, 2],
    ]);
  });

  it("toHaveCalledTool and toStayWithinBudget assert on a run's result, with asymmetric matchers inside", async () => {
    const result = await runSearch("What is Baton?", { provider: searchModel() });
    await expect(result).toHaveCalledTool("search", { query: expect.any(String), limit: 3 });
    await expect(result).not.toHaveCalledTool("fetch");
    await expect(result).toStayWithinBudget({ iterations: 2, tokens: 200 });
    await expect({ result, durationMs: 5_000 }).not.toStayWithinBudget({ latencyMs: 1_000 });
  });

  it("say what failed: the scorer's reason, or what a negated match saw", async () => {
    const result = await runSearch("What is Baton?", { provider: searchModel() });
    const missing = await evalMatchers.toHaveCalledTool(result, "fetch");
    expect(missing.pass).toBe(false);
    expect(missing.message()).toBe('toolCalled("fetch"): fetch was not called (called: search)');
    const over = await evalMatchers.toStayWithinBudget(result, { tokens: 50 });
    expect(over.message()).toBe("withinBudget(tokens ≤ 50): tokens 127 > 50");
    expect((await evalMatchers.toHaveCalledTool(result, "search")).message()).toBe("expected the run not to call search, but it did");
    await expect(evalMatchers.toHaveCalledTool("not a run", "search")).rejects.toThrow("Expected a run's result");
  });
});
