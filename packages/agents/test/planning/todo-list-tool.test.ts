import { describe, expect, it } from "vitest";
import { ConfigurationError, type StreamEvent, type Tool, type ToolMessage } from "@baton/core";
import { run } from "@baton/loop";
import { fakeTool, scriptedModel } from "@baton/testing";
import { TODO_LIST_ERROR_METADATA_KEY, TODO_LIST_TOOL_NAME, todoListOf, todoListTool, type TodoList } from "../../src/planning/index.js";

const todo = (args: unknown) => ({ name: TODO_LIST_TOOL_NAME, arguments: args });

function toolResults(messages: readonly { role: string }[]) {
  return messages.filter((m): m is ToolMessage => m.role === "tool").flatMap((m) => m.content);
}

function planEvents(events: StreamEvent[]) {
  return events.filter((e) => e.type === "plan-updated");
}

describe("manage_todo_list", () => {
  it("writes and updates the list, emitting plan-updated events with versions", async () => {
    const tool = todoListTool();
    const model = scriptedModel([
      {
        toolCalls: [
          todo({ operation: "write", expectedVersion: 0, items: [{ title: "Search" }, { id: "w", title: "Write", status: "pending" }, { title: "Review" }] }),
        ],
      },
      { toolCalls: [todo({ operation: "update", expectedVersion: 1, changes: [{ id: "1", status: "in_progress" }] })] },
      {
        toolCalls: [
          todo({
            operation: "update",
            expectedVersion: 2,
            changes: [
              { id: "1", status: "completed" },
              { id: "w", status: "in_progress", title: "Write it" },
            ],
          }),
        ],
      },
      { toolCalls: [todo({ operation: "read" })] },
      "done",
    ]);
    const events: StreamEvent[] = [];
    const result = await run({ provider: model, model: "m", input: "plan", tools: [tool], onEvent: (e) => void events.push(e) });

    expect(result.stopReason).toBe("completed");
    const plans = planEvents(events);
    expect(plans.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(plans[0]!.items).toEqual([
      { id: "1", title: "Search", status: "pending" },
      { id: "w", title: "Write", status: "pending" },
      { id: "2", title: "Review", status: "pending" },
    ]);
    const final: TodoList = {
      version: 3,
      items: [
        { id: "1", title: "Search", status: "completed" },
        { id: "w", title: "Write it", status: "in_progress" },
        { id: "2", title: "Review", status: "pending" },
      ],
    };
    expect(plans[2]).toMatchObject(final);
    // The model sees the list and its version after each call; read changes nothing.
    const results = toolResults(result.messages);
    expect(results.map((r) => (r.result as TodoList).version)).toEqual([1, 2, 3, 3]);
    expect(results[3]!.result).toEqual(final);
    expect(todoListOf(result)).toEqual(final);
    expect(result.custom.todoList).toEqual(final);
    // The plan events belong to the main agent and follow their tool's start.
    expect(plans.every((e) => e.agentPath === "main")).toBe(true);
    expect(tool.selectionRule).toContain("manage_todo_list");
    expect(JSON.stringify(model.requests[0]!.messages[0])).toContain("expectedVersion");
  });

  it("refuses a stale version with an error that names the current version and list", async () => {
    const tool = todoListTool();
    const model = scriptedModel([
      { toolCalls: [todo({ operation: "write", expectedVersion: 0, items: [{ id: "a", title: "A" }] })] },
      { toolCalls: [todo({ operation: "write", expectedVersion: 0, items: [{ id: "b", title: "B" }] })] },
      { toolCalls: [todo({ operation: "update", changes: [{ id: "a", status: "completed" }] })] },
      { toolCalls: [todo({ operation: "update", expectedVersion: 1, changes: [{ id: "a", status: "completed" }] })] },
      "done",
    ]);
    const events: StreamEvent[] = [];
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool], onEvent: (e) => void events.push(e) });

    const results = toolResults(result.messages);
    expect(results[1]!.isError).toBe(true);
    expect(results[1]!.result).toContain("Stale version: expectedVersion is 0 but the list is at version 1");
    expect(results[1]!.result).toContain("a [pending] A");
    expect(result.toolCalls[1]!.error).toMatchObject({ code: "TOOL_EXECUTION_FAILED" });
    expect(result.toolMetadata[result.toolCalls[1]!.toolCallId]![TODO_LIST_ERROR_METADATA_KEY]).toMatchObject({
      kind: "version_conflict",
      expectedVersion: 0,
      currentVersion: 1,
    });
    expect(results[2]!.isError).toBe(true);
    expect(result.toolMetadata[result.toolCalls[2]!.toolCallId]![TODO_LIST_ERROR_METADATA_KEY]).toMatchObject({ kind: "missing_version", currentVersion: 1 });
    expect(results[3]!.isError).toBeUndefined();
    // Refused changes changed nothing and emitted nothing.
    expect(planEvents(events).map((e) => e.version)).toEqual([1, 2]);
    expect(todoListOf(result)).toEqual({ version: 2, items: [{ id: "a", title: "A", status: "completed" }] });
  });

  it("allows only one item in progress at a time", async () => {
    const tool = todoListTool();
    const model = scriptedModel([
      {
        toolCalls: [
          todo({
            operation: "write",
            expectedVersion: 0,
            items: [
              { title: "A", status: "in_progress" },
              { title: "B", status: "in_progress" },
            ],
          }),
        ],
      },
      { toolCalls: [todo({ operation: "write", expectedVersion: 0, items: [{ title: "A", status: "in_progress" }, { title: "B" }] })] },
      { toolCalls: [todo({ operation: "update", expectedVersion: 1, changes: [{ id: "2", status: "in_progress" }] })] },
      {
        toolCalls: [
          todo({
            operation: "update",
            expectedVersion: 1,
            changes: [
              { id: "1", status: "completed" },
              { id: "2", status: "in_progress" },
            ],
          }),
        ],
      },
      "done",
    ]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool] });
    const results = toolResults(result.messages);
    expect(results.map((r) => r.isError === true)).toEqual([true, false, true, false]);
    expect(results[0]!.result).toContain('Only one item may be in_progress at a time, but "1" and "2" would be');
    expect(results[2]!.result).toContain("Only one item may be in_progress");
    expect(todoListOf(result)?.items.map((i) => i.status)).toEqual(["completed", "in_progress"]);
  });

  it("refuses unknown ids, duplicate ids, empty updates and invalid arguments", async () => {
    const tool = todoListTool({ maxItems: 2 });
    const model = scriptedModel([
      {
        toolCalls: [
          todo({
            operation: "write",
            expectedVersion: 0,
            items: [
              { id: "x", title: "A" },
              { id: "x", title: "B" },
            ],
          }),
        ],
      },
      { toolCalls: [todo({ operation: "write", expectedVersion: 0, items: [{ title: "A" }, { title: "B" }, { title: "C" }] })] },
      { toolCalls: [todo({ operation: "update", expectedVersion: 0, changes: [{ id: "nope", status: "completed" }] })] },
      { toolCalls: [todo({ operation: "update", expectedVersion: 0, changes: [] })] },
      { toolCalls: [todo({ operation: "delete", expectedVersion: 0 })] },
      "done",
    ]);
    const result = await run({ provider: model, model: "m", input: "x", tools: [tool] });
    const errors = toolResults(result.messages).map((r) => String(r.result));
    expect(errors[0]).toContain('Item id "x" is used twice');
    expect(errors[1]).toContain("at most 2 items");
    expect(errors[2]).toContain('There is no item "nope"');
    expect(errors[3]).toContain("at least one entry in changes");
    expect(result.toolCalls[4]!.status).toBe("invalid");
    expect(todoListOf(result)).toBeUndefined();
    expect(result.custom.todoList).toBeUndefined();
  });

  it("keeps one list per run and per agent: one tool instance serves many runs and sub-agents", async () => {
    const tool = todoListTool();
    const write = (title: string) => scriptedModel([{ toolCalls: [todo({ operation: "write", expectedVersion: 0, items: [{ title }] })] }, "ok"]);
    const first = await run({ provider: write("first"), model: "m", input: "x", tools: [tool] });
    const second = await run({ provider: write("second"), model: "m", input: "x", tools: [tool] });
    expect(second.toolCalls[0]!.status).toBe("ok");
    expect(todoListOf(first)!.items[0]!.title).toBe("first");
    expect(todoListOf(second)!.items[0]!.title).toBe("second");

    // A sub-agent with the same tool keeps its own list (version 0 to start), not its parent's.
    const helper: Tool = {
      ...fakeTool({ name: "helper" }),
      execute: async (_args, ctx) =>
        todoListOf(await ctx.runSubAgent({ name: "planner", input: "plan", instructions: "", tools: [tool], provider: write("child") })),
    };
    const parentModel = scriptedModel([
      { toolCalls: [todo({ operation: "write", expectedVersion: 0, items: [{ title: "parent" }] })] },
      { toolCalls: [{ name: "helper", arguments: {} }] },
      { toolCalls: [todo({ operation: "read" })] },
      "done",
    ]);
    const tree = await run({ provider: parentModel, model: "m", input: "x", tools: [tool, helper] });
    expect(tree.toolCalls.map((call) => `${call.toolName}:${call.status}`)).toEqual([`${TODO_LIST_TOOL_NAME}:ok`, "helper:ok", `${TODO_LIST_TOOL_NAME}:ok`]);
    // The sub-agent wrote its own first version.
    expect(tree.toolCalls[1]!.result).toEqual({ version: 1, items: [{ id: "1", title: "child", status: "pending" }] });
    expect(todoListOf(tree)!.items.map((item) => item.title)).toEqual(["parent"]);
    expect((lastResult(parentModel) as TodoList).items[0]!.title).toBe("parent");
  });

  it("is part of the run's state: a run paused and resumed in a new process (a new tool instance) goes on with its list", async () => {
    const ask: Tool = { ...fakeTool({ name: "ask" }), execute: async (_args, ctx) => `user said ${await ctx.askUser<string>("Go on?")}` };
    const firstModel = scriptedModel([
      { toolCalls: [todo({ operation: "write", expectedVersion: 0, items: [{ title: "Search" }, { title: "Write" }] })] },
      { toolCalls: [{ id: "q1", name: "ask", arguments: {} }] },
    ]);
    const paused = await run({ provider: firstModel, model: "m", input: "plan", tools: [todoListTool(), ask] });
    expect(paused.stopReason).toBe("interrupted");
    const json = JSON.stringify(paused.state);
    expect(JSON.parse(json).root.custom.todoList).toMatchObject({ version: 1 });

    const secondModel = scriptedModel([
      { toolCalls: [todo({ operation: "update", expectedVersion: 1, changes: [{ id: "1", status: "completed" }] })] },
      "done",
    ]);
    const resumed = await run({ provider: secondModel, model: "m", tools: [todoListTool(), ask], resume: json, decisions: { q1: { answer: "yes" } } });
    expect(resumed.stopReason).toBe("completed");
    expect(resumed.toolCalls.find((call) => call.toolName === TODO_LIST_TOOL_NAME && call.iteration === 3)?.status).toBe("ok");
    expect(todoListOf(resumed)).toEqual({
      version: 2,
      items: [
        { id: "1", title: "Search", status: "completed" },
        { id: "2", title: "Write", status: "pending" },
      ],
    });
  });

  it("rejects invalid options", () => {
    expect(() => todoListTool({ maxItems: 0 })).toThrow(ConfigurationError);
    expect(() => todoListTool({ maxItems: 1.5 })).toThrow(ConfigurationError);
  });
});

/** What the model read as the last tool result of its last request. */
function lastResult(model: ReturnType<typeof scriptedModel>): unknown {
  const messages = model.requests.at(-1)!.messages;
  const last = [...messages].reverse().find((message) => message.role === "tool") as ToolMessage;
  return last.content.at(-1)!.result;
}
