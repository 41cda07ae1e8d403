import { describe, expect, it } from "vitest";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { composeConfigs, type AgentConfig, type Message } from "@baton/core";
import { SHOWN_TO_USER_NOTE, shownToUser, shownToUserText } from "../../src/prompting/index.js";

function tools() {
  return [
    fakeTool({ name: "render_chart", result: { chart: "bars", points: 3 } }),
    fakeTool({ name: "draft", result: "Dear team, …" }),
    fakeTool({ name: "search", result: "three hits" }),
    fakeTool({ name: "broken_chart", error: "renderer down" }),
  ];
}

async function resultsSeen(config: AgentConfig) {
  const provider = scriptedModel([
    {
      toolCalls: [
        { id: "a", name: "render_chart", arguments: {} },
        { id: "b", name: "draft", arguments: {} },
        { id: "c", name: "search", arguments: {} },
        { id: "d", name: "broken_chart", arguments: {} },
      ],
    },
    "Done.",
  ]);
  const result = await run({ provider, model: "m", tools: tools(), input: "go", config });
  expect(provider.requests).toHaveLength(2);
  const last = provider.requests[1]!.messages.at(-1) as Extract<Message, { role: "tool" }>;
  return { results: last.content.map((part) => part.result), result };
}

describe("shownToUser", () => {
  it("wraps the named tools' results with the note; other tools and errors are untouched", async () => {
    const { results } = await resultsSeen(shownToUser({ toolNames: ["render_chart", "draft", "broken_chart"] }));
    expect(results).toEqual([
      'The user has already seen this output; do not repeat it.\n<shown_to_user>\n{"chart":"bars","points":3}\n</shown_to_user>',
      "The user has already seen this output; do not repeat it.\n<shown_to_user>\nDear team, …\n</shown_to_user>",
      "three hits",
      "Error (TOOL_EXECUTION_FAILED): renderer down",
    ]);
  });

  it("takes a predicate and a note of its own", async () => {
    const { results } = await resultsSeen(shownToUser({ predicate: (name) => name === "search", note: "Already on screen." }));
    expect(results[2]).toBe("Already on screen.\n<shown_to_user>\nthree hits\n</shown_to_user>");
    expect(results[0]).toEqual({ chart: "bars", points: 3 });
  });

  it("wraps what a config composed before it returned, and keeps its other changes", async () => {
    const inner: AgentConfig = {
      afterToolBatch: ({ results }) =>
        results.some((entry) => entry.call.toolName === "draft") ? { results: { b: "short draft" }, toolChoice: "none" } : undefined,
    };
    const provider = scriptedModel([{ toolCalls: [{ id: "b", name: "draft", arguments: {} }] }, "Done."]);
    await run({ provider, model: "m", tools: tools(), input: "go", config: composeConfigs(inner, shownToUser({ toolNames: ["draft"] })) });
    expect(provider.requests[1]!.toolChoice).toBe("none");
    const last = provider.requests[1]!.messages.at(-1) as Extract<Message, { role: "tool" }>;
    expect(last.content[0]!.result).toBe(shownToUserText("short draft"));
  });

  it("keeps the original result in the run's tool-call records", async () => {
    const { result } = await resultsSeen(shownToUser({ toolNames: ["draft"] }));
    expect(result.toolCalls.find((call) => call.toolName === "draft")!.result).toBe("Dear team, …");
    expect(SHOWN_TO_USER_NOTE).toBe("The user has already seen this output; do not repeat it.");
  });
});
