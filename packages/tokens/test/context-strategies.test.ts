import { describe, expect, it } from "vitest";
import type { AssistantMessage, Message, ToolExecutionContext, ToolMessage } from "@baton/core";
import { scriptedModel } from "@baton/testing";
import {
  archiveLargeToolOutputs,
  compactOldTurns,
  compressConsumedToolResults,
  createContextEngine,
  custom,
  getToolResponseTool,
  InMemoryToolArchive,
  slidingWindow,
  summarizeOldTurns,
} from "../src/index.js";
import { charCounter } from "./support/char-counter.js";
import { inputOf, requestOf } from "./support/conversations.js";

const user = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });
const say = (text: string): AssistantMessage => ({ role: "assistant", content: [{ type: "text", text }] });
const call = (id: string, name = "search"): AssistantMessage => ({
  role: "assistant",
  content: [{ type: "tool-call", toolCallId: id, toolName: name, arguments: { q: id } }],
});
const result = (id: string, value: unknown, isError = false, name = "search"): ToolMessage => ({
  role: "tool",
  content: [{ type: "tool-result", toolCallId: id, toolName: name, result: value, ...(isError ? { isError: true } : {}) }],
});

/** system, first user, then `n` tool turns with 1000-char results, then a final answer. */
function toolRun(n: number): Message[] {
  const messages: Message[] = [{ role: "system", content: "sys" }, user("find things")];
  for (let i = 0; i < n; i++) messages.push(call(`c${i}`), result(`c${i}`, `r${i}:${"z".repeat(1000)}`));
  messages.push(say("done"));
  return messages;
}

describe("compactOldTurns", () => {
  it("turns old tool results into markers, excerpts long old assistant text, replaces old images, keeps errors, calls and recent turns", async () => {
    const long = "w".repeat(3000);
    const messages: Message[] = [
      { role: "system", content: "sys" },
      user("first"),
      {
        role: "assistant",
        content: [
          { type: "text", text: long },
          { type: "tool-call", toolCallId: "a", toolName: "fetch", arguments: {} },
        ],
      },
      result("a", "p".repeat(500), false, "fetch"),
      call("b"),
      result("b", "boom ".repeat(100), true),
      say("ok"),
      {
        role: "user",
        content: [
          { type: "image", mediaType: "image/png", data: "AAAA" },
          { type: "text", text: "look" },
        ],
      },
      call("c"),
      result("c", "q".repeat(500)),
      say("recent answer"),
    ];
    const engine = createContextEngine({ counter: charCounter, strategies: compactOldTurns({ keepRecentTurns: 1 }) });
    const input = inputOf(messages, 800);
    const request = requestOf(input, await engine.prepare(input));
    expect(request.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(request[2]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: `${"w".repeat(200)}… [excerpt; 3000 chars in full]` },
        { type: "tool-call", toolCallId: "a", toolName: "fetch", arguments: {} },
      ],
    });
    expect(request[3]).toEqual(result("a", "[Tool result compacted: fetch, 500 chars]", false, "fetch"));
    expect(request[4]).toBe(messages[4]);
    expect(request[5]).toBe(messages[5]); // error result kept
    expect(request[7]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "[Image removed: image/png]" },
        { type: "text", text: "look" },
      ],
    });
    expect(request[8]).toBe(messages[8]);
    expect(request[9]).toEqual(result("c", "[Tool result compacted: search, 500 chars]"));
    // The newest turn is intact.
    expect(request[10]).toBe(messages[10]);
  });

  it("keeps the newest turns, with the user message that prompted them, intact", async () => {
    const messages: Message[] = [
      user("first"),
      call("a"),
      result("a", "p".repeat(500)),
      say("ok"),
      user("again"),
      call("b"),
      result("b", "q".repeat(500)),
      say("done"),
    ];
    const engine = createContextEngine({ counter: charCounter, strategies: compactOldTurns({ keepRecentTurns: 2 }) });
    const input = inputOf(messages, 200);
    const request = requestOf(input, await engine.prepare(input));
    expect(request[2]).toEqual(result("a", "[Tool result compacted: search, 500 chars]"));
    for (let i = 4; i < messages.length; i++) expect(request[i]).toBe(messages[i]);
  });
});

describe("compressConsumedToolResults", () => {
  it("shortens results an older turn already read and leaves the latest turn's and unread ones", async () => {
    const messages = [...toolRun(3).slice(0, -1), call("c3")];
    messages.push(result("c3", `fresh ${"y".repeat(900)}`));
    const engine = createContextEngine({ counter: charCounter, strategies: compressConsumedToolResults({ always: true }) });
    const input = inputOf(messages, 1_000_000, 2);
    const request = requestOf(input, await engine.prepare(input));
    // c0, c1 were read before the second-to-last assistant (c2's call); c2's result was read by the last turn; c3 is unread.
    expect((request[3] as ToolMessage).content[0]!.result).toBe("[Tool output already used: search, 1003 chars; compressed]");
    expect((request[5] as ToolMessage).content[0]!.result).toBe("[Tool output already used: search, 1003 chars; compressed]");
    expect(request[7]).toBe(messages[7]);
    expect(request[9]).toBe(messages[9]);
  });

  it("runs only when the request is over budget unless told to always run", async () => {
    const messages = toolRun(4);
    const engine = createContextEngine({ counter: charCounter, strategies: compressConsumedToolResults() });
    const output = await engine.prepare(inputOf(messages, 1_000_000));
    expect(output.events).toBeUndefined();
  });
});

describe("archiveLargeToolOutputs and get_tool_response", () => {
  it("replaces oversized outputs by a marker with an id, and the tool returns the raw output", async () => {
    const archive = new InMemoryToolArchive();
    const big = { rows: Array.from({ length: 50 }, (_, i) => ({ i, name: `row ${i}` })) };
    const messages: Message[] = [
      user("go"),
      call("big"),
      result("big", big),
      call("small"),
      result("small", "tiny"),
      say("done"),
      call("last"),
      result("last", "x".repeat(4000)),
    ];
    const engine = createContextEngine({ counter: charCounter, strategies: archiveLargeToolOutputs({ maxTokens: 100, archive, previewChars: 10 }) });
    const input = inputOf(messages, 1_000_000, 3);
    const request = requestOf(input, await engine.prepare(input));
    const marker = (request[2] as ToolMessage).content[0]!.result as string;
    const tokens = Math.ceil(JSON.stringify(big).length / 4);
    expect(marker).toBe(
      `[Tool output archived: search, ${tokens} tokens, id "big". Call get_tool_response with this id for the full output. Preview: {"rows":[{…]`,
    );
    expect(request[4]).toBe(messages[4]);
    // The newest tool message is not archived before the model has read it.
    expect(request[7]).toBe(messages[7]);
    expect(archive.size).toBe(1);

    const tool = getToolResponseTool(archive);
    expect(tool.name).toBe("get_tool_response");
    expect(tool.parameters).toMatchObject({ type: "object", required: ["id"], properties: { id: { type: "string" } } });
    expect(tool.validate!({ id: 3 })).toEqual({ success: false, issues: ["`id` must be a string"] });
    expect(await tool.execute({ id: "big" }, {} as ToolExecutionContext)).toBe(big);
    await expect(Promise.resolve().then(() => tool.execute({ id: "nope" }, {} as ToolExecutionContext))).rejects.toThrow(
      'No archived tool output has the id "nope".',
    );
  });
});

describe("summarizeOldTurns", () => {
  it("summarizes the old part with a model call, returns its usage and emits context-summarized", async () => {
    const model = scriptedModel([{ text: "- the user wants things found", usage: { inputTokens: 321, outputTokens: 12 } }]);
    const messages = toolRun(6);
    const engine = createContextEngine({ counter: charCounter, strategies: summarizeOldTurns({ provider: model, model: "small", keepRecentTurns: 2 }) });
    const input = inputOf(messages, 900);
    const output = await engine.prepare(input);
    const request = requestOf(input, output);
    expect(output.summary).toBe("- the user wants things found");
    expect(output.persistSummary).toBe(true);
    expect(output.usage).toEqual([
      { model: "small", agentPath: "main", iteration: 1, inputTokens: 321, outputTokens: 12, cachedInputTokens: 0, reasoningTokens: 0, tools: [] },
    ]);
    expect(request.slice(0, 2)).toEqual(messages.slice(0, 2));
    expect(request[2]).toEqual(user("[Summary of the earlier conversation]\n- the user wants things found"));
    expect(request.slice(3)).toEqual(messages.slice(-3));
    expect(output.events).toContainEqual({ type: "context-summarized", summary: "- the user wants things found", summarizedMessages: 10 });
    // The summarizer saw the old part as a transcript.
    const sent = model.requests[0]!.messages[1]!;
    expect(JSON.stringify(sent)).toContain("Tool search: r0:zzz");
    expect(JSON.stringify(sent)).not.toContain("r5:");
  });

  it("never summarizes the same old part twice, and builds a new summary on the previous one", async () => {
    const model = scriptedModel(["first summary", "second summary"]);
    const strategy = summarizeOldTurns({ provider: model, model: "small", keepRecentTurns: 1 });
    const messages = toolRun(4);
    const first = await strategy.apply({
      messages,
      budget: 100,
      tokens: undefined as never,
      model: "m",
      agentPath: "main",
      iteration: 1,
      signal: new AbortController().signal,
      keepRecentTurns: 1,
      alternation: false,
      noticeRole: "user",
    });
    const again = await strategy.apply({
      messages,
      budget: 100,
      tokens: undefined as never,
      model: "m",
      agentPath: "main",
      iteration: 2,
      signal: new AbortController().signal,
      keepRecentTurns: 1,
      alternation: false,
      noticeRole: "user",
    });
    expect(model.callCount).toBe(1);
    expect(again!.summary).toBe("first summary");
    expect(again!.usage).toEqual([]);
    const grown = [...first!.messages, call("n1"), result("n1", "new"), say("next")];
    const second = await strategy.apply({
      messages: grown,
      budget: 100,
      tokens: undefined as never,
      model: "m",
      agentPath: "main",
      iteration: 3,
      signal: new AbortController().signal,
      keepRecentTurns: 1,
      alternation: false,
      noticeRole: "user",
    });
    expect(model.callCount).toBe(2);
    expect(second!.summary).toBe("second summary");
    const transcript = JSON.stringify(model.requests[1]!.messages[1]);
    expect(transcript).toContain("Earlier summary:\\nfirst summary");
    expect(transcript).not.toContain("r0:");
  });
});

describe("custom strategies and composition", () => {
  it("applies strategies in order, skips those that change nothing, and stops once the request fits", async () => {
    const seen: string[] = [];
    const noChange = custom(({ messages }) => {
      seen.push("custom");
      return messages.map((m) => m);
    });
    const never = custom(() => {
      seen.push("never");
      return undefined;
    });
    const engine = createContextEngine({ counter: charCounter, strategies: [noChange, compactOldTurns({ keepRecentTurns: 1 }), never, slidingWindow()] });
    const messages = toolRun(8);
    const input = inputOf(messages, 600);
    const output = await engine.prepare(input);
    const request = requestOf(input, output);
    expect(seen).toEqual(["custom"]);
    expect(output.events?.map((e) => (e.type === "context-trimmed" ? e.strategy : e.type))).toEqual(["compact-old-turns"]);
    expect(charCounter.countMessages(request).tokens).toBeLessThanOrEqual(600);
    expect(request.length).toBe(messages.length);
  });

  it("runs a custom function with the budget and reports what it removed", async () => {
    const budgets: number[] = [];
    const keepEnds = custom(
      ({ messages, budget }) => {
        budgets.push(budget);
        return [messages[0]!, messages[1]!, messages.at(-1)!];
      },
      { name: "keep-ends" },
    );
    const engine = createContextEngine({ counter: charCounter, strategies: keepEnds });
    const messages = toolRun(3);
    const input = inputOf(messages, 600, 0, 100);
    const output = await engine.prepare(input);
    expect(budgets).toEqual([500]);
    expect(requestOf(input, output)).toEqual([messages[0], messages[1], messages.at(-1)]);
    expect(output.events).toEqual([
      {
        type: "context-trimmed",
        strategy: "keep-ends",
        removedMessages: 6,
        tokensBefore: charCounter.countMessages(messages).tokens,
        tokensAfter: charCounter.countMessages([messages[0]!, messages[1]!, messages.at(-1)!]).tokens,
      },
    ]);
  });
});
