import { afterEach, describe, expect, it } from "vitest";
import { listProviderFixtures, loadProviderFixture } from "@baton/testing";
import { assemble, ask, collect, startHarness, type Assembled, type Harness } from "./support/anthropic-harness.js";

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

const usage = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens, cachedInputTokens: 0, reasoningTokens: 0 });
const JSON_TOOL_ARGS = '{"elements": [{"location": "San Francisco", "temperature": 58, "condition": "sunny"}]}';

/** What each recorded stream must come out as. Every file of the fixture folder has an entry. */
const EXPECTED: Record<string, Omit<Assembled, "finish"> & { finish: { type: "finish"; reason: string; usage: ReturnType<typeof usage> } }> = {
  "anthropic-clear-thinking.1": {
    text: "925 ÷ 5 = 185",
    reasoning: [
      {
        type: "reasoning",
        id: "msg_01Y6V41gqPaKWEw7iPouH7iW:0",
        text: "The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185",
        signature:
          "EvQBCkYICxgCKkAxhD4NUKFzudtZ6NzbZdEiBACIScTzqjPViM596iWLZIk4EFKYYBj3B6Ptl3b0dcQv/VeJBNbejNWIWRBn+KPNEgz6HWtKx7p+QRgKsEoaDGjsiqfht7gTRFYHiyIwD1VSmNqHxv3wy8KEMP+LYb/TC4UH3H97tuoaADARFFcA0phdfxnzKQxFnc9lwY+dKlzUsaKSUAFeu1bDL5ikZJ1vL0Fkz6JjoFke0L/wOJRIUDUlDUOFJ1tZ3ea7g6LGE/5hwuvWgLwewdcm64d+43l7F57XrOmqNd6flI2K/oPr/4yzNgvi/EhT6Ca17BgB",
      },
    ],
    toolCalls: [],
    finish: { type: "finish", reason: "stop", usage: usage(69, 53) },
  },
  "anthropic-clear-tool-uses.1": {
    text: "\n\nHere's a comparison of the weather in both cities:\n\n**San Francisco:**\n- Temperature: 72°F\n- Condition: Sunny\n\n**New York:**\n- Temperature: 65°F\n- Condition: Cloudy\n\n**Summary:**\nSan Francisco is warmer than New York by 7 degrees (72°F vs 65°F) and has better weather conditions with sunny skies, while New York is experiencing cloudy conditions. If you're looking for warm and sunny weather, San Francisco is the better choice right now.",
    reasoning: [],
    toolCalls: [],
    finish: { type: "finish", reason: "stop", usage: usage(859, 122) },
  },
  "anthropic-json-tool.1": {
    text: "",
    reasoning: [],
    toolCalls: [{ index: 0, id: "toolu_01KFbKqPYSuAKujiL6mTfzYA", name: "json", arguments: JSON_TOOL_ARGS }],
    finish: { type: "finish", reason: "tool_calls", usage: usage(849, 47) },
  },
  "anthropic-json-tool.2": {
    text: "I'll invoke the JSON response tool.",
    reasoning: [],
    toolCalls: [{ index: 1, id: "toolu_01KFbKqPYSuAKujiL6mTfzYA", name: "json", arguments: JSON_TOOL_ARGS }],
    finish: { type: "finish", reason: "tool_calls", usage: usage(849, 47) },
  },
  // message_delta reports a later input count than message_start: the later one wins.
  "anthropic-message-delta-input-tokens": {
    text: "pong",
    reasoning: [],
    toolCalls: [],
    finish: { type: "finish", reason: "stop", usage: usage(61, 2) },
  },
  "anthropic-refusal": {
    text: "",
    reasoning: [],
    toolCalls: [],
    finish: { type: "finish", reason: "content_filter", usage: usage(18, 5) },
  },
  "anthropic-text": {
    text: "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?",
    reasoning: [],
    toolCalls: [],
    finish: { type: "finish", reason: "stop", usage: usage(12, 30) },
  },
  // A tool without arguments streams an empty input_json_delta: the arguments stay empty text (the loop reads it as {}).
  "anthropic-tool-no-args": {
    text: "I'll update the issue list for you.",
    reasoning: [],
    toolCalls: [{ index: 1, id: "toolu_01QE1WLsSVp5hy5Q3GmGTmjP", name: "updateIssueList", arguments: "" }],
    finish: { type: "finish", reason: "tool_calls", usage: usage(565, 48) },
  },
};

describe("recorded Anthropic streams through the official SDK", () => {
  it("has an expectation for every recorded stream", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(listProviderFixtures("anthropic"));
  });

  for (const name of listProviderFixtures("anthropic")) {
    it(`replays ${name}`, async () => {
      harness = await startHarness();
      harness.server.enqueue({
        kind: "stream",
        protocol: "anthropic",
        chunks: loadProviderFixture("anthropic", name),
        headers: { "request-id": "req_fixture" },
      });
      const parts = await collect(harness.provider.stream(ask("go")));
      expect(assemble(parts)).toEqual(EXPECTED[name]);
      // The finish part is last, and exactly one.
      expect(parts.filter((part) => part.type === "finish")).toHaveLength(1);
      expect(parts.at(-1)?.type).toBe("finish");
      expect(harness.server.requests).toHaveLength(1);
      expect(harness.server.requests[0]).toMatchObject({ method: "POST", path: "/v1/messages", body: { stream: true } });
    });
  }

  it("streams the thinking fixture piece by piece, with the signature on an empty last part of its block", async () => {
    harness = await startHarness();
    harness.server.enqueue({ kind: "stream", protocol: "anthropic", chunks: loadProviderFixture("anthropic", "anthropic-clear-thinking.1") });
    const parts = await collect(harness.provider.stream(ask("go")));
    const reasoning = parts.filter((part) => part.type === "reasoning-delta");
    expect(reasoning.map((part) => part.text)).toEqual([
      "The previous",
      " result",
      " was",
      " 925.",
      " Now",
      " I need to divide that",
      " by 5.\n\n925",
      " ÷ 5 ",
      "= 185",
      "",
    ]);
    expect(reasoning.slice(0, -1).every((part) => part.signature === undefined)).toBe(true);
    expect(reasoning.at(-1)).toMatchObject({ text: "", id: "msg_01Y6V41gqPaKWEw7iPouH7iW:0", signature: expect.stringMatching(/^EvQB/) });
    // Reasoning comes before the answer text.
    expect(parts.findIndex((part) => part.type === "text-delta")).toBeGreaterThan(parts.indexOf(reasoning.at(-1)!));
  });
});
