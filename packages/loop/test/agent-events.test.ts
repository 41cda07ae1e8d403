import { describe, expect, it } from "vitest";
import type { StreamEvent, Tool } from "@baton/core";
import { fakeTool, scriptedModel } from "@baton/testing";
import { run } from "../src/index.js";

describe("agent events and agent state in the result", () => {
  it("streams the plan, handoff and loop-detection events that tools and hooks send, stamped in order", async () => {
    const planner: Tool = {
      ...fakeTool({ name: "plan" }),
      execute: (_args, ctx) => {
        ctx.emit({ type: "plan-updated", items: [{ id: "1", title: "Search", status: "in_progress" }], version: 1 });
        return "planned";
      },
    };
    const events: StreamEvent[] = [];
    const result = await run({
      provider: scriptedModel([{ toolCalls: [{ name: "plan", arguments: {} }] }, "done"]),
      model: "m",
      input: "x",
      tools: [planner],
      config: {
        beforeToolCalls: ({ state, context }) => {
          state.custom.selected = true;
          context.emit({ type: "loop-detected", kind: "tool_repetition", action: "warn", detail: "plan called twice" });
        },
      },
      onEvent: (event) => void events.push(event),
    });
    const agentEvents = events.filter((event) => event.type === "plan-updated" || event.type === "loop-detected");
    expect(agentEvents.map((event) => [event.type, event.agentPath])).toEqual([
      ["loop-detected", "main"],
      ["plan-updated", "main"],
    ]);
    expect(agentEvents[1]).toMatchObject({ items: [{ id: "1", title: "Search", status: "in_progress" }], version: 1 });
    const seqs = events.map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(result.custom).toEqual({ selected: true });
  });
});
