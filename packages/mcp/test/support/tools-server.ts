import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/** What a {@link toolsServer} saw, for the tests to check. */
export interface ToolsServerLog {
  /** Calls of `wait_for_cancel` whose cancellation the server received, with the reason. */
  readonly cancelled: string[];
  /** The tools called, in order. */
  readonly calls: string[];
}

/**
 * An SDK `McpServer` with a few tools (zod schemas, as its users write them): `echo`,
 * `count` (progress), `wait_for_cancel` (records the cancellation), `fail` (an error
 * result), `add_tool` (changes the tool list) and `hang` (never answers).
 */
export function toolsServer(log: ToolsServerLog): McpServer {
  const server = new McpServer({ name: "http-fixture", version: "1.0.0" });
  server.registerTool("echo", { description: "Echoes text.", inputSchema: { text: z.string() } }, ({ text }) => {
    log.calls.push("echo");
    return { content: [{ type: "text", text }] };
  });
  server.registerTool("count", { description: "Counts to n with progress.", inputSchema: { n: z.number().int() } }, async ({ n }, extra) => {
    log.calls.push("count");
    const token = extra._meta?.progressToken;
    for (let i = 1; i <= n; i++) {
      if (token !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: i, total: n } });
    }
    return { content: [{ type: "text", text: `counted to ${n}` }] };
  });
  server.registerTool("wait_for_cancel", { description: "Waits until cancelled." }, async (extra) => {
    log.calls.push("wait_for_cancel");
    await new Promise<void>((resolve) => extra.signal.addEventListener("abort", () => resolve(), { once: true }));
    log.cancelled.push(String(extra.signal.reason));
    return { content: [{ type: "text", text: "cancelled" }] };
  });
  server.registerTool("fail", { description: "Fails." }, () => ({ content: [{ type: "text", text: "quota exceeded" }], isError: true }));
  server.registerTool("add_tool", { description: "Adds the tool `late` (the server then says its list changed)." }, () => {
    server.registerTool("late", { description: "Added later." }, () => ({ content: [{ type: "text", text: "late here" }] }));
    return { content: [{ type: "text", text: "added" }] };
  });
  server.registerTool("hang", { description: "Never answers." }, () => {
    log.calls.push("hang");
    return new Promise(() => undefined);
  });
  return server;
}
