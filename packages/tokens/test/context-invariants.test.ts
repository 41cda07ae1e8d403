import { describe, expect, it } from "vitest";
import type { Message } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import {
  archiveLargeToolOutputs,
  compactOldTurns,
  compressConsumedToolResults,
  ContextOverflowError,
  createContextEngine,
  slidingWindow,
  summarizeOldTurns,
  type ContextStrategy,
} from "../src/index.js";
import { charCounter } from "./support/char-counter.js";
import { alternationProblems, conversation, inputOf, pairingProblems, random, requestOf } from "./support/conversations.js";

const strategySets: Record<string, () => ContextStrategy[]> = {
  window: () => [slidingWindow()],
  compactThenWindow: () => [compressConsumedToolResults(), compactOldTurns({ keepRecentTurns: 2 }), slidingWindow()],
  archiveThenWindow: () => [archiveLargeToolOutputs({ maxTokens: 150 }), slidingWindow()],
  summarizeThenWindow: () => [
    summarizeOldTurns({ provider: scriptedModel(["summary of earlier work"], { repeatLast: true }), model: "s", keepRecentTurns: 2 }),
    slidingWindow(),
  ],
  turnLimit: () => [slidingWindow({ maxTurns: 3 })],
  thresholds: () => [
    compactOldTurns({ keepRecentTurns: 2, maxTokens: 400 }),
    summarizeOldTurns({ provider: scriptedModel(["summary of earlier work"], { repeatLast: true }), model: "s", keepRecentTurns: 3, maxTokens: 900 }),
    slidingWindow({ maxTurns: 4 }),
  ],
};

/** Checks every invariant of one prepared request; returns what is wrong. */
function check(original: readonly Message[], request: readonly Message[], budget: number, alternation: boolean): string[] {
  const problems = pairingProblems(request);
  if (alternation) problems.push(...alternationProblems(request));
  const head = original.findIndex((m) => m.role === "user");
  for (let i = 0; i <= head; i++) {
    const kept = request[i]!;
    if (kept !== original[i] && JSON.stringify(kept) !== JSON.stringify(original[i])) problems.push(`head message ${i} changed`);
  }
  const tokens = charCounter.countMessages(request).tokens;
  if (tokens > budget) problems.push(`${tokens} tokens over the budget ${budget}`);
  return problems;
}

describe("context engine invariants over generated conversations", () => {
  for (const [name, make] of Object.entries(strategySets)) {
    for (const alternation of [false, true]) {
      it(`${name}${alternation ? " with alternation" : ""}: calls keep their results, the head survives, roles alternate, the request fits or the error says by how much`, async () => {
        const rand = random(name.length * 31 + (alternation ? 7 : 0));
        let fitted = 0;
        let overflowed = 0;
        for (let seed = 1; seed <= 60; seed++) {
          const messages = conversation(seed, 5 + Math.floor(rand() * 60));
          const limit = 300 + Math.floor(rand() * 4000);
          const reserved = Math.floor(rand() * 200);
          const engine = createContextEngine({ counter: charCounter, strategies: make(), alternation });
          // Grow the run over several iterations, as the loop does.
          let start = Math.max(2, messages.length - 12);
          while (start < messages.length && messages[start]!.role !== "assistant") start++;
          let conv: readonly Message[] = messages.slice(0, start);
          let inLoop: readonly Message[] = [];
          let next = conv.length;
          while (next <= messages.length) {
            const input = { ...inputOf([], limit, 0, reserved), messages: conv, inLoop };
            const outcome = await engine.prepare(input).then(
              (output) => ({ output }),
              (error: unknown) => ({ error }),
            );
            if ("error" in outcome) {
              expect(outcome.error).toBeInstanceOf(ContextOverflowError);
              const overflow = outcome.error as ContextOverflowError;
              expect(overflow.code).toBe("CONTEXT_OVERFLOW");
              expect(overflow.limit).toBe(limit - reserved);
              expect(overflow.excess).toBe(overflow.tokens - overflow.limit);
              expect(overflow.excess).toBeGreaterThan(0);
              overflowed++;
              break;
            }
            const request = requestOf(input, outcome.output);
            expect(check(messages, request, limit - reserved, alternation), `seed ${seed} at ${next}`).toEqual([]);
            conv = outcome.output.messages ?? conv;
            inLoop = outcome.output.inLoop;
            fitted++;
            // The next iteration: the model's turn and its tool results.
            const step: Message[] = [];
            while (next < messages.length) {
              step.push(messages[next]!);
              next++;
              if (messages[next]?.role === "assistant") break;
            }
            if (step.length === 0) break;
            inLoop = [...inLoop, ...step];
          }
        }
        expect(fitted).toBeGreaterThan(100);
        expect(overflowed).toBeLessThan(60);
      });
    }
  }

  it("never separates a call from its results even when only the last turn fits", async () => {
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "go" }] },
      {
        role: "assistant",
        content: [
          { type: "tool-call", toolCallId: "a", toolName: "t", arguments: {} },
          { type: "tool-call", toolCallId: "b", toolName: "t", arguments: {} },
        ],
      },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "a", toolName: "t", result: "1".repeat(400) }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "b", toolName: "t", result: "2".repeat(400) }] },
    ];
    const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow() });
    const error = (await engine.prepare(inputOf(messages, 150)).catch((e: unknown) => e)) as ContextOverflowError;
    expect(error).toBeInstanceOf(ContextOverflowError);
    // The smallest request keeps both results with their call.
    expect(error.tokens).toBe(charCounter.countMessages(messages).tokens);
  });

  it("merges same-role neighbours when alternation is required", async () => {
    const messages: Message[] = [
      { role: "system", content: "s" },
      { role: "user", content: [{ type: "text", text: "a" }] },
      { role: "user", content: [{ type: "text", text: "b" }] },
      { role: "assistant", content: [{ type: "text", text: "c" }] },
      { role: "assistant", content: [{ type: "text", text: "d" }] },
    ];
    const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow(), alternation: true });
    const input = inputOf(messages, 1000, 1);
    const output = await engine.prepare(input);
    expect(requestOf(input, output)).toEqual([
      { role: "system", content: "s" },
      {
        role: "user",
        content: [
          { type: "text", text: "a" },
          { type: "text", text: "b" },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "text", text: "c" },
          { type: "text", text: "d" },
        ],
      },
    ]);
    // The merged assistant message starts in the conversation, so the in-loop part is now empty.
    expect(output.inLoop).toEqual([]);
  });
});
