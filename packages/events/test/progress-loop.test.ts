import { describe, expect, it } from "vitest";
import type { SerializedProgressGroup, StreamEvent, Tool, ToolProgressEvent } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { ProgressGroup, ProgressLog } from "../src/index.js";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the tools serialized themselves, by tool-call id. */
type Captured = Map<string, SerializedProgressGroup[]>;

/** A search tool: two steps in one group, with a pause between them so the batch interleaves. */
function searchTool(captured: Captured): Tool<{ query: string }> {
  return {
    name: "search",
    description: "Searches the web.",
    parameters: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
    async execute(args, ctx) {
      const progress = ProgressGroup.forTool(ctx, "Searching the web", "SEARCH");
      const query = progress.startStep(`Searching for ${args.query}`, "GLOBE");
      await sleep(5);
      await query.send("3 results");
      await query.send({ kind: "link", url: "https://cats.example", title: "Cats" });
      query.end();
      await sleep(5);
      const read = progress.startStep("Reading cats.example");
      await sleep(5);
      await read.send("Read 2 kB");
      read.end();
      captured.set(ctx.toolCallId, [progress.serialize()]);
      return { hits: 3 };
    },
  };
}

/** A fetch tool: its own group with a failed step, and a second group fed through currentStep. */
function fetchTool(captured: Captured): Tool<{ url: string }> {
  return {
    name: "fetch",
    description: "Fetches a page.",
    parameters: { type: "object", properties: { url: { type: "string" } }, required: ["url"] },
    async execute(args, ctx) {
      const progress = ProgressGroup.forTool(ctx);
      const generating = ProgressGroup.forTool(ctx, "Generating", "WAND");
      const first = progress.startStep(`GET ${args.url}`);
      await sleep(3);
      await first.send("503 Service Unavailable");
      first.end("failed");
      await sleep(3);
      const retry = progress.startStep(`GET ${args.url} (retry)`);
      await retry.update({ title: `GET ${args.url} (retry 1)` });
      await sleep(3);
      await generating.currentStep("Summarizing", "WAND").send("chunk 1");
      await generating.currentStep("Summarizing again", "WAND").send("chunk 2");
      generating.currentStep("unused").end();
      retry.end();
      captured.set(ctx.toolCallId, [progress.serialize(), generating.serialize()]);
      return "page text";
    },
  };
}

describe("progress groups in a real run", () => {
  it("a ProgressLog fed by the run's events rebuilds what each parallel tool serialized, and the steps arrive in order", async () => {
    const captured: Captured = new Map();
    const provider = scriptedModel([
      {
        toolCalls: [
          { name: "search", arguments: { query: "cats" } },
          { name: "fetch", arguments: { url: "https://cats.example" } },
        ],
      },
      "Cats are great.",
    ]);
    const log = new ProgressLog();
    const events: StreamEvent[] = [];
    const result = await run({
      provider,
      model: "m",
      input: "Tell me about cats",
      tools: [searchTool(captured), fetchTool(captured)],
      sinks: [{ emit: (event) => void log.apply(event) }],
      onEvent: (event) => events.push(event),
    });

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Cats are great.");
    const calls = events.filter((e) => e.type === "tool-call").map((e) => e.toolCall);
    expect(calls.map((c) => c.toolName)).toEqual(["search", "fetch"]);
    const [searchId, fetchId] = calls.map((c) => c.toolCallId) as [string, string];

    // What the consumer rebuilt equals what each tool serialized.
    expect(captured.size).toBe(2);
    expect(log.groups(searchId)).toEqual(captured.get(searchId));
    expect(log.groups(fetchId)).toEqual(captured.get(fetchId));
    expect(log.groups()).toHaveLength(3);
    expect(log.groups(searchId)).toEqual([
      {
        name: "Searching the web",
        icon: "SEARCH",
        steps: [
          {
            id: "Searching the web#1",
            title: "Searching for cats",
            icon: "GLOBE",
            status: "done",
            items: [
              { kind: "text", text: "3 results" },
              { kind: "link", url: "https://cats.example", title: "Cats" },
            ],
            startedAt: expect.any(Number),
            endedAt: expect.any(Number),
          },
          {
            id: "Searching the web#2",
            title: "Reading cats.example",
            status: "done",
            items: [{ kind: "text", text: "Read 2 kB" }],
            startedAt: expect.any(Number),
            endedAt: expect.any(Number),
          },
        ],
      },
    ]);
    expect(log.groups(fetchId).map((g) => [g.name, g.icon, g.steps.map((s) => `${s.title}:${s.status}:${s.items.length}`)])).toEqual([
      ["fetch", undefined, ["GET https://cats.example:failed:1", "GET https://cats.example (retry 1):done:0"]],
      ["Generating", "WAND", ["Summarizing:done:2"]],
    ]);

    // The tool-progress events carry the step updates, in the order the tools made them.
    const progressOf = (id: string) => events.filter((e): e is ToolProgressEvent => e.type === "tool-progress" && e.toolCallId === id);
    expect(progressOf(searchId).map((e) => [e.toolName, e.message, e.step!.stepId, e.step!.status, e.step!.items?.length ?? 0])).toEqual([
      ["search", "Searching for cats", "Searching the web#1", "active", 0],
      ["search", "Searching for cats", "Searching the web#1", "active", 1],
      ["search", "Searching for cats", "Searching the web#1", "active", 1],
      ["search", "Searching for cats", "Searching the web#1", "done", 0],
      ["search", "Reading cats.example", "Searching the web#2", "active", 0],
      ["search", "Reading cats.example", "Searching the web#2", "active", 1],
      ["search", "Reading cats.example", "Searching the web#2", "done", 0],
    ]);
    expect(progressOf(fetchId).map((e) => `${e.step!.group}|${e.step!.stepId}|${e.step!.title}|${e.step!.status}`)).toEqual([
      "fetch|fetch#1|GET https://cats.example|active",
      "fetch|fetch#1|GET https://cats.example|active",
      "fetch|fetch#1|GET https://cats.example|failed",
      "fetch|fetch#2|GET https://cats.example (retry)|active",
      "fetch|fetch#2|GET https://cats.example (retry 1)|active",
      "Generating|Generating#1|Summarizing|active",
      "Generating|Generating#1|Summarizing|active",
      "Generating|Generating#1|Summarizing|active",
      "Generating|Generating#1|Summarizing|done",
      "fetch|fetch#2|GET https://cats.example (retry 1)|done",
    ]);
    const stepTimes = (id: string) => progressOf(id).map((e) => e.step!.at);
    for (const id of [searchId, fetchId]) expect(stepTimes(id)).toEqual([...stepTimes(id)].sort((a, b) => a - b));

    // Every step update sits between its tool's start and done, and the two tools really ran at once.
    for (const id of [searchId, fetchId]) {
      const start = events.findIndex((e) => e.type === "tool-start" && e.toolCallId === id);
      const done = events.findIndex((e) => e.type === "tool-done" && e.toolCallId === id);
      const indexes = progressOf(id).map((e) => events.indexOf(e));
      expect(Math.min(...indexes)).toBeGreaterThan(start);
      expect(Math.max(...indexes)).toBeLessThan(done);
    }
    const order = events.filter((e) => e.type === "tool-progress").map((e) => (e as ToolProgressEvent).toolCallId);
    const switches = order.slice(1).filter((id, i) => id !== order[i]).length;
    expect(switches).toBeGreaterThanOrEqual(3);
    expect(order).toHaveLength(17);
  });
});
