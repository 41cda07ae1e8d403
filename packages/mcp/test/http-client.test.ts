import { afterEach, describe, expect, it } from "vitest";
import { testToolContext, waitFor } from "@baton/testing";
import { connectMcpServer, MCP_ERROR_CODES, McpToolError, type McpServerConnection, type McpTool } from "../src/index.js";
import { startLegacySseServer, startStreamableHttpServer, type HttpMcpServer } from "./support/http-mcp-server.js";
import { toolsServer, type ToolsServerLog } from "./support/tools-server.js";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function newLog(): ToolsServerLog {
  return { cancelled: [], calls: [] };
}

async function serve(start: typeof startStreamableHttpServer, log: ToolsServerLog): Promise<HttpMcpServer> {
  const server = await start(() => toolsServer(log));
  cleanups.push(() => server.close());
  return server;
}

function connect(options: Parameters<typeof connectMcpServer>[0]): McpServerConnection {
  const connection = connectMcpServer(options);
  cleanups.push(() => connection.close());
  return connection;
}

function byName(tools: readonly McpTool[], name: string): McpTool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool;
}

describe("connectMcpServer over Streamable HTTP", () => {
  it("lists the tools (zod schemas of McpServer, made provider-safe) and calls one, sending the headers", async () => {
    const log = newLog();
    const server = await serve(startStreamableHttpServer, log);
    const connection = connect({ http: { url: server.url, headers: { authorization: "Bearer t" } }, prefix: "web_" });
    const tools = await connection.tools();
    expect(connection.transportKind).toBe("streamable-http");
    expect(connection.name).toBe(new URL(server.url).host);
    expect(tools.map((tool) => tool.name)).toEqual(["web_echo", "web_count", "web_wait_for_cancel", "web_fail", "web_add_tool", "web_hang"]);
    const echo = byName(tools, "web_echo");
    expect(echo.parameters).toMatchObject({ type: "object", properties: { text: { type: "string" } }, required: ["text"] });
    expect(echo.parameters).not.toHaveProperty("$schema");
    expect(await echo.execute({ text: "over http" }, testToolContext())).toBe("over http");
    expect(log.calls).toEqual(["echo"]);
  });

  it("reports progress and error results", async () => {
    const server = await serve(startStreamableHttpServer, newLog());
    const tools = await connect({ http: { url: server.url } }).tools();
    const context = testToolContext();
    expect(await byName(tools, "count").execute({ n: 2 }, context)).toBe("counted to 2");
    expect(context.progressMessages).toEqual(["1/2", "2/2"]);
    const error = await Promise.resolve(byName(tools, "fail").execute({}, testToolContext())).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(McpToolError);
    expect((error as Error).message).toBe("quota exceeded");
  });

  it("sends the cancellation, which the server sees", async () => {
    const log = newLog();
    const server = await serve(startStreamableHttpServer, log);
    const tools = await connect({ http: { url: server.url } }).tools();
    const controller = new AbortController();
    const call = Promise.resolve(byName(tools, "wait_for_cancel").execute({}, testToolContext({ signal: controller.signal })));
    await waitFor("the call to reach the server", () => log.calls.includes("wait_for_cancel"));
    controller.abort(new Error("stop"));
    await expect(call).rejects.toThrow("stop");
    await waitFor("the server to see the cancellation", () => log.cancelled.length === 1);
    expect(log.cancelled[0]).toContain("stop");
  });

  it("rejects a call in flight when the server goes away, and reconnects to the server at that URL afterwards", async () => {
    const log = newLog();
    const first = await startStreamableHttpServer(() => toolsServer(log));
    const connection = connect({ http: { url: first.url }, callTimeoutMs: 10_000 });
    const tools = await connection.tools();
    const call = Promise.resolve(byName(tools, "hang").execute({}, testToolContext())).catch((e: unknown) => e);
    await waitFor("the call to reach the server", () => log.calls.includes("hang"));
    await first.close();
    const error = await call;
    expect(error).toMatchObject({ code: MCP_ERROR_CODES.MCP_CONNECTION_LOST, details: { toolName: "hang" } });
    expect(connection.connected).toBe(false);
    // Nothing listens there now: the next call fails to connect (retryable) instead of hanging.
    await expect(Promise.resolve(byName(tools, "echo").execute({ text: "x" }, testToolContext()))).rejects.toMatchObject({
      code: MCP_ERROR_CODES.MCP_CONNECT_FAILED,
    });
  });

  it("refreshes the tool list when the server says it changed (on the standalone event stream)", async () => {
    const server = await serve(startStreamableHttpServer, newLog());
    const connection = connect({ http: { url: server.url } });
    const tools = await connection.tools();
    expect(await byName(tools, "add_tool").execute({}, testToolContext())).toBe("added");
    await waitFor("the new list", () => connection.currentTools.some((tool) => tool.name === "late"));
    expect(await byName(connection.currentTools, "late").execute({}, testToolContext())).toBe("late here");
  });

  it("falls back to the old HTTP+SSE transport for a server that refuses Streamable HTTP", async () => {
    const log = newLog();
    const server = await serve(startLegacySseServer, log);
    const connection = connect({ http: { url: server.url } });
    const tools = await connection.tools();
    expect(connection.transportKind).toBe("sse");
    expect(server.requests[0]).toBe("POST /sse");
    expect(server.requests).toContain("GET /sse");
    const context = testToolContext();
    expect(await byName(tools, "count").execute({ n: 2 }, context)).toBe("counted to 2");
    expect(context.progressMessages).toEqual(["1/2", "2/2"]);
  });

  it("fails with MCP_CONNECT_FAILED when nothing listens at the URL", async () => {
    const server = await startStreamableHttpServer(() => toolsServer(newLog()));
    await server.close();
    const connection = connect({ http: { url: server.url }, name: "gone" });
    await expect(connection.tools()).rejects.toMatchObject({ code: MCP_ERROR_CODES.MCP_CONNECT_FAILED, details: { server: "gone" } });
  });
});
