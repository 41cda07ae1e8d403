import { describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { createMemoryStorage } from "@baton/storage-memory";
import { createOrchestration } from "../../src/steps/index.js";

describe("the README's orchestration-steps example", () => {
  it("runs as documented", async () => {
    const storage = createMemoryStorage();
    const steps = createOrchestration(
      {
        steps: [
          { name: "write", conditions: [{ type: "sequence_match", sequence: ["search", "search", "read"] }], allowedTools: ["write"] },
          { name: "research", isDefault: true, sequence: ["search", "search", "read"] },
        ],
      },
      { store: storage, sessionId: "conversation-42" },
    );
    const tools = ["search", "read", "write"].map((name) => fakeTool({ name, result: `${name} ok` }));
    const model = scriptedModel([
      { toolCalls: [{ name: "read" }] },
      { toolCalls: [{ name: "search" }] },
      { toolCalls: [{ name: "search" }] },
      { toolCalls: [{ name: "read" }] },
      { toolCalls: [{ name: "write" }] },
      "Done.",
    ]);
    const result = await run({ provider: model, model: "m", input: "Write a brief on X.", tools: tools, config: steps.config });
    expect(result.text).toBe("Done.");
    expect(model.requests.map((request) => request.tools?.map((tool) => tool.name))).toStrictEqual([["search"], ["search"], ["search"], ["read"], ["write"], ["search"]]);
    expect(steps.state()).toStrictEqual({ activeStep: "research", recentTools: ["search", "search", "read", "write"], sequencePosition: 0, version: 4 });
    expect(tools[1]!.calls).toHaveLength(1);
  });
});
