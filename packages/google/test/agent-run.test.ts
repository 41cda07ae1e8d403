import { afterEach, describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { fakeTool } from "@baton/testing";
import { startHarness, type Harness } from "./support/provider-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

const sse = (responseId: string, parts: unknown[], finishReason?: string, usage?: Record<string, number>): string =>
  JSON.stringify({
    candidates: [{ content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}), index: 0 }],
    ...(usage ? { usageMetadata: usage } : {}),
    modelVersion: "gemini-2.5-flash",
    responseId,
  });

describe("a whole agent run on Gemini", () => {
  it("runs two tool rounds and answers, replaying calls, results and thought signatures", async () => {
    harness = await startHarness();
    const weather = fakeTool({
      name: "weather",
      description: "Current weather of a city, in °C.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false },
      result: { city: "Paris", celsius: 21 },
    });
    const convert = fakeTool({
      name: "to_fahrenheit",
      description: "Converts °C to °F.",
      parameters: { type: "object", properties: { celsius: { type: "number" } }, required: ["celsius"] },
      result: (args: { celsius: number }) => ({ fahrenheit: (args.celsius * 9) / 5 + 32 }),
    });
    harness.server.enqueue(
      {
        kind: "stream",
        protocol: "google",
        chunks: [
          sse("resp-1", [{ text: "Need the weather first.", thought: true }]),
          sse("resp-1", [{ functionCall: { name: "weather", args: { city: "Paris" } }, thoughtSignature: "sig-round-1" }]),
          sse("resp-1", [{ text: "" }], "STOP", { promptTokenCount: 50, candidatesTokenCount: 10, thoughtsTokenCount: 20 }),
        ],
      },
      {
        kind: "stream",
        protocol: "google",
        chunks: [
          sse("resp-2", [{ functionCall: { name: "to_fahrenheit", args: { celsius: 21 } }, thoughtSignature: "sig-round-2" }], "STOP", {
            promptTokenCount: 90,
            cachedContentTokenCount: 40,
            candidatesTokenCount: 12,
            thoughtsTokenCount: 8,
          }),
        ],
      },
      {
        kind: "stream",
        protocol: "google",
        chunks: [
          sse("resp-3", [{ text: "It is 21 °C " }]),
          sse("resp-3", [{ text: "(69.8 °F) in Paris.", thoughtSignature: "sig-answer" }], "STOP", { promptTokenCount: 120, candidatesTokenCount: 15 }),
        ],
      },
    );

    const result = await run({
      provider: harness.provider,
      model: "gemini-2.5-flash",
      instructions: "You answer weather questions.",
      input: "Weather in Paris, in Fahrenheit?",
      tools: [weather, convert],
    });

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("It is 21 °C (69.8 °F) in Paris.");
    expect(result.toolCalls.map(({ toolCallId, toolName, arguments: args, status, result: value }) => ({ toolCallId, toolName, args, status, value }))).toEqual(
      [
        { toolCallId: "call_resp-1_0", toolName: "weather", args: { city: "Paris" }, status: "ok", value: { city: "Paris", celsius: 21 } },
        { toolCallId: "call_resp-2_0", toolName: "to_fahrenheit", args: { celsius: 21 }, status: "ok", value: { fahrenheit: 69.8 } },
      ],
    );
    expect(result.usage.total).toMatchObject({ calls: 3, inputTokens: 260, outputTokens: 30 + 20 + 15, cachedInputTokens: 40, reasoningTokens: 28 });
    expect(result.usage.total.costUsd).toBeCloseTo((220 * 0.3 + 40 * 0.03 + 65 * 2.5) / 1e6, 12);

    const bodies = harness.server.requests.map((request) => request.body as { contents: unknown[]; systemInstruction: unknown });
    expect(bodies).toHaveLength(3);
    expect(bodies[0]!.systemInstruction).toEqual({ parts: [{ text: expect.stringContaining("You answer weather questions.") }] });
    expect(bodies[2]!.contents).toEqual([
      { role: "user", parts: [{ text: "Weather in Paris, in Fahrenheit?" }] },
      {
        role: "model",
        parts: [
          { text: "Need the weather first.", thought: true },
          { functionCall: { name: "weather", args: { city: "Paris" } }, thoughtSignature: "sig-round-1" },
        ],
      },
      { role: "user", parts: [{ functionResponse: { name: "weather", response: { output: { city: "Paris", celsius: 21 } } } }] },
      { role: "model", parts: [{ functionCall: { name: "to_fahrenheit", args: { celsius: 21 } }, thoughtSignature: "sig-round-2" }] },
      { role: "user", parts: [{ functionResponse: { name: "to_fahrenheit", response: { output: { fahrenheit: 69.8 } } } }] },
    ]);
    expect(weather.calls.map((call) => call.args)).toEqual([{ city: "Paris" }]);
    expect(convert.calls.map((call) => call.args)).toEqual([{ celsius: 21 }]);
  });
});
