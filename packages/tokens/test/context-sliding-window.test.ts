import { describe, expect, it } from "vitest";
import type { Message } from "@baton/core";
import { ContextOverflowError, createContextEngine, slidingWindow } from "../src/index.js";
import { charCounter } from "./support/char-counter.js";
import { conversation, inputOf, requestOf } from "./support/conversations.js";

const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
const assistant = (text: string): Message => ({ role: "assistant", content: [{ type: "text", text }] });

describe("slidingWindow", () => {
  it("leaves a request that fits untouched and reports nothing", async () => {
    const messages = conversation(1, 4);
    const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow() });
    const input = inputOf(messages, 1_000_000, 2);
    const output = await engine.prepare(input);
    expect(output.messages).toBeUndefined();
    expect(output.inLoop).toEqual(input.inLoop);
    expect(output.events).toBeUndefined();
  });

  it("drops the oldest turns, keeps the system prompt and first user message, and says how many turns went", async () => {
    // Each message is 40 chars = 10 tokens + 3.
    const line = "x".repeat(40);
    const messages: Message[] = [
      { role: "system", content: "sys" },
      user("first"),
      assistant(line),
      user(line),
      assistant(line),
      user(line),
      assistant(line),
      user(line),
      assistant("last"),
    ];
    const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow() });
    const input = inputOf(messages, 70);
    const output = await engine.prepare(input);
    const request = requestOf(input, output);
    expect(request[0]).toBe(messages[0]);
    expect(request[1]).toBe(messages[1]);
    const notice = request[2]!;
    expect(notice.role).toBe("user");
    expect(request.slice(3)).toEqual(messages.slice(-3));
    expect(JSON.stringify(notice)).toContain("2 earlier turns (4 messages) were dropped");
    expect(charCounter.countMessages(request).tokens).toBeLessThanOrEqual(70);
    const event = output.events?.find((e) => e.type === "context-trimmed");
    expect(event).toEqual({
      type: "context-trimmed",
      strategy: "sliding-window",
      removedMessages: 3,
      tokensBefore: charCounter.countMessages(messages).tokens,
      tokensAfter: charCounter.countMessages(request).tokens,
    });
  });

  it("keeps room for the tool definitions it is given", async () => {
    const line = "z".repeat(40);
    const messages: Message[] = [user("first")];
    for (let i = 0; i < 10; i++) messages.push(assistant(line), user(line));
    const withTools = {
      ...charCounter,
      countMessages: (m: readonly Message[], o?: { readonly tools?: readonly unknown[] }) => ({
        tokens: charCounter.countMessages(m).tokens + (o?.tools?.length ?? 0) * 50,
        exact: true,
      }),
    };
    const tools = [{ name: "t", description: "d", parameters: { type: "object" } }];
    const plain = createContextEngine({ counter: withTools, strategies: slidingWindow() });
    const engine = createContextEngine({ counter: withTools, strategies: slidingWindow(), tools });
    const a = requestOf(inputOf(messages, 200), await plain.prepare(inputOf(messages, 200)));
    const b = requestOf(inputOf(messages, 200), await engine.prepare(inputOf(messages, 200)));
    expect(withTools.countMessages(b, { tools }).tokens).toBeLessThanOrEqual(200);
    expect(withTools.countMessages(a, { tools }).tokens).toBeGreaterThan(200);
  });

  it("counts only the window it keeps, not the history it drops", async () => {
    let counted = 0;
    const counting = { ...charCounter, countMessages: (m: readonly Message[]) => ((counted += m.length), charCounter.countMessages(m)) };
    const messages = conversation(11, 8_000);
    const engine = createContextEngine({ counter: counting, strategies: slidingWindow() });
    const input = inputOf(messages, 8_000, 2);
    const output = await engine.prepare(input);
    const kept = requestOf(input, output).length;
    expect(messages.length).toBeGreaterThan(12_000);
    // The kept window, and for the trim event's report at most 64 messages more.
    expect(counted).toBeLessThanOrEqual(kept + 4 + 64);
    expect(counted).toBeLessThan(messages.length / 20);
    // The size reported before trimming is an estimate from the counted messages, near the exact count.
    const event = output.events![0]!;
    const exact = charCounter.countMessages(messages).tokens;
    expect(event.type === "context-trimmed" && Math.abs(event.tokensBefore - exact) / exact).toBeLessThan(0.2);
  });

  it("adds up dropped turns across calls in one notice", async () => {
    const line = "y".repeat(40);
    const messages: Message[] = [user("first")];
    for (let i = 0; i < 6; i++) messages.push(assistant(line), user(line));
    const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow() });
    const input = inputOf(messages, 80);
    const first = requestOf(input, await engine.prepare(input));
    const grown = [...first, assistant(line), user(line), assistant(line), user(line)];
    const second = requestOf(inputOf(grown, 80), await engine.prepare(inputOf(grown, 80)));
    const dropped = (m: Message) => Number(/(\d+) earlier turn/.exec(JSON.stringify(m))?.[1]);
    expect(dropped(second[1]!)).toBe(dropped(first[1]!) + 2);
  });

  it("throws ContextOverflowError saying by how many tokens the smallest request is over", async () => {
    const messages: Message[] = [{ role: "system", content: "s".repeat(400) }, user("u".repeat(400)), assistant("a")];
    const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow() });
    const error = await engine.prepare(inputOf(messages, 150, 0, 20)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContextOverflowError);
    const overflow = error as ContextOverflowError;
    expect(overflow.code).toBe("CONTEXT_OVERFLOW");
    expect(overflow.limit).toBe(130);
    expect(overflow.tokens).toBe(charCounter.countMessages(messages).tokens);
    expect(overflow.excess).toBe(overflow.tokens - 130);
    expect(overflow.message).toContain(`${overflow.excess} tokens over`);
  });

  it("returns the same output again for the same input, without repeating its events", async () => {
    const messages = conversation(7, 200);
    const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow() });
    const input = inputOf(messages, 4000, 3);
    const first = await engine.prepare(input);
    const again = await engine.prepare(input);
    expect(again.inLoop).toBe(first.inLoop);
    expect(again.messages).toBe(first.messages);
    expect(first.events?.length).toBe(1);
    expect(again.events).toBeUndefined();
  });
});
