import { afterEach, describe, expect, it } from "vitest";
import { listProviderFixtures, loadProviderFixture } from "@baton/testing";
import { assembleTurn, type AssembledTurn } from "./support/assemble-turn.js";
import { ask, collect, startHarness, type Harness } from "./support/provider-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

/** The `thoughtSignature`s of a recording, in order. */
function signatures(name: string): string[] {
  return loadProviderFixture("google", name).flatMap((line) => {
    const chunk = JSON.parse(line) as { candidates?: { content?: { parts?: { thoughtSignature?: string }[] } }[] };
    return (chunk.candidates?.[0]?.content?.parts ?? []).flatMap((part) => (part.thoughtSignature ? [part.thoughtSignature] : []));
  });
}

const usage = (inputTokens: number, outputTokens: number, reasoningTokens: number) => ({ inputTokens, outputTokens, cachedInputTokens: 0, reasoningTokens });

/** What each recording must turn into. */
const EXPECTED: Record<string, () => AssembledTurn> = {
  "google-text": () => ({
    text: 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y',
    reasoning: [{ type: "reasoning", text: "", signature: signatures("google-text")[0]! }],
    toolCalls: [],
    finish: "stop",
    usage: usage(9, 23 + 185, 185),
  }),
  "google-reasoning": () => ({
    text: 'There are **3** "r"s in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.',
    reasoning: [{ type: "reasoning", text: "", signature: signatures("google-reasoning")[0]! }],
    toolCalls: [],
    finish: "stop",
    usage: usage(9, 29 + 256, 256),
  }),
  "google-reasoning-gemini3": () => ({
    text: 'There are **3** "r"s in strawberry.\n\nSt**r**awbe**rr**y',
    reasoning: [{ type: "reasoning", text: "", signature: signatures("google-reasoning-gemini3")[0]! }],
    toolCalls: [],
    finish: "stop",
    usage: usage(9, 23 + 302, 302),
  }),
  "google-tool-call": () => ({
    text: "",
    reasoning: [{ type: "reasoning", text: "", id: "call_b36LacjwM668nsEP2tbsgQQ_0", signature: signatures("google-tool-call")[0]! }],
    toolCalls: [{ id: "call_b36LacjwM668nsEP2tbsgQQ_0", name: "weather", arguments: { location: "San Francisco" } }],
    finish: "tool_calls",
    usage: usage(29, 15 + 45, 45),
  }),
  "google-tool-call-gemini3": () => ({
    text: "",
    reasoning: [{ type: "reasoning", text: "", id: "call_QHiLaa6LBrb8vdIPoNztsAg_0", signature: signatures("google-tool-call-gemini3")[0]! }],
    toolCalls: [{ id: "call_QHiLaa6LBrb8vdIPoNztsAg_0", name: "weather", arguments: { location: "San Francisco" } }],
    finish: "tool_calls",
    usage: usage(29, 15 + 804, 804),
  }),
  "google-stream-tool-call-arguments": () => ({
    text: "",
    reasoning: [{ type: "reasoning", text: "", id: "call_dqHOab6xGLzWodAPkPuViA4_0", signature: signatures("google-stream-tool-call-arguments")[0]! }],
    toolCalls: [
      { id: "call_dqHOab6xGLzWodAPkPuViA4_0", name: "getWeather", arguments: { location: "Boston" } },
      { id: "call_dqHOab6xGLzWodAPkPuViA4_1", name: "getWeather", arguments: { location: "San Francisco" } },
    ],
    finish: "tool_calls",
    usage: usage(26, 23 + 132, 132),
  }),
  "google-stream-no-args-tool-call": () => ({
    text: "",
    reasoning: [
      {
        type: "reasoning",
        text:
          "**Processing User Requests**\n\nI've started by understanding the user's instructions. Currently, I'm focusing on the initial steps: " +
          'reading the specified theme using the appropriate tool. Next, I plan to tackle reading the screens, beginning with screen "A," then ' +
          'proceeding with "B" and "C" in parallel as instructed.\n\n\n',
        id: "call__vr4aYiWEJnYodAPkujX0QM_0",
        signature: signatures("google-stream-no-args-tool-call")[0]!,
      },
    ],
    toolCalls: [
      { id: "call__vr4aYiWEJnYodAPkujX0QM_0", name: "read_theme", arguments: {} },
      { id: "call__vr4aYiWEJnYodAPkujX0QM_1", name: "read_screen", arguments: { id: "A" } },
      { id: "call__vr4aYiWEJnYodAPkujX0QM_2", name: "read_screen", arguments: { id: "B" } },
      { id: "call__vr4aYiWEJnYodAPkujX0QM_3", name: "read_screen", arguments: { id: "C" } },
    ],
    finish: "tool_calls",
    usage: usage(249, 58 + 183, 183),
  }),
};

describe("recorded Gemini streams through the official SDK", () => {
  it("has an expectation for every recording of the google folder", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(listProviderFixtures("google"));
  });

  for (const name of listProviderFixtures("google")) {
    it(`replays ${name}`, async () => {
      harness = await startHarness();
      harness.server.enqueue({ kind: "stream", protocol: "google", chunks: loadProviderFixture("google", name) });
      const parts = await collect(harness.provider.stream(ask("hi")));
      expect(assembleTurn(parts)).toEqual(EXPECTED[name]!());
      expect(parts.at(-1)?.type).toBe("finish");
      expect(parts.filter((part) => part.type === "finish")).toHaveLength(1);
      expect(harness.server.requests).toHaveLength(1);
      expect(harness.server.requests[0]).toMatchObject({
        method: "POST",
        path: "/v1beta/models/gemini-2.5-flash:streamGenerateContent",
        query: { alt: "sse" },
        headers: { "x-goog-api-key": "test-key" },
      });
    });
  }

  it("streams text pieces as they arrive, the signature after the text", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: loadProviderFixture("google", "google-text") });
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(parts.map((part) => part.type)).toEqual(["text-delta", "text-delta", "reasoning-delta", "finish"]);
    expect(parts[0]).toEqual({ type: "text-delta", text: "There are **3**" });
  });

  it("opens a call streamed in pieces with its name and gives its arguments when it closes", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "stream", protocol: "google", chunks: loadProviderFixture("google", "google-stream-tool-call-arguments") });
    const parts = await collect(harness.provider.stream(ask("hi")));
    expect(parts.filter((part) => part.type === "tool-call-delta")).toEqual([
      { type: "tool-call-delta", index: 0, id: "call_dqHOab6xGLzWodAPkPuViA4_0", name: "getWeather", argumentsDelta: "" },
      { type: "tool-call-delta", index: 0, argumentsDelta: '{"location":"Boston"}' },
      { type: "tool-call-delta", index: 1, id: "call_dqHOab6xGLzWodAPkPuViA4_1", name: "getWeather", argumentsDelta: "" },
      { type: "tool-call-delta", index: 1, argumentsDelta: '{"location":"San Francisco"}' },
    ]);
  });
});
