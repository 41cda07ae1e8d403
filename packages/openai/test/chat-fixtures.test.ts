import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProviderFixtures, loadProviderFixture, startProviderServer, type ProviderServer } from "@baton/testing";
import { assemble, collect, providerFor, request } from "./support/harness.js";

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(async () => {
  await server.close();
});

/** Replays a recorded Chat Completions stream through the official SDK and the adapter. */
async function replay(name: string, providerName?: string) {
  server.enqueue({ kind: "stream", protocol: "openai-chat", chunks: loadProviderFixture("openai-chat", name), headers: { "x-request-id": `req_${name}` } });
  const provider = providerFor(server, providerName ? { name: providerName } : {});
  const parts = await collect(provider.stream(request({ model: "recorded" })));
  return { parts, ...assemble(parts) };
}

describe("recorded Chat Completions streams", () => {
  it("covers every recording of the openai-chat folder", () => {
    expect(listProviderFixtures("openai-chat")).toEqual([
      "deepseek-reasoning",
      "deepseek-tool-call",
      "groq-reasoning",
      "groq-tool-call",
      "openai-text",
      "xai-text",
      "xai-tool-call",
    ]);
  });

  it("openai-text: text deltas, stop, usage with cached and reasoning tokens", async () => {
    const { parts, text, reasoning, toolCalls, usage, finish } = await replay("openai-text");
    expect(text.startsWith("**Holiday Name:** Harmony Day\n\n**Date:** Celebrated annually on the first Saturd")).toBe(true);
    expect(text.endsWith("ed human experiences and mutual respect.")).toBe(true);
    expect(text).toHaveLength(1724);
    // 303 chunks: the role chunk (its empty content sends no part), 300 pieces of text, the finish and the usage.
    expect(parts.filter((part) => part.type === "text-delta")).toHaveLength(300);
    expect(reasoning).toEqual([]);
    expect(toolCalls).toEqual([]);
    const tokens = { inputTokens: 16, outputTokens: 300, cachedInputTokens: 0, reasoningTokens: 0 };
    expect(usage).toEqual([{ type: "usage", usage: tokens }]);
    expect(finish).toEqual({ type: "finish", reason: "stop", usage: tokens });
    expect(parts.slice(-2).map((part) => part.type)).toEqual(["usage", "finish"]);
  });

  it("deepseek-reasoning: reasoning_content becomes reasoning deltas before the text", async () => {
    const { parts, text, reasoning, finish } = await replay("deepseek-reasoning", "deepseek");
    expect(text).toBe('The word "strawberry" contains three "r"s.');
    expect(reasoning).toHaveLength(1);
    expect(reasoning[0]!.text.startsWith('We need to count the number of the letter "r" in the word "s')).toBe(true);
    expect(reasoning[0]!.text.endsWith("nd 9. So yes, 3.\n\nThus, the answer is 3.")).toBe(true);
    expect(reasoning[0]!.text).toHaveLength(606);
    const firstText = parts.findIndex((part) => part.type === "text-delta");
    const lastReasoning = parts.map((part) => part.type).lastIndexOf("reasoning-delta");
    expect(lastReasoning).toBeLessThan(firstText);
    expect(finish).toEqual({ type: "finish", reason: "stop", usage: { inputTokens: 18, outputTokens: 219, cachedInputTokens: 0, reasoningTokens: 205 } });
  });

  it("deepseek-tool-call: reasoning, then a tool call streamed in pieces; cached tokens", async () => {
    const { text, reasoning, toolCalls, finish } = await replay("deepseek-tool-call", "deepseek");
    expect(text).toBe("");
    expect(reasoning[0]!.text.startsWith("The user is asking for the weather in San Francisco. I need ")).toBe(true);
    expect(reasoning[0]!.text.endsWith('cation parameter set to "San Francisco".')).toBe(true);
    expect(toolCalls).toEqual([{ index: 0, id: "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF", name: "weather", arguments: '{"location": "San Francisco"}' }]);
    expect(finish).toEqual({
      type: "finish",
      reason: "tool_calls",
      usage: { inputTokens: 339, outputTokens: 83, cachedInputTokens: 320, reasoningTokens: 39 },
    });
  });

  it("groq-reasoning: Groq's `reasoning` field becomes reasoning deltas", async () => {
    const { text, reasoning, finish } = await replay("groq-reasoning", "groq");
    expect(reasoning).toHaveLength(1);
    expect(reasoning[0]!.text.startsWith("Okay, let me try to figure out how many times the letter 'r'")).toBe(true);
    expect(reasoning[0]!.text).toHaveLength(2952);
    expect(text.startsWith('The word **"strawberry"** is spelled as **S-T-R-A-W-B-E-R-R-Y**.')).toBe(true);
    expect(text.endsWith("**Final Answer**: $\\boxed{3}$")).toBe(true);
    expect(finish).toEqual({ type: "finish", reason: "stop", usage: { inputTokens: 17, outputTokens: 1107, cachedInputTokens: 0, reasoningTokens: 963 } });
  });

  it("groq-tool-call: a whole tool call in one chunk", async () => {
    const { parts, toolCalls, finish } = await replay("groq-tool-call", "groq");
    expect(parts.filter((part) => part.type === "tool-call-delta")).toEqual([
      { type: "tool-call-delta", index: 0, id: "tk85n1k4m", name: "weather", argumentsDelta: "{}" },
    ]);
    expect(toolCalls).toEqual([{ index: 0, id: "tk85n1k4m", name: "weather", arguments: "{}" }]);
    expect(finish).toEqual({ type: "finish", reason: "tool_calls", usage: { inputTokens: 210, outputTokens: 15, cachedInputTokens: 0, reasoningTokens: 0 } });
  });

  it("xai-text: reasoning_content; output tokens include the reasoning xAI leaves out of completion_tokens", async () => {
    const { text, reasoning, finish } = await replay("xai-text", "xai");
    expect(text).toBe("Grok");
    expect(reasoning[0]!.text.startsWith('First, the user said: "Say a single word."')).toBe(true);
    expect(reasoning[0]!.text).toHaveLength(1455);
    // prompt 12 + completion 2 + reasoning 340 = total 354.
    expect(finish).toEqual({ type: "finish", reason: "stop", usage: { inputTokens: 12, outputTokens: 342, cachedInputTokens: 11, reasoningTokens: 340 } });
  });

  it("xai-tool-call: reasoning, then one tool call", async () => {
    const { reasoning, toolCalls, finish } = await replay("xai-tool-call", "xai");
    expect(reasoning[0]!.text.endsWith(" for now, this is the logical next step.")).toBe(true);
    expect(toolCalls).toEqual([{ index: 0, id: "call_79382389", name: "weather", arguments: '{"location":"San Francisco"}' }]);
    expect(finish).toEqual({
      type: "finish",
      reason: "tool_calls",
      usage: { inputTokens: 307, outputTokens: 253, cachedInputTokens: 306, reasoningTokens: 227 },
    });
  });

  it("names itself after the `name` option", () => {
    expect(providerFor(server).id).toBe("openai");
    expect(providerFor(server, { name: "groq" }).id).toBe("groq");
  });
});
