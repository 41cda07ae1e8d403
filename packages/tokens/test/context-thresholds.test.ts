import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, Tool, ToolMessage } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel, type ScriptedTurn } from "@baton/testing";
import { compactOldTurns, createContextEngine, slidingWindow, summarizeOldTurns } from "../src/index.js";
import { charCounter } from "./support/char-counter.js";
import { alternationProblems, conversation, inputOf, pairingProblems, requestOf } from "./support/conversations.js";

/** A window far larger than any conversation here. */
const HUGE = 10_000_000;

const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
const say = (text: string): AssistantMessage => ({ role: "assistant", content: [{ type: "text", text }] });
const call = (id: string): AssistantMessage => ({
  role: "assistant",
  content: [{ type: "tool-call", toolCallId: id, toolName: "search", arguments: { q: id } }],
});
const result = (id: string, value: string): ToolMessage => ({
  role: "tool",
  content: [{ type: "tool-result", toolCallId: id, toolName: "search", result: value }],
});
const assistants = (messages: readonly Message[]): number => messages.filter((m) => m.role === "assistant").length;
const droppedTurns = (message: Message | undefined): number => Number(/(\d+) earlier turns? \(/.exec(JSON.stringify(message))?.[1] ?? Number.NaN);

/** system, first user, then `n` tool turns with 1000-char results, then a final answer. */
function toolRun(n: number): Message[] {
  const messages: Message[] = [{ role: "system", content: "sys" }, user("find things")];
  for (let i = 0; i < n; i++) messages.push(call(`c${i}`), result(`c${i}`, `r${i}:${"z".repeat(1000)}`));
  messages.push(say("done"));
  return messages;
}

describe("slidingWindow({ maxTurns })", () => {
  for (const alternation of [false, true]) {
    it(`trims generated conversations under a huge window to maxTurns turns, first user message kept, calls with their results${alternation ? " (alternation)" : ""}`, async () => {
      for (let seed = 1; seed <= 25; seed++) {
        const messages = conversation(seed, 40 + seed);
        const maxTurns = 1 + (seed % 6);
        const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow({ maxTurns }), alternation });
        const input = inputOf(messages, HUGE, seed % 4);
        const output = await engine.prepare(input);
        const request = requestOf(input, output);
        const label = `seed ${seed}, maxTurns ${maxTurns}`;
        expect(assistants(request), label).toBe(maxTurns);
        expect(request[0], label).toBe(messages[0]);
        expect(request[1], label).toBe(messages[1]);
        // The newest turns are those of the original, unchanged.
        expect(request.at(-1), label).toBe(messages.at(-1));
        expect(pairingProblems(request), label).toEqual([]);
        if (alternation) expect(alternationProblems(request), label).toEqual([]);
        expect(droppedTurns(request[2]), label).toBe(assistants(messages) - maxTurns);
        expect(JSON.stringify(request[2]), label).toContain(`to keep the last ${maxTurns} turn`);
        expect(
          output.events?.map((e) => e.type === "context-trimmed" && e.strategy),
          label,
        ).toEqual(["sliding-window"]);
      }
    });
  }

  it("keeps a run under a huge window to maxTurns turns on every request, and adds up the dropped turns", async () => {
    const readPage: Tool<{ page: number }, string> = {
      name: "read_page",
      description: "Reads one page.",
      parameters: { type: "object", properties: { page: { type: "number" } }, required: ["page"] },
      execute: ({ page }) => `Page ${page}: ${"text ".repeat(50)}`,
    };
    const turns: ScriptedTurn[] = [];
    for (let page = 1; page <= 20; page++) turns.push({ text: `Reading page ${page}.`, toolCalls: [{ name: "read_page", arguments: { page } }] });
    turns.push("All read.");
    const model = scriptedModel(turns, { recordRequests: true });
    const maxTurns = 3;
    const result = await run({
      provider: model,
      model: "scripted",
      instructions: "Read the pages.",
      input: "Read twenty pages.",
      tools: [readPage],
      contextEngine: createContextEngine({ counter: charCounter, strategies: slidingWindow({ maxTurns }) }),
      contextLimit: 1_000_000,
      maxOutputTokens: 1_000,
      toolCallLimit: 100,
    });
    expect(result.stopReason).toBe("completed");
    expect(model.requests).toHaveLength(21);
    for (const [index, request] of model.requests.entries()) {
      expect(assistants(request.messages), `request ${index}`).toBe(Math.min(index, maxTurns));
      expect(request.messages[1], `request ${index}`).toEqual(user("Read twenty pages."));
      expect(pairingProblems(request.messages), `request ${index}`).toEqual([]);
    }
    const last = model.requests.at(-1)!.messages;
    expect(droppedTurns(last[2])).toBe(20 - maxTurns);
  });

  it("leaves fewer turns than maxTurns alone, and trims further when the kept turns do not fit the window", async () => {
    const messages = toolRun(6);
    const few = createContextEngine({ counter: charCounter, strategies: slidingWindow({ maxTurns: 10 }) });
    const untouched = await few.prepare(inputOf(messages, HUGE));
    expect(untouched.messages).toBeUndefined();
    expect(untouched.events).toBeUndefined();

    // Four turns of ~260 tokens each do not fit 700 tokens: the window decides.
    const tight = createContextEngine({ counter: charCounter, strategies: slidingWindow({ maxTurns: 4 }) });
    const input = inputOf(messages, 700);
    const request = requestOf(input, await tight.prepare(input));
    expect(charCounter.countMessages(request).tokens).toBeLessThanOrEqual(700);
    expect(assistants(request)).toBeLessThan(4);
    expect(pairingProblems(request)).toEqual([]);
    expect(JSON.stringify(request[2])).toContain("to fit the context window");
  });

  it("without maxTurns, still trims only when the window is full", async () => {
    const messages = toolRun(30);
    const engine = createContextEngine({ counter: charCounter, strategies: slidingWindow() });
    const output = await engine.prepare(inputOf(messages, HUGE));
    expect(output.messages).toBeUndefined();
    expect(output.events).toBeUndefined();
  });
});

describe("token thresholds of compaction and summarization (maxTokens)", () => {
  it("compactOldTurns({ maxTokens }) compacts once the request is over maxTokens, under a huge window, and not below", async () => {
    const messages = toolRun(6); // about 1,600 tokens
    const total = charCounter.countMessages(messages).tokens;
    const below = createContextEngine({ counter: charCounter, strategies: compactOldTurns({ keepRecentTurns: 2, maxTokens: total + 1 }) });
    expect((await below.prepare(inputOf(messages, HUGE))).events).toBeUndefined();

    const over = createContextEngine({ counter: charCounter, strategies: compactOldTurns({ keepRecentTurns: 2, maxTokens: total - 1 }) });
    const input = inputOf(messages, HUGE);
    const output = await over.prepare(input);
    const request = requestOf(input, output);
    expect(output.events?.map((e) => e.type === "context-trimmed" && e.strategy)).toEqual(["compact-old-turns"]);
    expect((request[3] as ToolMessage).content[0]!.result).toBe("[Tool result compacted: search, 1003 chars]");
    // The two newest turns and the head are intact.
    for (const i of [0, 1, 12, 13, 14]) expect(request[i]).toBe(messages[i]);
    expect(charCounter.countMessages(request).tokens).toBeLessThan(total / 2);
  });

  it("summarizeOldTurns({ maxTokens }) summarizes once the request is over maxTokens, under a huge window, and not below", async () => {
    const messages = toolRun(6);
    const total = charCounter.countMessages(messages).tokens;
    const idle = scriptedModel(["never"]);
    const below = createContextEngine({
      counter: charCounter,
      strategies: summarizeOldTurns({ provider: idle, model: "s", keepRecentTurns: 2, maxTokens: total }),
    });
    expect((await below.prepare(inputOf(messages, HUGE))).summary).toBeUndefined();
    expect(idle.callCount).toBe(0);

    const model = scriptedModel(["- pages were searched"]);
    const over = createContextEngine({
      counter: charCounter,
      strategies: summarizeOldTurns({ provider: model, model: "s", keepRecentTurns: 2, maxTokens: total - 1 }),
    });
    const input = inputOf(messages, HUGE);
    const output = await over.prepare(input);
    const request = requestOf(input, output);
    expect(model.callCount).toBe(1);
    expect(output.summary).toBe("- pages were searched");
    expect(request[2]).toEqual(user("[Summary of the earlier conversation]\n- pages were searched"));
    expect(request.slice(3)).toEqual(messages.slice(-3));
    expect(pairingProblems(request)).toEqual([]);
  });

  it("in a run under a huge window, compacts whenever the next request would pass maxTokens, and not without the threshold", async () => {
    const readPage: Tool<{ page: number }, string> = {
      name: "read_page",
      description: "Reads one page.",
      parameters: { type: "object", properties: { page: { type: "number" } }, required: ["page"] },
      execute: ({ page }) => `Page ${page}: ${"words ".repeat(100)}`,
    };
    const readAll = async (maxTokens: number | undefined) => {
      const turns: ScriptedTurn[] = [];
      for (let page = 1; page <= 12; page++) turns.push({ toolCalls: [{ name: "read_page", arguments: { page } }] });
      turns.push("All read.");
      const model = scriptedModel(turns, { recordRequests: true });
      const events: string[] = [];
      await run({
        provider: model,
        model: "scripted",
        input: "Read twelve pages.",
        tools: [readPage],
        contextEngine: createContextEngine({
          counter: charCounter,
          strategies: compactOldTurns({ keepRecentTurns: 1, ...(maxTokens === undefined ? {} : { maxTokens }) }),
        }),
        contextLimit: 1_000_000,
        toolCallLimit: 100,
        onEvent: (event) => void (event.type === "context-trimmed" && events.push(event.strategy)),
      });
      expect(model.requests).toHaveLength(13);
      for (const [index, request] of model.requests.entries()) expect(pairingProblems(request.messages), `request ${index}`).toEqual([]);
      return { sizes: model.requests.map((r) => charCounter.countMessages(r.messages).tokens), events, last: model.requests.at(-1)!.messages };
    };

    const maxTokens = 1_000;
    const limited = await readAll(maxTokens);
    for (const size of limited.sizes) expect(size).toBeLessThanOrEqual(maxTokens);
    // Each request grows by one page (~166 tokens): compaction runs each time the next one would pass 1,000.
    expect(limited.events).toEqual(["compact-old-turns", "compact-old-turns"]);
    const results = limited.last.flatMap((m) => (m.role === "tool" ? m.content.map((p) => String(p.result)) : []));
    expect(results.filter((r) => r.startsWith("[Tool result compacted: read_page,")).length).toBe(10);

    const unlimited = await readAll(undefined);
    expect(unlimited.events).toEqual([]);
    expect(Math.max(...unlimited.sizes)).toBeGreaterThan(1_900);
  });

  it("a threshold strategy still acts when the window is full even though the request is under maxTokens", async () => {
    const messages = toolRun(6);
    const engine = createContextEngine({ counter: charCounter, strategies: compactOldTurns({ keepRecentTurns: 2, maxTokens: 1_000_000 }) });
    const input = inputOf(messages, 1_000);
    const request = requestOf(input, await engine.prepare(input));
    expect(charCounter.countMessages(request).tokens).toBeLessThanOrEqual(1_000);
  });
});
