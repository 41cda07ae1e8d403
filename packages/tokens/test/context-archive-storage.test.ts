import { describe, expect, it } from "vitest";
import type { Tool } from "@baton/core";
import { toolArchiveOf, withDataPolicy } from "@baton/core/storage-kit";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { MemoryDatabase, MemoryStorage } from "@baton/storage-memory";
import { archiveLargeToolOutputs, createContextEngine, getToolResponseTool } from "../src/index.js";
import { charCounter } from "./support/char-counter.js";

const bigTool = (name: string): Tool<Record<string, never>, string> => ({
  name,
  description: "Returns a long report.",
  parameters: { type: "object", properties: {} },
  execute: () => `${name} report: ${"Lots of detail. ".repeat(200)}`,
});

describe("archived tool outputs in storage", () => {
  it("survive the process: get_tool_response in a later run reads the output the earlier run archived", async () => {
    const database = new MemoryDatabase();
    const first = new MemoryStorage({ database });
    const engine = createContextEngine({
      counter: charCounter,
      strategies: [archiveLargeToolOutputs({ maxTokens: 300, archive: toolArchiveOf(first, { conversationId: "c1" }), keepLatest: false })],
    });
    await run({
      provider: scriptedModel([{ toolCalls: [{ id: "call_big", name: "fetch_report", arguments: {} }] }, "Summarised."]),
      model: "m",
      input: "Get the report.",
      tools: [bigTool("fetch_report")],
      contextEngine: engine,
      contextLimit: 100_000,
    });
    expect(await first.loadToolOutput("call_big")).toMatchObject({
      toolName: "fetch_report",
      conversationId: "c1",
      result: expect.stringMatching(/^fetch_report report: /),
    });

    // A new process: a fresh storage object on the same data, and a fresh archive view.
    const later = new MemoryStorage({ database });
    const model = scriptedModel([{ toolCalls: [{ name: "get_tool_response", arguments: { id: "call_big" } }] }, "Here it is."]);
    await run({ provider: model, model: "m", input: "Show the whole report.", tools: [getToolResponseTool(toolArchiveOf(later))] });
    expect(JSON.stringify(model.requests[1]!.messages.at(-1))).toContain("Lots of detail. Lots of detail.");
  });

  it("obey the data policy: the output of a tool whose results are excluded is never archived", async () => {
    const database = new MemoryDatabase();
    const storage = withDataPolicy(new MemoryStorage({ database }), {
      storeText: true,
      storeToolCalls: true,
      storeToolResults: true,
      filterToolResults: (name) => name !== "private_report",
    });
    const engine = createContextEngine({
      counter: charCounter,
      strategies: [archiveLargeToolOutputs({ maxTokens: 300, archive: toolArchiveOf(storage), keepLatest: false })],
    });
    await run({
      provider: scriptedModel([
        {
          toolCalls: [
            { id: "call_pub", name: "public_report", arguments: {} },
            { id: "call_priv", name: "private_report", arguments: {} },
          ],
        },
        "Done.",
      ]),
      model: "m",
      input: "Both reports.",
      tools: [bigTool("public_report"), bigTool("private_report")],
      contextEngine: engine,
      contextLimit: 100_000,
    });
    expect(database.dump()).toContain("public_report report");
    expect(database.dump()).not.toContain("private_report report");
  });
});
