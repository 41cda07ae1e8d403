import { describe, expect, it } from "vitest";
import { ProviderStreamError, type ModelStreamPart } from "@baton/core";
import { GeminiStreamMapper } from "../src/index.js";
import { PartialArguments, parseJsonPath } from "../src/stream/partial-args.js";
import { toFinishReason } from "../src/stream/finish-reason.js";
import { toTokenUsage } from "../src/stream/usage.js";
import type { GeminiPart, GeminiResponseChunk } from "../src/sdk-types.js";

function mapChunks(chunks: GeminiResponseChunk[]): ModelStreamPart[] {
  const mapper = new GeminiStreamMapper();
  const out: ModelStreamPart[] = [];
  for (const chunk of chunks) mapper.push(chunk, out);
  mapper.finish(out);
  return out;
}

const withParts = (parts: GeminiPart[], finishReason?: string): GeminiResponseChunk =>
  ({ responseId: "r", candidates: [{ content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}) }] }) as GeminiResponseChunk;

describe("GeminiStreamMapper", () => {
  it("streams thoughts as reasoning and keeps a thought's signature on it", () => {
    expect(
      mapChunks([
        withParts([{ text: "Let me think", thought: true }]),
        withParts([{ text: " harder.", thought: true, thoughtSignature: "sig-a" }]),
        withParts([{ text: "Answer." }], "STOP"),
      ]),
    ).toEqual([
      { type: "reasoning-delta", text: "Let me think" },
      { type: "reasoning-delta", text: " harder.", signature: "sig-a" },
      { type: "text-delta", text: "Answer." },
      { type: "finish", reason: "stop" },
    ]);
  });

  it("puts a function call's signature in a reasoning part named by the call id, just before the call", () => {
    expect(
      mapChunks([
        withParts([{ functionCall: { name: "a", args: { x: 1 } }, thoughtSignature: "sig-call" }, { functionCall: { name: "b", args: {} } }], "STOP"),
      ]),
    ).toEqual([
      { type: "reasoning-delta", text: "", id: "call_r_0", signature: "sig-call" },
      { type: "tool-call-delta", index: 0, id: "call_r_0", name: "a", argumentsDelta: '{"x":1}' },
      { type: "tool-call-delta", index: 1, id: "call_r_1", name: "b", argumentsDelta: "{}" },
      { type: "finish", reason: "tool_calls" },
    ]);
  });

  it("uses Gemini's call id when it sends one, and a random prefix when there is no response id", () => {
    const parts = mapChunks([
      {
        candidates: [{ content: { parts: [{ functionCall: { id: "fc-7", name: "a" } }, { functionCall: { name: "b" } }] }, finishReason: "STOP" }],
      } as GeminiResponseChunk,
    ]);
    const ids = parts.flatMap((part) => (part.type === "tool-call-delta" ? [part.id] : []));
    expect(ids[0]).toBe("fc-7");
    expect(ids[1]).toMatch(/^call_[0-9a-f]{12}_1$/);
  });

  it("passes the arguments through as the JSON Gemini sent, whatever their shape, without parsing them", () => {
    const args = { "": "empty key", nested: { list: [1, [2, { deep: null }]], unicode: "żółw 🐢", quote: 'say "hi"\n' } };
    const odd = { name: "odd", args: "{not json" as unknown as Record<string, unknown> };
    const parts = mapChunks([withParts([{ functionCall: { name: "exotic", args } }, { functionCall: odd }], "STOP")]);
    expect(parts[0]).toEqual({ type: "tool-call-delta", index: 0, id: "call_r_0", name: "exotic", argumentsDelta: JSON.stringify(args) });
    // A malformed `args` (a string) is handed on as its JSON text; the loop, not the adapter, judges it.
    expect(parts[1]).toEqual({ type: "tool-call-delta", index: 1, id: "call_r_1", name: "odd", argumentsDelta: '"{not json"' });
  });

  it("assembles streamed arguments of every value kind, and closes an open call when text follows", () => {
    const parts = mapChunks([
      withParts([{ functionCall: { name: "plan", willContinue: true } }]),
      withParts([{ functionCall: { partialArgs: [{ jsonPath: "$.title", stringValue: "Tri", willContinue: true }], willContinue: true } }]),
      withParts([{ functionCall: { partialArgs: [{ jsonPath: "$.title", stringValue: "p" }], willContinue: true } }]),
      withParts([
        {
          functionCall: {
            partialArgs: [
              { jsonPath: "$.days", numberValue: 3 },
              { jsonPath: "$.stops[0].city", stringValue: "Lyon" },
              { jsonPath: "$.stops[1]['city name']", stringValue: "Nice" },
              { jsonPath: "$.budget", nullValue: "NULL_VALUE" },
              { jsonPath: "$.train", boolValue: true },
            ],
            willContinue: true,
          },
        },
      ]),
      withParts([{ text: "Done." }], "STOP"),
    ]);
    expect(parts).toEqual([
      { type: "tool-call-delta", index: 0, id: "call_r_0", name: "plan", argumentsDelta: "" },
      {
        type: "tool-call-delta",
        index: 0,
        argumentsDelta: JSON.stringify({ title: "Trip", days: 3, stops: [{ city: "Lyon" }, { "city name": "Nice" }], budget: null, train: true }),
      },
      { type: "text-delta", text: "Done." },
      { type: "finish", reason: "tool_calls" },
    ]);
  });

  it("refuses a streamed argument path it cannot read, as a stream error (not a crash)", () => {
    const mapper = new GeminiStreamMapper();
    const out: ModelStreamPart[] = [];
    mapper.push(withParts([{ functionCall: { name: "f", willContinue: true } }]), out);
    expect(() => mapper.push(withParts([{ functionCall: { partialArgs: [{ jsonPath: "$..x", stringValue: "1" }], willContinue: true } }]), out)).toThrow(
      ProviderStreamError,
    );
  });

  it("reports usage once, from the last chunk, with thoughts counted as output", () => {
    const parts = mapChunks([
      { ...withParts([{ text: "a" }]), usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 1, totalTokenCount: 101 } } as GeminiResponseChunk,
      {
        ...withParts([{ text: "b" }], "MAX_TOKENS"),
        usageMetadata: { promptTokenCount: 100, cachedContentTokenCount: 60, candidatesTokenCount: 2, thoughtsTokenCount: 40, toolUsePromptTokenCount: 5 },
      } as GeminiResponseChunk,
    ]);
    expect(parts.filter((part) => part.type === "usage")).toEqual([]);
    expect(parts.at(-1)).toEqual({
      type: "finish",
      reason: "length",
      usage: { inputTokens: 105, outputTokens: 42, cachedInputTokens: 60, reasoningTokens: 40 },
    });
  });

  it("finishes a prompt blocked by the safety filter as content_filter", () => {
    expect(mapChunks([{ promptFeedback: { blockReason: "SAFETY" }, usageMetadata: { promptTokenCount: 7 } } as GeminiResponseChunk])).toEqual([
      { type: "finish", reason: "content_filter", usage: { inputTokens: 7, outputTokens: 0, cachedInputTokens: 0, reasoningTokens: 0 } },
    ]);
  });

  it("throws when the stream ends without a finish reason", () => {
    const mapper = new GeminiStreamMapper();
    mapper.push(withParts([{ text: "a" }]), []);
    expect(() => mapper.finish([])).toThrow(/without a finish reason/);
  });
});

describe("finish reasons and usage", () => {
  it("maps every Gemini finish reason", () => {
    expect(toFinishReason("STOP", false)).toBe("stop");
    expect(toFinishReason("STOP", true)).toBe("tool_calls");
    expect(toFinishReason("MAX_TOKENS", true)).toBe("length");
    for (const filtered of ["SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY"])
      expect(toFinishReason(filtered, false)).toBe("content_filter");
    for (const other of ["MALFORMED_FUNCTION_CALL", "LANGUAGE", "OTHER", "FINISH_REASON_UNSPECIFIED", "SOMETHING_NEW"])
      expect(toFinishReason(other, false)).toBe("other");
  });

  it("has no usage when a chunk carries no counts", () => {
    expect(toTokenUsage({ totalTokenCount: undefined })).toBeUndefined();
    expect(toTokenUsage({ candidatesTokenCount: 3 })).toEqual({ inputTokens: 0, outputTokens: 3, cachedInputTokens: 0, reasoningTokens: 0 });
  });
});

describe("partial arguments", () => {
  it("parses the JSONPaths Gemini sends", () => {
    expect(parseJsonPath("$.a.b[2]['c.d'][\"e\"]")).toEqual(["a", "b", 2, "c.d", "e"]);
    expect(parseJsonPath("$['it\\'s']")).toEqual(["it's"]);
    expect(parseJsonPath("$")).toEqual([]);
    for (const unreadable of ["a.b", "$.*", "$[?(@.x)]", "$[1:2]", "$..x", "$['open"]) expect(parseJsonPath(unreadable)).toBeUndefined();
  });

  it("starts from the arguments given with the first piece, and replaces a value that is not continued", () => {
    const args = new PartialArguments({ keep: 1 });
    args.apply([{ jsonPath: "$.q", stringValue: "first" }]);
    args.apply([{ jsonPath: "$.q", stringValue: "second" }]);
    expect(args.toJson()).toBe('{"keep":1,"q":"second"}');
  });
});
