import { describe, expect, it } from "vitest";
import { BatonError, ProviderError, userMessage, type Message, type ModelRequest, type ModelStreamPart } from "@baton/core";
import { scriptedModel } from "./scripted-model.js";
import { ScriptExhaustedError } from "./script-exhausted-error.js";

async function collect(stream: AsyncIterable<ModelStreamPart>): Promise<ModelStreamPart[]> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

function request(text = "hi", extra: Partial<ModelRequest> = {}): ModelRequest {
  return { model: "test", messages: [userMessage(text)], ...extra };
}

/** Assembles tool-call deltas by index, the way a provider consumer must. */
function assembleToolCalls(parts: readonly ModelStreamPart[]): { id?: string; name?: string; args: string }[] {
  const calls: { id?: string; name?: string; args: string }[] = [];
  for (const part of parts) {
    if (part.type !== "tool-call-delta") continue;
    const call = (calls[part.index] ??= { args: "" });
    if (part.id !== undefined) call.id = part.id;
    if (part.name !== undefined) call.name = part.name;
    call.args += part.argumentsDelta;
  }
  return calls;
}

describe("scriptedModel text turns", () => {
  it("streams a string turn as one text part, usage and a stop finish", async () => {
    const model = scriptedModel(["Hello there"]);
    const req = request("hi");
    const parts = await collect(model.stream(req));
    expect(parts).toEqual([
      { type: "text-delta", text: "Hello there" },
      {
        type: "usage",
        usage: {
          inputTokens: Math.ceil(JSON.stringify(req.messages).length / 4),
          outputTokens: Math.ceil("Hello there".length / 4),
          cachedInputTokens: 0,
          reasoningTokens: 0,
        },
      },
      { type: "finish", reason: "stop" },
    ]);
  });

  it("streams text chunks in order, one part each", async () => {
    const parts = await collect(scriptedModel([{ text: ["Hel", "lo", " world"] }]).stream(request()));
    expect(parts.map((part) => part.type)).toEqual(["text-delta", "text-delta", "text-delta", "usage", "finish"]);
    expect(parts.filter((part) => part.type === "text-delta").map((part) => part.text)).toEqual(["Hel", "lo", " world"]);
  });

  it("streams an empty turn as usage and finish only", async () => {
    const parts = await collect(scriptedModel([{}, ""]).stream(request()));
    expect(parts.map((part) => part.type)).toEqual(["usage", "finish"]);
  });
});

describe("scriptedModel tool calls", () => {
  it("splits each call in two deltas, first halves of all calls before the rests", async () => {
    const model = scriptedModel([
      {
        text: "Let me check.",
        toolCalls: [
          { name: "get_weather", arguments: { city: "Paris" } },
          { name: "get_time", arguments: { zone: "Europe/Paris" }, id: "t-1" },
        ],
      },
    ]);
    const parts = await collect(model.stream(request()));
    const deltas = parts.filter((part) => part.type === "tool-call-delta");
    expect(deltas.map((part) => part.index)).toEqual([0, 1, 0, 1]);
    const weather = JSON.stringify({ city: "Paris" });
    expect(deltas[0]).toEqual({
      type: "tool-call-delta",
      index: 0,
      id: "call_0_0",
      name: "get_weather",
      argumentsDelta: weather.slice(0, Math.ceil(weather.length / 2)),
    });
    expect(deltas[2]).toEqual({ type: "tool-call-delta", index: 0, argumentsDelta: weather.slice(Math.ceil(weather.length / 2)) });
    expect(deltas[2]?.argumentsDelta).not.toBe("");
    expect(assembleToolCalls(parts)).toEqual([
      { id: "call_0_0", name: "get_weather", args: weather },
      { id: "t-1", name: "get_time", args: JSON.stringify({ zone: "Europe/Paris" }) },
    ]);
    expect(parts.map((part) => part.type)).toEqual([
      "text-delta",
      "tool-call-delta",
      "tool-call-delta",
      "tool-call-delta",
      "tool-call-delta",
      "usage",
      "finish",
    ]);
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "tool_calls" });
  });

  it("numbers default ids by call index and position", async () => {
    const model = scriptedModel([{ toolCalls: [{ name: "a" }] }], { repeatLast: true });
    await collect(model.stream(request()));
    await collect(model.stream(request()));
    const third = await collect(model.stream(request()));
    expect(assembleToolCalls(third)).toEqual([{ id: "call_2_0", name: "a", args: "{}" }]);
  });

  it("sends rawArguments verbatim", async () => {
    const parts = await collect(scriptedModel([{ toolCalls: [{ name: "search", rawArguments: '{"q": "unterminated' }] }]).stream(request()));
    expect(assembleToolCalls(parts)[0]?.args).toBe('{"q": "unterminated');
  });

  it("lets finishReason be scripted", async () => {
    const model = scriptedModel([
      { text: "cut", finishReason: "length" },
      { toolCalls: [{ name: "x" }], finishReason: "stop" },
    ]);
    expect((await collect(model.stream(request()))).at(-1)).toEqual({ type: "finish", reason: "length" });
    expect((await collect(model.stream(request()))).at(-1)).toEqual({ type: "finish", reason: "stop" });
  });
});

describe("scriptedModel reasoning", () => {
  it("streams reasoning chunks, then the signature on an empty part, before the text", async () => {
    const parts = await collect(scriptedModel([{ reasoning: { text: ["Think", "ing"], id: "rs_1", signature: "sig" }, text: "Done" }]).stream(request()));
    expect(parts.slice(0, 4)).toEqual([
      { type: "reasoning-delta", text: "Think", id: "rs_1" },
      { type: "reasoning-delta", text: "ing", id: "rs_1" },
      { type: "reasoning-delta", text: "", id: "rs_1", signature: "sig" },
      { type: "text-delta", text: "Done" },
    ]);
    const usage = parts.find((part) => part.type === "usage");
    expect(usage).toMatchObject({ usage: { reasoningTokens: Math.ceil(8 / 4), outputTokens: Math.ceil(12 / 4) } });
  });

  it("keeps several blocks apart with default ids and sends redacted data", async () => {
    const parts = await collect(scriptedModel([{ reasoning: ["plain", { text: "", redactedData: "xyz" }] }]).stream(request()));
    expect(parts.slice(0, 2)).toEqual([
      { type: "reasoning-delta", text: "plain", id: "reasoning_0" },
      { type: "reasoning-delta", text: "", id: "reasoning_1", redactedData: "xyz" },
    ]);
  });
});

describe("scriptedModel usage", () => {
  it("computes deterministic defaults from the request and the turn", async () => {
    const messages: Message[] = [userMessage("What is the weather like in Paris today?")];
    const parts = await collect(
      scriptedModel([{ reasoning: "abcdefghij", text: "12345", toolCalls: [{ name: "w", rawArguments: "0123456" }] }]).stream({
        model: "m",
        messages,
      }),
    );
    expect(parts.find((part) => part.type === "usage")).toEqual({
      type: "usage",
      usage: {
        inputTokens: Math.ceil(JSON.stringify(messages).length / 4),
        outputTokens: Math.ceil((5 + 7 + 10) / 4),
        reasoningTokens: Math.ceil(10 / 4),
        cachedInputTokens: 0,
      },
    });
  });

  it("fills a partial usage with the defaults", async () => {
    const req = request("hello");
    const parts = await collect(scriptedModel([{ text: "abcd", usage: { outputTokens: 100, cachedInputTokens: 3 } }]).stream(req));
    expect(parts.find((part) => part.type === "usage")).toEqual({
      type: "usage",
      usage: { inputTokens: Math.ceil(JSON.stringify(req.messages).length / 4), outputTokens: 100, cachedInputTokens: 3, reasoningTokens: 0 },
    });
  });

  it("reports a fully scripted usage as is", async () => {
    const usage = { inputTokens: 10, outputTokens: 20, cachedInputTokens: 5, reasoningTokens: 2 };
    const parts = await collect(scriptedModel([{ text: "x", usage }]).stream(request()));
    expect(parts.find((part) => part.type === "usage")).toEqual({ type: "usage", usage });
  });
});

describe("scriptedModel script handling", () => {
  it("calls function turns with the request and the call index", async () => {
    const seen: [number, number][] = [];
    const model = scriptedModel([
      "first",
      (req, callIndex) => {
        seen.push([req.messages.length, callIndex]);
        const last = req.messages.at(-1);
        return { text: `echo: ${last?.role === "tool" ? JSON.stringify(last.content[0]?.result) : "none"}` };
      },
    ]);
    await collect(model.stream(request()));
    const messages: Message[] = [
      userMessage("hi"),
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c", toolName: "t", arguments: {} }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c", toolName: "t", result: { n: 42 } }] },
    ];
    const parts = await collect(model.stream({ model: "test", messages }));
    expect(seen).toEqual([[3, 1]]);
    expect(parts[0]).toEqual({ type: "text-delta", text: 'echo: {"n":42}' });
  });

  it("surfaces a throwing turn function from the stream", async () => {
    const boom = new Error("boom");
    const model = scriptedModel([
      () => {
        throw boom;
      },
    ]);
    await expect(collect(model.stream(request()))).rejects.toBe(boom);
  });

  it("records each request with a snapshot of its messages", async () => {
    const model = scriptedModel(["a", "b"]);
    const messages: Message[] = [userMessage("one")];
    const controller = new AbortController();
    await collect(model.stream({ model: "test", messages, temperature: 0.2, signal: controller.signal }));
    messages.push({ role: "assistant", content: [{ type: "text", text: "a" }] });
    (messages[0]!.content as { type: "text"; text: string }[])[0]!.text = "mutated";
    await collect(model.stream({ model: "test", messages }));

    expect(model.callCount).toBe(2);
    expect(model.requests).toHaveLength(2);
    expect(model.requests[0]?.messages).toEqual([userMessage("one")]);
    expect(model.requests[0]).toMatchObject({ model: "test", temperature: 0.2, signal: controller.signal });
    expect(model.requests[1]?.messages).toHaveLength(2);
    expect(model.lastRequest).toBe(model.requests[1]);
  });

  it("does not record requests when recordRequests is false", async () => {
    const model = scriptedModel(["a"], { recordRequests: false });
    await collect(model.stream(request()));
    expect(model.requests).toEqual([]);
    expect(model.callCount).toBe(1);
  });

  it("throws SCRIPT_EXHAUSTED from the stream once the turns are used up", async () => {
    const model = scriptedModel(["a", "b", "c"]);
    for (let i = 0; i < 3; i++) await collect(model.stream(request()));
    expect(model.remaining).toBe(0);
    const error = await collect(model.stream(request())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BatonError);
    expect(error).toBeInstanceOf(ScriptExhaustedError);
    expect(error).toMatchObject({
      code: "SCRIPT_EXHAUSTED",
      message: "scriptedModel: no scripted turn left for call 4 (the script has 3 turns)",
    });
    expect(model.requests).toHaveLength(4);
  });

  it("repeats the last turn forever with repeatLast", async () => {
    const model = scriptedModel(["a", "b"], { repeatLast: true });
    const texts: string[] = [];
    for (let i = 0; i < 5; i++) {
      const parts = await collect(model.stream(request()));
      texts.push(parts[0]?.type === "text-delta" ? parts[0].text : "");
    }
    expect(texts).toEqual(["a", "b", "b", "b", "b"]);
    expect(model.remaining).toBe(Infinity);
  });

  it("cycles through the turns with loop", async () => {
    const model = scriptedModel(["a", "b"], { loop: true });
    const texts: string[] = [];
    for (let i = 0; i < 5; i++) {
      const parts = await collect(model.stream(request()));
      texts.push(parts[0]?.type === "text-delta" ? parts[0].text : "");
    }
    expect(texts).toEqual(["a", "b", "a", "b", "a"]);
  });

  it("counts remaining turns and starts over after reset", async () => {
    const model = scriptedModel(["a", "b"]);
    expect(model.remaining).toBe(2);
    await collect(model.stream(request()));
    expect(model.remaining).toBe(1);
    model.reset();
    expect(model.remaining).toBe(2);
    expect(model.callCount).toBe(0);
    expect(model.requests).toEqual([]);
    expect((await collect(model.stream(request())))[0]).toEqual({ type: "text-delta", text: "a" });
  });

  it("serves id and model infos", () => {
    const info = { id: "test", contextWindow: 1000, maxOutputTokens: 100 };
    const model = scriptedModel([], { id: "fake", models: { test: info } });
    expect(model.id).toBe("fake");
    expect(model.getModelInfo("test")).toBe(info);
    expect(model.getModelInfo("other")).toBeUndefined();
    expect(model.getModelInfo("toString")).toBeUndefined();
    expect(scriptedModel([]).id).toBe("scripted");
  });

  it("rejects invalid scripts at creation", () => {
    expect(() => scriptedModel([{ delayMs: -1 }])).toThrow(/delayMs/);
    expect(() => scriptedModel([{ errorAfterParts: 1.5, error: "x" }])).toThrow(/errorAfterParts/);
    expect(() => scriptedModel([42 as never])).toThrow(/a turn must be/);
    expect(() => scriptedModel(["a"], { loop: true, repeatLast: true })).toThrow(/cannot both/);
  });
});

describe("scriptedModel errors", () => {
  it("wraps a string error in ProviderError, thrown instead of usage and finish", async () => {
    const seen: ModelStreamPart[] = [];
    const error = await (async () => {
      for await (const part of scriptedModel([{ text: ["a", "b"], error: "rate limited" }]).stream(request())) seen.push(part);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: "PROVIDER_ERROR", message: "rate limited" });
    expect(seen.map((part) => part.type)).toEqual(["text-delta", "text-delta"]);
  });

  it("emits errorAfterParts parts, then throws the error as given", async () => {
    const custom = new Error("socket hang up");
    const seen: ModelStreamPart[] = [];
    const error = await (async () => {
      for await (const part of scriptedModel([{ text: ["a", "b", "c"], error: custom, errorAfterParts: 2 }]).stream(request())) {
        seen.push(part);
      }
    })().catch((caught: unknown) => caught);
    expect(error).toBe(custom);
    expect(seen).toEqual([
      { type: "text-delta", text: "a" },
      { type: "text-delta", text: "b" },
    ]);
  });

  it("throws at once with errorAfterParts 0, and a ProviderError when no error is given", async () => {
    const model = scriptedModel([{ text: "a", errorAfterParts: 0 }]);
    await expect(collect(model.stream(request()))).rejects.toBeInstanceOf(ProviderError);
  });
});
