import { describe, expect, it } from "vitest";
import type { StreamEvent, Tool } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel, type ScriptedTurn } from "@baton/testing";
import {
  archiveLargeToolOutputs,
  compactOldTurns,
  compressConsumedToolResults,
  createContextEngine,
  getToolResponseTool,
  InMemoryToolArchive,
  slidingWindow,
  summarizeOldTurns,
} from "../src/index.js";
import { charCounter } from "./support/char-counter.js";
import { alternationProblems, pairingProblems } from "./support/conversations.js";

const readPage: Tool<{ page: number }, string> = {
  name: "read_page",
  description: "Reads one page of the manual.",
  parameters: { type: "object", properties: { page: { type: "number" } }, required: ["page"] },
  execute: ({ page }) => `Page ${page}: ${"The manual explains the settings in detail. ".repeat(page % 5 === 0 ? 60 : 14)}`,
};

describe("the context engine inside a run", () => {
  it("keeps every request of a long tool run inside the window, with calls and results together and the head intact", async () => {
    const turns: ScriptedTurn[] = [];
    for (let page = 1; page <= 30; page++) turns.push({ text: `Reading page ${page}.`, toolCalls: [{ name: "read_page", arguments: { page } }] });
    turns.push("The manual is read.");
    const model = scriptedModel(turns, { recordRequests: true });
    const archive = new InMemoryToolArchive();
    const engine = createContextEngine({
      counter: charCounter,
      strategies: [
        archiveLargeToolOutputs({ maxTokens: 400, archive }),
        compressConsumedToolResults(),
        compactOldTurns({ keepRecentTurns: 3 }),
        slidingWindow(),
      ],
    });
    const events: StreamEvent[] = [];
    const contextLimit = 2000;
    const maxOutputTokens = 200;
    const result = await run({
      provider: model,
      model: "scripted",
      instructions: "Read the manual page by page.",
      input: "Read all thirty pages and report.",
      tools: [readPage, getToolResponseTool(archive)],
      contextEngine: engine,
      contextLimit,
      maxOutputTokens,
      toolCallLimit: 100,
      onEvent: (event) => void events.push(event),
    });

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("The manual is read.");
    expect(model.requests).toHaveLength(31);
    for (const [index, request] of model.requests.entries()) {
      expect(charCounter.countMessages(request.messages).tokens, `request ${index}`).toBeLessThanOrEqual(contextLimit - maxOutputTokens);
      expect(pairingProblems(request.messages), `request ${index}`).toEqual([]);
      expect(request.messages[0]).toEqual({ role: "system", content: expect.stringContaining("Read the manual page by page.") });
      expect(request.messages[1]).toEqual({ role: "user", content: [{ type: "text", text: "Read all thirty pages and report." }] });
    }
    // The last request still carries the newest page, and notes how many turns were dropped.
    const last = JSON.stringify(model.requests.at(-1)!.messages);
    expect(last).toContain("Page 30:");
    expect(last).toMatch(/\d+ earlier turns \(\d+ messages\) were dropped/);
    // Pages 5, 10, … are long: archived once the model had read them.
    expect(archive.size).toBeGreaterThan(0);
    expect(String((await archive.get("call_4_0"))?.result)).toMatch(/^Page 5: /);

    const trimmed = events.filter((e): e is Extract<StreamEvent, { type: "context-trimmed" }> => e.type === "context-trimmed");
    // Compaction finds nothing left to do: consumed results are already compressed and the texts are short.
    expect(new Set(trimmed.map((e) => e.strategy))).toEqual(new Set(["archive-large-tool-outputs", "compress-consumed-tool-results", "sliding-window"]));
    for (const event of trimmed) expect(event.tokensAfter).toBeLessThan(event.tokensBefore);
  });

  it("accounts the summarizer's usage in the run and keeps turns alternating", async () => {
    const turns: ScriptedTurn[] = [];
    for (let page = 1; page <= 16; page++) turns.push({ toolCalls: [{ name: "read_page", arguments: { page: page * 2 + 1 } }] });
    turns.push("Done.");
    const model = scriptedModel(turns);
    const summarizer = scriptedModel([{ text: "- pages read so far explain the settings", usage: { inputTokens: 700, outputTokens: 20 } }], {
      repeatLast: true,
    });
    const engine = createContextEngine({
      counter: charCounter,
      alternation: true,
      strategies: [summarizeOldTurns({ provider: summarizer, model: "summarizer", keepRecentTurns: 2 }), slidingWindow()],
    });
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "scripted",
      instructions: "Read.",
      input: "Read the odd pages.",
      tools: [readPage],
      contextEngine: engine,
      contextLimit: 1200,
      maxOutputTokens: 100,
      toolCallLimit: 100,
      onEvent: (event) => void events.push(event),
    });
    expect(result.stopReason).toBe("completed");
    for (const [index, request] of model.requests.entries()) {
      expect(charCounter.countMessages(request.messages).tokens, `request ${index}`).toBeLessThanOrEqual(1100);
      expect(pairingProblems(request.messages), `request ${index}`).toEqual([]);
      expect(alternationProblems(request.messages), `request ${index}`).toEqual([]);
    }
    const summaries = result.usage.calls.filter((call) => call.model === "summarizer");
    expect(summaries.length).toBe(summarizer.callCount);
    expect(summaries.length).toBeGreaterThan(1);
    expect(summaries[0]).toMatchObject({ inputTokens: 700, outputTokens: 20, agentPath: "main" });
    expect(result.usage.total.inputTokens).toBe(result.usage.calls.reduce((sum, call) => sum + call.inputTokens, 0));
    expect(events.filter((e) => e.type === "context-summarized")).toHaveLength(summarizer.callCount);
    // Each summary builds on the previous one instead of re-reading the messages it replaced.
    for (const request of summarizer.requests.slice(1)) expect(JSON.stringify(request.messages)).toContain("Earlier summary:");
  });
});
