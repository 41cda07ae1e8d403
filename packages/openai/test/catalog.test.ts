import { describe, expect, it } from "vitest";
import { ConfigurationError } from "@baton/core";
import { OPENAI_MODELS, createOpenAIProvider, findOpenAIModelInfo, isOpenAIReasoningModel, resolveModelInfo } from "../src/index.js";

const provider = createOpenAIProvider({ apiKey: "k" });

describe("model catalog", () => {
  it("knows the current families with windows, output limits and prices", () => {
    expect(provider.getModelInfo("gpt-4.1")).toEqual({
      id: "gpt-4.1",
      contextWindow: 1_047_576,
      maxOutputTokens: 32_768,
      pricing: { inputPerMillion: 2, cachedInputPerMillion: 0.5, outputPerMillion: 8 },
    });
    expect(provider.getModelInfo("gpt-5")).toEqual({
      id: "gpt-5",
      contextWindow: 400_000,
      maxOutputTokens: 128_000,
      pricing: { inputPerMillion: 1.25, cachedInputPerMillion: 0.125, outputPerMillion: 10 },
    });
    expect(provider.getModelInfo("gpt-4o-mini")?.pricing).toEqual({ inputPerMillion: 0.15, cachedInputPerMillion: 0.075, outputPerMillion: 0.6 });
    expect(provider.getModelInfo("o4-mini")).toMatchObject({ contextWindow: 200_000, maxOutputTokens: 100_000 });
    expect(provider.getModelInfo("o3-pro")?.pricing).toEqual({ inputPerMillion: 20, outputPerMillion: 80 });
    for (const id of ["gpt-5-mini", "gpt-5-nano", "gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o", "o3"]) expect(Object.hasOwn(OPENAI_MODELS, id)).toBe(true);
  });

  it("resolves dated snapshots and OpenRouter-style ids to their family, keeping the id asked for", () => {
    expect(provider.getModelInfo("gpt-4.1-2025-04-14")).toMatchObject({ id: "gpt-4.1-2025-04-14", contextWindow: 1_047_576 });
    expect(provider.getModelInfo("gpt-4.1-nano-2025-04-14")?.pricing?.inputPerMillion).toBe(0.1);
    expect(provider.getModelInfo("gpt-5-nano-2025-08-07")?.pricing?.inputPerMillion).toBe(0.05);
    expect(provider.getModelInfo("o3-2025-04-16")?.contextWindow).toBe(200_000);
    expect(provider.getModelInfo("openai/gpt-4o")?.pricing?.inputPerMillion).toBe(2.5);
  });

  it("does not guess: unknown ids and other suffixes are undefined", () => {
    expect(provider.getModelInfo("llama-3.3-70b-versatile")).toBeUndefined();
    expect(provider.getModelInfo("gpt-4.1-turbo")).toBeUndefined();
    expect(provider.getModelInfo("constructor")).toBeUndefined();
    expect(findOpenAIModelInfo("gpt-9")).toBeUndefined();
  });

  it("findOpenAIModelInfo(modelId, table) looks in the catalog by default, in a given table otherwise", () => {
    expect(findOpenAIModelInfo("gpt-4.1-2025-04-14")).toEqual({ ...OPENAI_MODELS["gpt-4.1"], id: "gpt-4.1-2025-04-14" });
    expect(OPENAI_MODELS["gpt-4.1"]?.id).toBe("gpt-4.1");
    const table = { "my-model": { id: "my-model", contextWindow: 1000, maxOutputTokens: 10 } };
    expect(findOpenAIModelInfo("my-model-20260101", table)).toEqual({ id: "my-model-20260101", contextWindow: 1000, maxOutputTokens: 10 });
    expect(findOpenAIModelInfo("gpt-4.1", table)).toBeUndefined();
  });

  it("keeps resolveModelInfo as a deprecated alias of findOpenAIModelInfo", () => {
    expect(resolveModelInfo).toBe(findOpenAIModelInfo);
    expect(resolveModelInfo("gpt-4o", OPENAI_MODELS)).toEqual(findOpenAIModelInfo("gpt-4o"));
  });

  it("takes extra and overriding entries from `models`", () => {
    const custom = createOpenAIProvider({
      apiKey: "k",
      models: {
        "llama-3.3-70b-versatile": { contextWindow: 131_072, maxOutputTokens: 32_768, pricing: { inputPerMillion: 0.59, outputPerMillion: 0.79 } },
        "gpt-4.1": { pricing: { inputPerMillion: 1, outputPerMillion: 4 } },
      },
    });
    expect(custom.getModelInfo("llama-3.3-70b-versatile")).toEqual({
      id: "llama-3.3-70b-versatile",
      contextWindow: 131_072,
      maxOutputTokens: 32_768,
      pricing: { inputPerMillion: 0.59, outputPerMillion: 0.79 },
    });
    expect(custom.getModelInfo("gpt-4.1-2025-04-14")).toEqual({
      id: "gpt-4.1-2025-04-14",
      contextWindow: 1_047_576,
      maxOutputTokens: 32_768,
      pricing: { inputPerMillion: 1, outputPerMillion: 4 },
    });
    expect(() => createOpenAIProvider({ apiKey: "k", models: { "my-model": { contextWindow: 8192 } } })).toThrow(ConfigurationError);
    expect(() => createOpenAIProvider({ apiKey: "k", models: { "my-model": { contextWindow: 8192 } } })).toThrow(
      'openai: models["my-model"] is not in the catalog, so it needs contextWindow and maxOutputTokens.',
    );
  });

  it("tells reasoning models apart", () => {
    expect(["o3", "o4-mini", "gpt-5", "gpt-5-mini", "gpt-5.1-codex-max", "gpt-5.2", "openai/o3"].map(isOpenAIReasoningModel)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["gpt-4.1", "gpt-4o", "gpt-5-chat-latest", "llama3"].map(isOpenAIReasoningModel)).toEqual([false, false, false, false]);
  });
});
