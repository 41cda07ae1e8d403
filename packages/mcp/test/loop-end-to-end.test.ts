import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "@baton/core";
import { run } from "@baton/loop";
import { scriptedModel } from "@baton/testing";
import { connectMcpServer, syncMcpTools, type McpServerConnection } from "../src/index.js";
import { STDIO_SERVER } from "./support/fixtures.js";

let connection: McpServerConnection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

describe("an MCP tool in a real run", () => {
  it("runs a stdio server's tool from the loop: progress events, the result the model reads, an error result", async () => {
    connection = connectMcpServer({ name: "fixture", stdio: { command: process.execPath, args: [STDIO_SERVER] }, prefix: "fx_", allow: ["count", "fail"] });
    const provider = scriptedModel([
      {
        toolCalls: [
          { name: "fx_count", arguments: { n: 2 } },
          { name: "fx_fail", arguments: {} },
        ],
      },
      "Counted, but the disk is full.",
    ]);
    const events: StreamEvent[] = [];
    const result = await run({
      provider,
      model: "scripted",
      input: "count to 2",
      tools: await connection.tools(),
      onEvent: (event) => void events.push(event),
    });

    expect(result.stopReason).toBe("completed");
    expect(result.text).toBe("Counted, but the disk is full.");
    const progress = events.filter((event) => event.type === "tool-progress");
    expect(progress.map((event) => event.type === "tool-progress" && event.message)).toEqual(["counted 1", "counted 2"]);
    expect(result.toolCalls.map(({ toolName, status }) => ({ toolName, status }))).toEqual([
      { toolName: "fx_count", status: "ok" },
      { toolName: "fx_fail", status: "error" },
    ]);
    expect(result.toolCalls[0]!.result).toBe("counted to 2");
    expect(result.toolCalls[1]!.error).toMatchObject({ code: "TOOL_EXECUTION_FAILED", message: "the disk is full" });
    // The model's second request carries both results, the error marked as one.
    const toolMessage = provider.requests[1]!.messages.find((message) => message.role === "tool");
    expect(JSON.stringify(toolMessage)).toContain('"isError":true');
    expect(provider.requests[0]!.tools?.map((tool) => tool.name)).toEqual(["fx_count", "fx_fail"]);
  });

  it("aborting the run cancels the MCP call", async () => {
    connection = connectMcpServer({ stdio: { command: process.execPath, args: [STDIO_SERVER] }, allow: ["wait_for_cancel"] });
    const controller = new AbortController();
    const provider = scriptedModel([{ toolCalls: [{ name: "wait_for_cancel" }] }, "never"]);
    const result = await run({
      provider,
      model: "scripted",
      input: "wait",
      tools: await connection.tools(),
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "tool-progress") controller.abort();
      },
    });
    expect(result.stopReason).toBe("aborted");
    expect(result.toolCalls[0]).toMatchObject({ toolName: "wait_for_cancel", status: "aborted" });
  });

  it("syncMcpTools offers a tool the server added during the run at the next step", async () => {
    connection = connectMcpServer({ stdio: { command: process.execPath, args: [STDIO_SERVER] }, allow: ["add_tool", "late"] });
    const provider = scriptedModel([{ toolCalls: [{ name: "add_tool" }] }, { toolCalls: [{ name: "late" }] }, "done"]);
    const tools = await connection.tools();
    expect(tools.map((tool) => tool.name)).toEqual(["add_tool"]);
    // The server says the list changed before add_tool answers; the new listing may land a moment later, so the batch hook waits for it.
    const live = connection;
    const result = await run({
      provider,
      model: "scripted",
      input: "add a tool and use it",
      tools,
      config: {
        ...syncMcpTools(live),
        afterToolBatch: async () => {
          const deadline = Date.now() + 5000;
          while (!live.currentTools.some((tool) => tool.name === "late") && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
          return undefined;
        },
      },
    });
    expect(provider.requests[1]!.tools?.map((tool) => tool.name)).toEqual(["add_tool", "late"]);
    expect(result.toolCalls.map(({ toolName, status }) => ({ toolName, status }))).toEqual([
      { toolName: "add_tool", status: "ok" },
      { toolName: "late", status: "ok" },
    ]);
    expect(result.text).toBe("done");
  });
});
