import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { McpHttpServer, McpStdioServer } from "./mcp-server-options.js";
import { responseWatchingFetch } from "./response-watching-fetch.js";

/** A transport to a child process running the server (not started yet). */
export function stdioTransport(server: McpStdioServer): StdioClientTransport {
  return new StdioClientTransport({
    command: server.command,
    ...(server.args === undefined ? {} : { args: [...server.args] }),
    ...(server.env === undefined ? {} : { env: { ...server.env } }),
    ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
    stderr: server.stderr ?? "inherit",
  });
}

/** The HTTP transports, by kind: the current Streamable HTTP, or the older HTTP+SSE. */
export type HttpTransportKind = "streamable-http" | "sse";

/**
 * A transport to an HTTP server of the given kind (not started yet), sending `headers`
 * with every request. A Streamable HTTP transport calls `onResponseLost` when a
 * response stream ends without the response it owed (see {@link responseWatchingFetch}).
 */
export function httpTransport(server: McpHttpServer, kind: HttpTransportKind, onResponseLost: () => void): Transport {
  const url = new URL(server.url);
  const requestInit: RequestInit = server.headers === undefined ? {} : { headers: { ...server.headers } };
  if (kind === "sse") return new SSEClientTransport(url, { requestInit });
  return new StreamableHTTPClientTransport(url, { requestInit, fetch: responseWatchingFetch(onResponseLost) });
}
