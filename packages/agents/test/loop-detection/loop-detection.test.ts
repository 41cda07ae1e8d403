import { describe, expect, it } from "vitest";
import { ConfigurationError, composeConfigs, type Message, type StreamEvent, type ToolMessage } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { canonicalJson, loopDetection, loopDetectionsOf, type LoopDetection } from "../../src/loop-detection/index.js";

const search = () => fakeTool({ name: "search", result: "nothing found" });

function toolResultsOf(messages: readonly Message[]): unknown[] {
  return messages.filter((m): m is ToolMessage => m.role === "tool").flatMap((m) => m.content.map((part) => part.result));
}

function loopEvents(events: StreamEvent[]) {
  return events.filter((event) => event.type === "loop-detected");
}

describe("canonicalJson", () => {
  it("ignores key order at every depth and keeps array order", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 0 }], c: 3 } })).toBe('{"a":{"c":3,"d":[2,{"x":0,"y":1}]},"b":1}');
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });
});

describe("loop detection: identical tool calls", () => {
  it("detects identical calls whose argument keys come in a different order, and terminates", async () => {
    const tool = search();
    const model = scriptedModel([
      { toolCalls: [{ name: "search", arguments: { query: "baton", page: 1 } }] },
      { toolCalls: [{ name: "search", arguments: { page: 1, query: "baton" } }] },
      { text: "still looking", toolCalls: [{ name: "search", rawArguments: '{"page":1,"query":"baton"}' }] },
      "never reached",
    ]);
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "find baton",
      tools: [tool],
      config: loopDetection({ maxIdenticalCalls: 3, action: "terminate" }),
      onEvent: (event) => void events.push(event),
    });

    expect(result.stopReason).toBe("loop_detected");
    expect(model.callCount).toBe(3);
    // The third, repeated call did not run.
    expect(tool.calls.length).toBe(2);
    expect(result.text).toBe("still looking");
    const detections = loopDetectionsOf(result);
    expect(detections).toHaveLength(1);
    expect(detections[0]).toMatchObject({
      kind: "tool_repetition",
      toolName: "search",
      count: 3,
      action: "terminate",
      iteration: 3,
      repeated: '{"page":1,"query":"baton"}',
    });
    expect(loopEvents(events)).toEqual([expect.objectContaining({ kind: "tool_repetition", action: "terminate" })]);
  });

  it("does not count calls with different arguments or calls that fell out of the window", async () => {
    const model = scriptedModel([
      { toolCalls: [{ name: "search", arguments: { q: "a" } }] },
      { toolCalls: [{ name: "search", arguments: { q: "a" } }] },
      { toolCalls: [{ name: "search", arguments: { q: "b" } }] },
      { toolCalls: [{ name: "search", arguments: { q: "c" } }] },
      { toolCalls: [{ name: "search", arguments: { q: "a" } }] },
      "done",
    ]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      config: loopDetection({ window: 3, maxIdenticalCalls: 3, action: "terminate" }),
    });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("done");
    expect(loopDetectionsOf(result)).toEqual([]);
  });

  it("counts identical calls made in parallel in one turn", async () => {
    const model = scriptedModel([
      {
        toolCalls: [
          { name: "search", arguments: { q: "a", n: 1 } },
          { name: "search", arguments: { n: 1, q: "a" } },
        ],
      },
      "done",
    ]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      config: loopDetection({ maxIdenticalCalls: 2, action: "terminate" }),
    });
    expect(result.stopReason).toBe("loop_detected");
    expect(result.toolCalls).toHaveLength(0);
  });
});

describe("loop detection: repeated text", () => {
  it("detects the same text over tool turns with different calls", async () => {
    const model = scriptedModel([
      { text: "Let me check.", toolCalls: [{ name: "search", arguments: { q: "1" } }] },
      { text: "Let me   check. ", toolCalls: [{ name: "search", arguments: { q: "2" } }] },
      "never reached",
    ]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      config: loopDetection({ maxRepeatedText: 2, action: "terminate" }),
    });
    expect(result.stopReason).toBe("loop_detected");
    expect(loopDetectionsOf(result)).toEqual([expect.objectContaining({ kind: "text_repetition", repeated: "Let me check.", count: 2, action: "terminate" })]);
  });

  it("detects repeated text on turns without tool calls that another hook continues, and warns with a user message", async () => {
    const model = scriptedModel(["I am not sure.", "I am not sure.", "The answer is 4."]);
    const config = composeConfigs(
      {
        // Keeps asking until the answer mentions a number.
        shouldStop: ({ text }) => (/\d/.test(text) ? undefined : false),
      },
      loopDetection({ maxRepeatedText: 2, action: "warn" }),
    );
    const result = await run({ provider: model, model: "m", input: "2+2?", config });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("The answer is 4.");
    const third = model.requests[2]!.messages;
    expect(third.at(-1)).toMatchObject({ role: "user" });
    expect(JSON.stringify(third.at(-1))).toContain("Loop warning");
    expect(JSON.stringify(third.at(-1))).toContain("same response 2 times");
    // The second request had no warning yet.
    expect(JSON.stringify(model.requests[1]!.messages)).not.toContain("Loop warning");
    expect(loopDetectionsOf(result).map((d) => d.action)).toEqual(["warn"]);
  });

  it("ignores a repeated final answer that ends the run anyway", async () => {
    const model = scriptedModel([{ text: "ok", toolCalls: [{ name: "search", arguments: { q: "1" } }] }, "ok"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [search()], config: loopDetection({ maxRepeatedText: 2 }) });
    expect(result.stopReason).toBe("completed");
    expect(loopDetectionsOf(result)).toEqual([]);
  });
});

describe("loop detection: warn", () => {
  it("warns beside the tool results first, then terminates on the second detection", async () => {
    const tool = search();
    const same = { name: "search", arguments: { q: "same" } };
    const model = scriptedModel([{ toolCalls: [same] }, { toolCalls: [same] }, { toolCalls: [same] }, { text: "again", toolCalls: [same] }, "never"]);
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [tool],
      config: loopDetection({ maxIdenticalCalls: 3 }),
      onEvent: (event) => void events.push(event),
    });

    expect(result.stopReason).toBe("loop_detected");
    expect(model.callCount).toBe(4);
    expect(tool.calls.length).toBe(3);
    const results = toolResultsOf(result.messages);
    expect(results).toHaveLength(3);
    expect(results[0]).toBe("nothing found");
    expect(results[1]).toBe("nothing found");
    // The model saw the warning with the third result …
    expect(results[2]).toMatch(/^nothing found\n\n\[Loop warning\] You have called "search" 3 times with identical arguments\./);
    expect(JSON.stringify(model.requests[3]!.messages.at(-1))).toContain("Loop warning");
    // … while the run's record keeps the tool's own result.
    expect(result.toolCalls[2]!.result).toBe("nothing found");
    expect(loopDetectionsOf(result).map((d) => [d.action, d.count, d.iteration])).toEqual([
      ["warn", 3, 3],
      ["terminate", 4, 4],
    ]);
    expect(loopEvents(events).map((e) => e.action)).toEqual(["warn", "terminate"]);
    expect(result.text).toBe("again");
  });

  it("lets the model recover after a warning", async () => {
    const same = { name: "search", arguments: { q: "same" } };
    const model = scriptedModel([{ toolCalls: [same] }, { toolCalls: [same] }, { toolCalls: [{ name: "search", arguments: { q: "other" } }] }, "found it"]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [search()], config: loopDetection({ maxIdenticalCalls: 2 }) });
    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("found it");
    expect(loopDetectionsOf(result).map((d) => d.action)).toEqual(["warn"]);
  });

  it("a clean turn after a warning resets it: a later, different loop is warned again before any terminates (resetAfterCleanTurn: false keeps it warned)", async () => {
    const call = (q: string) => ({ toolCalls: [{ name: "search", arguments: { q } }] });
    const script = () => scriptedModel([call("a"), call("a"), call("clean"), call("d"), call("d"), "done"]);
    const recovering = await run({ provider: script(), model: "m", input: "x", tools: [search()], config: loopDetection({ maxIdenticalCalls: 2 }) });
    expect(recovering.stopReason).toBe("completed");
    expect(recovering.text).toBe("done");
    expect(loopDetectionsOf(recovering).map((d) => [d.action, d.iteration])).toEqual([
      ["warn", 2],
      ["warn", 5],
    ]);

    const strict = await run({
      provider: script(),
      model: "m",
      input: "x",
      tools: [search()],
      config: loopDetection({ maxIdenticalCalls: 2, resetAfterCleanTurn: false }),
    });
    expect(strict.stopReason).toBe("loop_detected");
    expect(loopDetectionsOf(strict).map((d) => [d.action, d.iteration])).toEqual([
      ["warn", 2],
      ["terminate", 5],
    ]);
  });

  it("wraps a non-text result with the warning, after what configs composed before it changed", async () => {
    const tool = fakeTool({ name: "lookup", result: { hits: 0 } });
    const seen: string[] = [];
    const same = { name: "lookup", arguments: { id: 1 } };
    const model = scriptedModel([{ toolCalls: [same] }, { toolCalls: [same] }, "done"]);
    const config = composeConfigs(
      {
        afterToolBatch: ({ results }) => {
          seen.push(...results.map((entry) => entry.call.toolName));
          return { results: Object.fromEntries(results.map((entry) => [entry.call.toolCallId, { ...(entry.result as object), checked: true }])) };
        },
      },
      loopDetection({ maxIdenticalCalls: 2, warningText: (d: LoopDetection) => `stop repeating ${d.toolName}` }),
    );
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool], config });
    expect(seen).toEqual(["lookup", "lookup"]);
    expect(toolResultsOf(result.messages)).toEqual([
      { hits: 0, checked: true },
      { result: { hits: 0, checked: true }, warning: "stop repeating lookup" },
    ]);
  });
});

describe("loop detection: callback", () => {
  it("asks the callback, which may continue, warn or terminate", async () => {
    const same = { name: "search", arguments: { q: "same" } };
    const model = scriptedModel([{ toolCalls: [same] }, { toolCalls: [same] }, { toolCalls: [same] }, { toolCalls: [same] }, "never"]);
    const seen: Array<[number, number]> = [];
    const answers = ["continue", undefined, "terminate"] as const;
    const events: StreamEvent[] = [];
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      config: loopDetection({
        maxIdenticalCalls: 2,
        action: (detection, state) => {
          seen.push([detection.count, state.iteration]);
          return answers[seen.length - 1];
        },
      }),
      onEvent: (event) => void events.push(event),
    });
    expect(seen).toEqual([
      [2, 2],
      [3, 3],
      [4, 4],
    ]);
    expect(result.stopReason).toBe("loop_detected");
    expect(result.toolCalls).toHaveLength(3);
    expect(loopDetectionsOf(result).map((d) => d.action)).toEqual(["continue", "continue", "terminate"]);
    expect(loopEvents(events).map((e) => e.action)).toEqual(["callback", "callback", "terminate"]);
    // Nothing was added to what the model saw.
    expect(toolResultsOf(result.messages)).toEqual(["nothing found", "nothing found", "nothing found"]);
  });

  it("a callback's second warning terminates", async () => {
    const same = { name: "search", arguments: { q: "same" } };
    const model = scriptedModel([{ toolCalls: [same] }, { toolCalls: [same] }, { toolCalls: [same] }, "never"]);
    const result = await run({
      provider: model,
      model: "m",
      input: "x",
      tools: [search()],
      config: loopDetection({ maxIdenticalCalls: 2, action: async () => "warn" as const }),
    });
    expect(result.stopReason).toBe("loop_detected");
    expect(loopDetectionsOf(result).map((d) => d.action)).toEqual(["warn", "terminate"]);
  });
});

describe("loop detection: paused runs", () => {
  it("its memory is part of the run state: a run resumed in another process goes on counting, and a resumed batch is not counted again", async () => {
    const ask = {
      ...fakeTool({ name: "ask" }),
      execute: async (_args: unknown, ctx: import("@baton/core").ToolExecutionContext) => ctx.askUser<string>("Sure?"),
    };
    const same = { name: "search", arguments: { q: "same" } };
    const config = loopDetection({ maxIdenticalCalls: 2, action: "terminate" });
    const paused = await run({
      provider: scriptedModel([{ toolCalls: [same] }, { toolCalls: [{ id: "q1", name: "ask", arguments: {} }] }]),
      model: "m",
      input: "x",
      tools: [search(), ask],
      config,
    });
    expect(paused.stopReason).toBe("interrupted");

    const tool = search();
    const model = scriptedModel([{ text: "once more", toolCalls: [same] }, "never"]);
    const result = await run({
      provider: model,
      model: "m",
      tools: [tool, ask],
      config,
      resume: JSON.stringify(paused.state),
      decisions: { q1: { answer: "yes" } },
    });
    expect(result.stopReason).toBe("loop_detected");
    expect(tool.calls).toHaveLength(0);
    expect(loopDetectionsOf(result)).toEqual([
      expect.objectContaining({ kind: "tool_repetition", toolName: "search", count: 2, iteration: 3, action: "terminate" }),
    ]);
    expect((result.custom.loopDetection as { turns: unknown[] }).turns).toHaveLength(3);
  });
});

describe("loop detection: options", () => {
  it("rejects invalid limits", () => {
    expect(() => loopDetection({ window: 0 })).toThrow(ConfigurationError);
    expect(() => loopDetection({ maxIdenticalCalls: 1 })).toThrow(ConfigurationError);
    expect(() => loopDetection({ maxRepeatedText: 1.5 })).toThrow(ConfigurationError);
  });
});
