import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { SSEServerTransport } from "@modelcontextprotocol/sdk/server/sse.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/** An SDK `Server` or `McpServer`: what the test servers serve each session with. */
export interface SdkServer {
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/** An MCP server on 127.0.0.1 for a test; `close()` stops it and every session. */
export interface HttpMcpServer {
  /** The MCP endpoint (`/mcp` for Streamable HTTP, `/sse` for the old transport). */
  readonly url: string;
  /** Requests received, as `METHOD path`. */
  readonly requests: string[];
  close(): Promise<void>;
}

/**
 * Serves MCP over Streamable HTTP at `/mcp` on 127.0.0.1 (a random port), with one
 * SDK server (made by `makeServer`) per session, as the SDK's examples do.
 */
export async function startStreamableHttpServer(makeServer: () => SdkServer): Promise<HttpMcpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const servers: SdkServer[] = [];
  return listen(
    async (req, res) => {
      if (!req.url?.startsWith("/mcp")) return notFound(res);
      const sessionId = req.headers["mcp-session-id"];
      let transport = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
      if (transport === undefined) {
        if (typeof sessionId === "string") return notFound(res);
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void sessions.set(id, transport!),
        });
        const server = makeServer();
        servers.push(server);
        await server.connect(transport);
      }
      await transport.handleRequest(req, res);
    },
    async () => {
      await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
    },
  );
}

/** Serves MCP over the old HTTP+SSE transport (GET `/sse`, POST `/messages`) on 127.0.0.1, refusing POST `/sse` with 405 as old servers do. */
export async function startLegacySseServer(makeServer: () => SdkServer): Promise<HttpMcpServer> {
  const sessions = new Map<string, SSEServerTransport>();
  const servers: SdkServer[] = [];
  return listen(
    async (req, res) => {
      if (req.url === "/sse" && req.method === "GET") {
        const transport = new SSEServerTransport("/messages", res);
        sessions.set(transport.sessionId, transport);
        const server = makeServer();
        servers.push(server);
        await server.connect(transport);
        return;
      }
      if (req.url?.startsWith("/messages") && req.method === "POST") {
        const id = new URL(req.url, "http://127.0.0.1").searchParams.get("sessionId") ?? "";
        const transport = sessions.get(id);
        if (transport === undefined) return notFound(res);
        await transport.handlePostMessage(req, res);
        return;
      }
      res.writeHead(405).end();
    },
    async () => {
      await Promise.all(servers.map((server) => server.close().catch(() => undefined)));
    },
    "/sse",
  );
}

function notFound(res: ServerResponse): void {
  res.writeHead(404).end();
}

async function listen(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  closeSessions: () => Promise<void>,
  path = "/mcp",
): Promise<HttpMcpServer> {
  const requests: string[] = [];
  const http: HttpServer = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    close: async () => {
      await closeSessions();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
