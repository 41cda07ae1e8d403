import { getEventListeners } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { isBatonError } from "@baton/core";
import { testToolContext, waitFor } from "@baton/testing";
import { connectMcpServer, MCP_ERROR_CODES, McpConnectionLostError, McpToolError, type McpServerConnection, type McpTool } from "../src/index.js";
import { HANGING_SERVER, isRunning, STDIO_SERVER, writtenText } from "./support/fixtures.js";

const open: McpServerConnection[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((connection) => connection.close()));
});

function fixture(options: Partial<Parameters<typeof connectMcpServer>[0]> = {}, env?: Record<string, string>): McpServerConnection {
  const connection = connectMcpServer({ name: "fixture", stdio: { command: process.execPath, args: [STDIO_SERVER], ...(env ? { env } : {}) }, ...options });
  open.push(connection);
  return connection;
}

function byName(tools: readonly McpTool[], name: string): McpTool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name} in ${tools.map((t) => t.name).join(", ")}`);
  return tool;
}

/** A path `name` in a fresh temporary folder, removed when the test that asked for it ends, passed or failed. */
function tempPath(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), "baton-mcp-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, name);
}

describe("connectMcpServer over stdio", () => {
  it("many calls with one long-lived signal leave no listener on it", async () => {
    const connection = fixture();
    const echo = byName(await connection.tools(), "echo");
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) expect(await echo.execute({ text: `call ${i}` }, testToolContext({ signal: controller.signal }))).toBe(`call ${i}`);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("starts nothing until the tools are asked for, then lists them as Baton tools", async () => {
    const connection = fixture();
    expect(connection.connected).toBe(false);
    expect(connection.currentTools).toEqual([]);
    const tools = await connection.tools();
    expect(connection.connected).toBe(true);
    expect(connection.transportKind).toBe("stdio");
    expect(tools.map((tool) => tool.name)).toEqual([
      "echo",
      "count",
      "burst",
      "wait_for_cancel",
      "fail",
      "crash",
      "media",
      "pid",
      "add_tool",
      "dotted_name",
      "lookup",
    ]);
    const echo = byName(tools, "echo");
    expect(echo.description).toBe("Echoes text.");
    expect(echo.parameters).toEqual({ type: "object", properties: { text: { type: "string" } }, required: ["text"] });
    expect(echo.preset).toBe("readonly");
    expect(echo.mcp).toMatchObject({ server: "fixture", mcpName: "echo" });
    expect(byName(tools, "count").preset).toBeUndefined();
    expect(await echo.execute({ text: "hi" }, testToolContext())).toBe("hi");
    // The same session serves the SDK client and a new listing.
    const client = await connection.client();
    expect(client.getServerVersion()).toMatchObject({ name: "fixture" });
    expect((await connection.refreshTools()).map((tool) => tool.name)).toEqual(tools.map((tool) => tool.name));
    expect(connection.ownsTool(echo)).toBe(true);
  });

  it("makes a schema providers reject provider-safe, and skips one that cannot be", async () => {
    const tools = await fixture().tools();
    expect(byName(tools, "lookup").parameters).toEqual({
      type: "object",
      properties: { kind: { type: "string", enum: ["user", "team"], description: "What to look up." }, version: { enum: [2] } },
      required: ["kind"],
    });
    expect(JSON.stringify(byName(tools, "lookup").parameters)).not.toMatch(/\$ref|\$defs|\$schema|const/);
    const connection = open[0]!;
    expect(connection.skippedTools).toEqual([{ mcpName: "tree", reason: expect.stringContaining('recursive $ref "#/$defs/node"') }]);
    // A dot is replaced, and the call still reaches the server's own name.
    expect(await byName(tools, "dotted_name").execute({}, testToolContext())).toBe("dotted");
  });

  it("puts the prefix before every name and applies the allow and deny lists", async () => {
    const tools = await fixture({ prefix: "fx_", allow: ["echo", "count", "fail"], deny: ["fail"] }).tools();
    expect(tools.map((tool) => tool.name)).toEqual(["fx_echo", "fx_count"]);
    expect(await byName(tools, "fx_echo").execute({ text: "prefixed" }, testToolContext())).toBe("prefixed");
  });

  it("turns the server's progress notifications into tool progress", async () => {
    const count = byName(await fixture().tools(), "count");
    const progress: { message: string; data: unknown }[] = [];
    const context = testToolContext({ progress: (message, data) => void progress.push({ message, data }) });
    expect(await count.execute({ n: 3 }, context)).toBe("counted to 3");
    expect(progress).toEqual([
      { message: "counted 1", data: { progress: 1, total: 3 } },
      { message: "counted 2", data: { progress: 2, total: 3 } },
      { message: "counted 3", data: { progress: 3, total: 3 } },
    ]);
  });

  it("keeps progress notifications that arrive together with the result", async () => {
    const context = testToolContext();
    expect(await byName(await fixture().tools(), "burst").execute({}, context)).toBe("burst done");
    expect(context.progressMessages).toEqual(["one", "two", "three"]);
  });

  it("sends the cancellation to the server when the call's signal aborts", async () => {
    const marker = tempPath("cancelled");
    const wait = byName(await fixture({}, { CANCEL_MARKER: marker }).tools(), "wait_for_cancel");
    const controller = new AbortController();
    const progress: string[] = [];
    const call = Promise.resolve(wait.execute({}, testToolContext({ signal: controller.signal, progress: (message) => void progress.push(message) })));
    await waitFor("the call to start", () => progress.length > 0);
    controller.abort(new Error("run aborted"));
    await expect(call).rejects.toThrow("run aborted");
    expect(await waitFor("the server to record the cancellation", () => writtenText(marker))).toBe("cancelled");
  });

  it("throws a tool error with the server's text for an isError result", async () => {
    const fail = byName(await fixture().tools(), "fail");
    const error = await Promise.resolve(fail.execute({}, testToolContext())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpToolError);
    expect(error).toMatchObject({ code: "TOOL_EXECUTION_FAILED", message: "the disk is full", details: { toolName: "fail", server: "fixture" } });
  });

  it("maps text, image and resource content to result parts", async () => {
    const media = byName(await fixture().tools(), "media");
    expect(await media.execute({}, testToolContext())).toEqual([
      { type: "text", text: "a picture" },
      { type: "image", mediaType: "image/png", data: "iVBORw0KGgo=" },
      { type: "resource", uri: "file:///notes.txt", mediaType: "text/plain", text: "hello" },
    ]);
  });

  it("rejects a call in flight with MCP_CONNECTION_LOST when the server exits, and reconnects on the next call", async () => {
    const connection = fixture();
    const tools = await connection.tools();
    const firstPid = connection.pid!;
    const error = await Promise.resolve(byName(tools, "crash").execute({}, testToolContext())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpConnectionLostError);
    expect(isBatonError(error)).toBe(true);
    expect(error).toMatchObject({ code: MCP_ERROR_CODES.MCP_CONNECTION_LOST, retryable: true, details: { server: "fixture", toolName: "crash" } });
    expect((error as Error).message).toBe('The connection to MCP server "fixture" was lost while tool "crash" was running; the next call reconnects.');
    expect(connection.connected).toBe(false);
    // The same tool object works again: the call starts a new server process.
    const secondPid = Number(await byName(tools, "pid").execute({}, testToolContext()));
    expect(secondPid).not.toBe(firstPid);
    expect(connection.pid).toBe(secondPid);
    expect(isRunning(firstPid)).toBe(false);
  });

  it("refreshes the tool list when the server says it changed", async () => {
    const connection = fixture();
    const tools = await connection.tools();
    expect(tools.some((tool) => tool.name === "late")).toBe(false);
    const changes: string[][] = [];
    connection.onToolsChanged((list) => changes.push(list.map((tool) => tool.name)));
    await byName(tools, "add_tool").execute({}, testToolContext());
    await waitFor("the new list", () => connection.currentTools.some((tool) => tool.name === "late"));
    expect(changes.at(-1)).toContain("late");
    expect(await byName(connection.currentTools, "late").execute({}, testToolContext())).toBe("late here");
  });

  it("close() stops the server process and refuses further calls", async () => {
    const connection = fixture();
    const tools = await connection.tools();
    const pid = connection.pid!;
    expect(isRunning(pid)).toBe(true);
    await connection.close();
    await waitFor("the server process to exit", () => !isRunning(pid));
    const error = await Promise.resolve(byName(tools, "echo").execute({ text: "x" }, testToolContext())).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: MCP_ERROR_CODES.MCP_CONNECTION_CLOSED });
    await expect(connection.tools()).rejects.toMatchObject({ code: MCP_ERROR_CODES.MCP_CONNECTION_CLOSED });
  });

  it("times out a server that never answers initialize, stopping its process", async () => {
    const pidFile = tempPath("pid");
    const connection = connectMcpServer({
      name: "hanging",
      stdio: { command: process.execPath, args: [HANGING_SERVER], env: { PID_FILE: pidFile } },
      // The timeout counts from the start of the process: long enough for Node to start and write its pid on a loaded machine.
      initializeTimeoutMs: 3_000,
    });
    open.push(connection);
    const started = Date.now();
    const error = await connection.tools().catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: MCP_ERROR_CODES.MCP_INITIALIZE_TIMEOUT,
      message: 'MCP server "hanging" did not answer initialize within 3000 ms.',
      details: { timeoutMs: 3_000 },
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    const pid = Number(await waitFor("the hanging server's pid", () => writtenText(pidFile)));
    await waitFor("the hanging process to be stopped", () => !isRunning(pid));
  });

  it("close() while the server has not answered initialize stops it at once instead of waiting for the timeout", async () => {
    const pidFile = tempPath("pid");
    const connection = connectMcpServer({
      name: "hanging",
      stdio: { command: process.execPath, args: [HANGING_SERVER], env: { PID_FILE: pidFile } },
      initializeTimeoutMs: 600_000,
    });
    open.push(connection);
    const listing = connection.tools().catch((e: unknown) => e);
    const pid = Number(await waitFor("the hanging server to start", () => writtenText(pidFile)));
    await connection.close();
    expect(await listing).toMatchObject({ code: MCP_ERROR_CODES.MCP_CONNECTION_CLOSED });
    await waitFor("the hanging process to be stopped", () => !isRunning(pid));
  });

  it("reports a command that cannot start as MCP_CONNECT_FAILED, and tries again on the next call", async () => {
    const connection = connectMcpServer({ stdio: { command: "/nonexistent/mcp-server" } });
    open.push(connection);
    const error = await connection.tools().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: MCP_ERROR_CODES.MCP_CONNECT_FAILED, retryable: true, details: { server: "/nonexistent/mcp-server" } });
    await expect(connection.connect()).rejects.toMatchObject({ code: MCP_ERROR_CODES.MCP_CONNECT_FAILED });
  });
});
