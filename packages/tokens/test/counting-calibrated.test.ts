import { describe, expect, it } from "vitest";
import type { Message, ToolDefinition } from "@baton/core";
import { systemMessage, userMessage } from "@baton/core";
import { createCalibratedTokenCounter, createOpenAITokenCounter, DEFAULT_TOKEN_RATIOS } from "../src/index.js";
import { repoDocuments } from "./support/real-text.js";

const base = createOpenAITokenCounter();
const docs = repoDocuments();
const assistantText = (text: string): Message => ({ role: "assistant", content: [{ type: "text", text }] });

/** A conversation of real paragraphs from the repository's docs. */
function conversation(turns: number, offset = 0): Message[] {
  const paragraphs = docs.flatMap((doc) => doc.text.split(/\n{2,}/)).filter((p) => p.length > 200);
  const messages: Message[] = [systemMessage("You answer questions about Baton.")];
  for (let i = 0; i < turns; i++) {
    messages.push(userMessage(paragraphs[(offset + 2 * i) % paragraphs.length]!), assistantText(paragraphs[(offset + 2 * i + 1) % paragraphs.length]!));
  }
  return messages;
}
/** Base tokens of messages without the reply priming. */
const baseOf = (messages: readonly Message[]): number => base.countMessages(messages).tokens - 3;

describe("createCalibratedTokenCounter", () => {
  it("estimates with the provider's default ratio before any report, and never claims exactness", () => {
    const counter = createCalibratedTokenCounter({ provider: "anthropic" });
    expect(counter.ratio).toBe(DEFAULT_TOKEN_RATIOS.anthropic);
    const messages = conversation(3);
    expect(counter.countMessages(messages)).toEqual({ tokens: Math.ceil(base.countMessages(messages).tokens * 1.25), exact: false });
    expect(counter.countText("hello world")).toEqual({ tokens: Math.ceil(2 * 1.25), exact: false });
    expect(createCalibratedTokenCounter({ provider: "google" }).ratio).toBe(DEFAULT_TOKEN_RATIOS.google);
  });

  it("uses the reported count for the reported prefix and estimates only the new messages", () => {
    const counter = createCalibratedTokenCounter({ provider: "anthropic", smoothing: 0.5 });
    const messages = conversation(4);
    counter.calibrate(messages, 4321);
    expect(counter.countMessages(messages)).toEqual({ tokens: 4321, exact: true });

    const next = [...messages, userMessage("And how does the loop decide when to stop calling tools?")];
    const suffix = baseOf(next.slice(messages.length));
    expect(counter.countMessages(next)).toEqual({ tokens: 4321 + Math.ceil(suffix * counter.ratio), exact: false });

    // A different conversation (new message objects) gets no benefit from the report.
    const other = conversation(4);
    expect(counter.countMessages(other).exact).toBe(false);
    expect(counter.countMessages(other).tokens).toBe(Math.ceil(base.countMessages(other).tokens * counter.ratio));
  });

  it("moves the ratio toward the observed ratio (moving average)", () => {
    const counter = createCalibratedTokenCounter({ provider: "google", smoothing: 0.5 });
    const messages = conversation(3);
    const baseTokens = base.countMessages(messages).tokens;
    counter.calibrate(messages, Math.round(baseTokens * 1.5));
    const observed = Math.round(baseTokens * 1.5) / baseTokens;
    expect(counter.ratio).toBeCloseTo(1.1 + 0.5 * (observed - 1.1), 10);

    // The next report observes only the part added since the earlier one.
    const longer = [...messages, ...conversation(2, 7).slice(1)];
    const added = baseOf(longer.slice(messages.length));
    const reported = Math.round(baseTokens * 1.5) + Math.round(added * 2);
    const before = counter.ratio;
    counter.calibrate(longer, reported);
    const observedAdded = (reported - Math.round(baseTokens * 1.5)) / added;
    expect(counter.ratio).toBeCloseTo(before + 0.5 * (observedAdded - before), 10);
    expect(counter.countMessages(longer)).toEqual({ tokens: reported, exact: true });
  });

  it("converges on a constant provider/base ratio", () => {
    const counter = createCalibratedTokenCounter({ provider: "anthropic" });
    let messages = conversation(1);
    for (let turn = 2; turn < 30; turn++) {
      counter.calibrate(messages, Math.round(base.countMessages(messages).tokens * 1.4));
      messages = [...messages, ...conversation(1, turn * 3).slice(1)];
    }
    expect(counter.ratio).toBeGreaterThan(1.38);
    expect(counter.ratio).toBeLessThan(1.42);
  });

  it("takes the longest reported prefix and adjusts for changed tools", () => {
    const counter = createCalibratedTokenCounter({ provider: "anthropic", smoothing: 0.2 });
    const tools: ToolDefinition[] = [
      { name: "search", description: "Searches the notes", parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] } },
    ];
    const messages = conversation(5);
    counter.calibrate(messages.slice(0, 3), 900, { tools });
    counter.calibrate(messages.slice(0, 7), 2500, { tools });
    counter.calibrate(messages.slice(0, 5), 1700, { tools });
    const ratio = counter.ratio;
    expect(counter.countMessages(messages, { tools })).toEqual({ tokens: 2500 + Math.ceil(baseOf(messages.slice(7)) * ratio), exact: false });
    expect(counter.countMessages(messages.slice(0, 7), { tools })).toEqual({ tokens: 2500, exact: true });
    // Without the tools the reported prefix is no longer exact: the tools' estimated cost is taken off.
    const toolTokens = base.countMessages([], { tools }).tokens - 3;
    expect(counter.countMessages(messages.slice(0, 7))).toEqual({ tokens: 2500 - Math.ceil(toolTokens * ratio), exact: false });
  });

  it("rejects a reported count that is not a number of tokens", () => {
    const counter = createCalibratedTokenCounter({ provider: "google" });
    expect(() => counter.calibrate([], Number.NaN)).toThrow(/non-negative number/);
    expect(() => createCalibratedTokenCounter({ provider: "google", smoothing: 0 })).toThrow(/smoothing/);
  });
});
