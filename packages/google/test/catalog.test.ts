import { describe, expect, it } from "vitest";
import { costOf } from "@baton/core";
import { createGoogleProvider, findGoogleModelInfo, findModelInfo, GOOGLE_MODELS } from "../src/index.js";

const provider = createGoogleProvider({ apiKey: "k" });

describe("model catalog", () => {
  it("knows the current Gemini families with 1M windows, output limits and ≤200K-tier prices", () => {
    expect(provider.getModelInfo("gemini-2.5-pro")).toEqual({
      id: "gemini-2.5-pro",
      contextWindow: 1_048_576,
      maxOutputTokens: 65_536,
      pricing: { inputPerMillion: 1.25, outputPerMillion: 10, cachedInputPerMillion: 0.125 },
    });
    expect(provider.getModelInfo("gemini-2.5-flash")?.pricing).toEqual({ inputPerMillion: 0.3, outputPerMillion: 2.5, cachedInputPerMillion: 0.03 });
    expect(provider.getModelInfo("gemini-2.5-flash-lite")?.pricing).toEqual({ inputPerMillion: 0.1, outputPerMillion: 0.4, cachedInputPerMillion: 0.01 });
    expect(provider.getModelInfo("gemini-3-pro-preview")?.pricing).toEqual({ inputPerMillion: 2, outputPerMillion: 12, cachedInputPerMillion: 0.2 });
    expect(provider.getModelInfo("gemini-3-flash-preview")?.maxOutputTokens).toBe(65_536);
    expect(provider.getModelInfo("gemini-2.0-flash")?.maxOutputTokens).toBe(8_192);
    for (const info of Object.values(GOOGLE_MODELS)) expect(info.contextWindow).toBe(1_048_576);
  });

  it("resolves versioned ids to their family, the longest family first, and keeps the id asked for", () => {
    expect(provider.getModelInfo("gemini-2.5-flash-preview-09-2025")).toMatchObject({
      id: "gemini-2.5-flash-preview-09-2025",
      pricing: { inputPerMillion: 0.3 },
    });
    expect(provider.getModelInfo("gemini-2.5-flash-lite-preview-06-17")).toMatchObject({ pricing: { inputPerMillion: 0.1 } });
    expect(provider.getModelInfo("gemini-2.5-pro-preview-05-06")).toMatchObject({ pricing: { inputPerMillion: 1.25 } });
    expect(provider.getModelInfo("gemini-2.0-flash-001")).toMatchObject({ id: "gemini-2.0-flash-001", maxOutputTokens: 8_192 });
    expect(provider.getModelInfo("models/gemini-2.5-pro")).toMatchObject({ id: "models/gemini-2.5-pro", maxOutputTokens: 65_536 });
  });

  it("does not guess for other variants or unknown ids", () => {
    expect(provider.getModelInfo("gemini-2.5-flash-image")).toBeUndefined();
    expect(provider.getModelInfo("gemini-2.5-flash-native-audio")).toBeUndefined();
    expect(provider.getModelInfo("gpt-4.1")).toBeUndefined();
    expect(findGoogleModelInfo("gemini-9-ultra")).toBeUndefined();
    expect(findGoogleModelInfo("constructor")).toBeUndefined();
    // The deprecated name, with its old argument order, finds the same entries.
    expect(findModelInfo(GOOGLE_MODELS, "gemini-9-ultra")).toBeUndefined();
    expect(findModelInfo(GOOGLE_MODELS, "gemini-2.0-flash-001")).toEqual(findGoogleModelInfo("gemini-2.0-flash-001"));
  });

  it("takes extra and overriding entries from the models option", () => {
    const custom = createGoogleProvider({
      apiKey: "k",
      models: {
        "gemini-2.5-pro": { pricing: { inputPerMillion: 2.5, outputPerMillion: 15, cachedInputPerMillion: 0.25 } },
        "my-tuned-gemini": { contextWindow: 32_000, maxOutputTokens: 4_000 },
        "half-known": { contextWindow: 1_000 },
      },
    });
    expect(custom.getModelInfo("gemini-2.5-pro")).toMatchObject({ contextWindow: 1_048_576, pricing: { inputPerMillion: 2.5 } });
    expect(custom.getModelInfo("my-tuned-gemini")).toEqual({ id: "my-tuned-gemini", contextWindow: 32_000, maxOutputTokens: 4_000 });
    expect(custom.getModelInfo("half-known")).toBeUndefined();
  });

  it("prices a call with thoughts billed as output", () => {
    const pricing = provider.getModelInfo("gemini-2.5-flash")!.pricing!;
    const cost = costOf({ inputTokens: 1_000_000, cachedInputTokens: 500_000, outputTokens: 200_000, reasoningTokens: 150_000 }, pricing);
    expect(cost).toBeCloseTo(0.5 * 0.3 + 0.5 * 0.03 + 0.2 * 2.5, 10);
  });
});
