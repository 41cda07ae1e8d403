import { describe, expect, it } from "vitest";
import { ZERO_TOKEN_USAGE, addTokenUsage, costOf, totalUsage, type Usage } from "./usage.js";

const call = (overrides: Partial<Usage>): Usage => ({
  model: "m",
  agentPath: "main",
  iteration: 1,
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  reasoningTokens: 0,
  tools: [],
  ...overrides,
});

describe("usage", () => {
  it("adds token usages field by field", () => {
    expect(
      addTokenUsage(
        { inputTokens: 1, outputTokens: 2, cachedInputTokens: 3, reasoningTokens: 4 },
        { inputTokens: 10, outputTokens: 20, cachedInputTokens: 30, reasoningTokens: 40 },
      ),
    ).toEqual({
      inputTokens: 11,
      outputTokens: 22,
      cachedInputTokens: 33,
      reasoningTokens: 44,
    });
    expect(addTokenUsage(ZERO_TOKEN_USAGE, ZERO_TOKEN_USAGE)).toEqual(ZERO_TOKEN_USAGE);
  });

  it("bills cached input at the cached price and the rest at the input price", () => {
    const pricing = { inputPerMillion: 3, cachedInputPerMillion: 0.3, outputPerMillion: 15 };
    expect(costOf({ inputTokens: 1_000_000, cachedInputTokens: 400_000, outputTokens: 100_000, reasoningTokens: 0 }, pricing)).toBeCloseTo(
      1.8 + 0.12 + 1.5,
      12,
    );
    // Without a cached price, cached tokens cost the input price.
    expect(
      costOf({ inputTokens: 1_000_000, cachedInputTokens: 400_000, outputTokens: 0, reasoningTokens: 0 }, { inputPerMillion: 3, outputPerMillion: 15 }),
    ).toBeCloseTo(3, 12);
  });

  it("totals records: tokens, calls, known cost, whether cost is complete, tools in first-use order", () => {
    const total = totalUsage([
      call({ inputTokens: 10, outputTokens: 1, tools: ["search", "fetch"], costUsd: 0.5 }),
      call({ inputTokens: 5, outputTokens: 2, reasoningTokens: 1, tools: ["fetch", "calc"] }),
    ]);
    expect(total).toEqual({
      inputTokens: 15,
      outputTokens: 3,
      cachedInputTokens: 0,
      reasoningTokens: 1,
      calls: 2,
      costUsd: 0.5,
      costComplete: false,
      tools: ["search", "fetch", "calc"],
    });
    expect(totalUsage([])).toEqual({ ...ZERO_TOKEN_USAGE, calls: 0, costComplete: true, tools: [] });
  });
});
