import { describe, expect, it } from "vitest";
import { ConfigurationError } from "@baton/core";
import { ANTHROPIC_MODELS, createAnthropicProvider, findAnthropicModelInfo, findModelInfo } from "../src/index.js";

const provider = createAnthropicProvider({ apiKey: "test-key" });

describe("model catalog", () => {
  it("knows the current families with windows, output limits and prices (cache reads as cached input)", () => {
    expect(provider.getModelInfo("claude-opus-5-5")).toEqual({
      id: "claude-opus-5-5",
      contextWindow: 1_000_000,
      maxOutputTokens: 128_000,
      pricing: { inputPerMillion: 4, outputPerMillion: 20, cachedInputPerMillion: 0.2 },
    });
    expect(provider.getModelInfo("claude-sonnet-4-5")).toMatchObject({
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
      pricing: { inputPerMillion: 3, outputPerMillion: 15, cachedInputPerMillion: 0.3 },
    });
    expect(provider.getModelInfo("claude-haiku-4-5")?.pricing).toEqual({ inputPerMillion: 1, outputPerMillion: 5, cachedInputPerMillion: 0.1 });
    for (const info of Object.values(ANTHROPIC_MODELS)) {
      expect(info.contextWindow).toBeGreaterThanOrEqual(200_000);
      expect(info.maxOutputTokens).toBeGreaterThan(0);
      expect(info.pricing!.outputPerMillion).toBeGreaterThan(info.pricing!.inputPerMillion);
      if (info.pricing!.cachedInputPerMillion !== undefined) expect(info.pricing!.cachedInputPerMillion).toBeLessThan(info.pricing!.inputPerMillion);
    }
  });

  it("resolves dated snapshot ids to their model, and nothing else", () => {
    expect(provider.getModelInfo("claude-haiku-4-5-20251001")).toMatchObject({
      id: "claude-haiku-4-5-20251001",
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
    });
    expect(provider.getModelInfo("claude-sonnet-4-5-20250929")?.pricing?.inputPerMillion).toBe(3);
    expect(provider.getModelInfo("claude-3-5-haiku-20241022")).toMatchObject({ maxOutputTokens: 8192, pricing: { inputPerMillion: 0.8 } });
    expect(provider.getModelInfo("claude-3-5-haiku-latest")?.id).toBe("claude-3-5-haiku-latest");
    expect(provider.getModelInfo("claude-opus-4")).toBeUndefined();
    expect(provider.getModelInfo("claude-opus-4-5-turbo")).toBeUndefined();
    expect(provider.getModelInfo("gpt-4.1")).toBeUndefined();
    expect(findAnthropicModelInfo("claude-opus-4-5-20251101")?.contextWindow).toBe(200_000);
    expect(findAnthropicModelInfo("constructor")).toBeUndefined();
  });

  it("findAnthropicModelInfo(modelId, table) looks in a given table; the deprecated findModelInfo(table, modelId) agrees", () => {
    const table = { "claude-test": { id: "claude-test", contextWindow: 1000, maxOutputTokens: 10 } };
    expect(findAnthropicModelInfo("claude-test-20260101", table)).toEqual({ id: "claude-test-20260101", contextWindow: 1000, maxOutputTokens: 10 });
    expect(findAnthropicModelInfo("claude-haiku-4-5", table)).toBeUndefined();
    expect(findModelInfo(ANTHROPIC_MODELS, "claude-opus-4-5-20251101")).toEqual(findAnthropicModelInfo("claude-opus-4-5-20251101"));
    expect(findModelInfo(table, "claude-test-latest")).toEqual(findAnthropicModelInfo("claude-test-latest", table));
  });

  it("takes extra and overriding entries from `models`", () => {
    const custom = createAnthropicProvider({
      apiKey: "test-key",
      models: {
        "claude-sonnet-4-5": { contextWindow: 1_000_000 },
        "claude-fable-5-2": { pricing: { inputPerMillion: 8, outputPerMillion: 40, cachedInputPerMillion: 0.2 } },
        "claude-internal-1": { contextWindow: 64_000, maxOutputTokens: 4_000 },
      },
    });
    expect(custom.getModelInfo("claude-sonnet-4-5-20250929")).toMatchObject({
      contextWindow: 1_000_000,
      maxOutputTokens: 64_000,
      pricing: { inputPerMillion: 3 },
    });
    expect(custom.getModelInfo("claude-fable-5-2")?.pricing?.cachedInputPerMillion).toBe(0.2);
    expect(custom.getModelInfo("claude-internal-1")).toEqual({ id: "claude-internal-1", contextWindow: 64_000, maxOutputTokens: 4_000 });
    expect(() => createAnthropicProvider({ apiKey: "k", models: { "claude-internal-2": { contextWindow: 8_000 } } })).toThrow(ConfigurationError);
    expect(() => createAnthropicProvider({ apiKey: "k", models: { "claude-internal-2": { contextWindow: 8_000 } } })).toThrow(
      /needs contextWindow and maxOutputTokens/,
    );
  });

  it("names itself anthropic", () => {
    expect(provider.id).toBe("anthropic");
  });
});
