import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { errorMessage } from "@baton/core";
import { McpConnectError, McpConnectionClosedError, McpInitializeTimeoutError } from "../errors/mcp-errors.js";
import { httpTransport, stdioTransport } from "./create-transport.js";
import type { McpHttpServer, McpStdioServer } from "./mcp-server-options.js";
import type { McpSession } from "./mcp-session.js";
import { deliverResponsesAfterNotifications } from "./responses-after-notifications.js";
import { stopOnExit } from "./stop-children-on-exit.js";

/** What {@link openSession} needs. */
export interface OpenSessionOptions {
  readonly serverName: string;
  readonly stdio?: McpStdioServer;
  readonly http?: McpHttpServer;
  readonly initializeTimeoutMs: number;
  readonly clientInfo: { readonly name: string; readonly version: string };
  /** Sets the handlers of a new client (notifications, `onclose`) before it connects. */
  readonly prepareClient: (client: Client) => void;
  /** Called when an HTTP response stream ended without the response it owed: the server is gone. */
  readonly onResponseLost: () => void;
  /** Aborted when the connection is closed while the session opens: the handshake stops and a child process is stopped at once. */
  readonly signal?: AbortSignal;
}

/** HTTP statuses with which a server that predates Streamable HTTP refuses its POST. */
const LEGACY_SERVER_STATUSES = new Set([400, 404, 405]);

/**
 * Starts (stdio) or reaches (HTTP) the server and runs the `initialize` handshake,
 * within `initializeTimeoutMs`. Over HTTP with `transport: "auto"`, a server that
 * refuses Streamable HTTP with 400, 404 or 405 is tried again over HTTP+SSE. Rejects
 * with {@link McpInitializeTimeoutError} or {@link McpConnectError}; either way the
 * transport is closed (a child process is stopped).
 */
export async function openSession(options: OpenSessionOptions): Promise<McpSession> {
  if (options.stdio !== undefined) return initialize(options, stdioTransport(options.stdio), "stdio");
  const http = options.http!;
  const mode = http.transport ?? "auto";
  if (mode !== "auto") return initialize(options, httpTransport(http, mode, options.onResponseLost), mode);
  try {
    return await initialize(options, httpTransport(http, "streamable-http", options.onResponseLost), "streamable-http");
  } catch (error) {
    if (!isLegacyServerRefusal(error)) throw error;
    return initialize(options, httpTransport(http, "sse", options.onResponseLost), "sse");
  }
}

function isLegacyServerRefusal(error: unknown): boolean {
  const cause = McpConnectError.isInstance(error) ? error.cause : undefined;
  return cause instanceof StreamableHTTPError && cause.code !== undefined && LEGACY_SERVER_STATUSES.has(cause.code);
}

async function initialize(options: OpenSessionOptions, transport: Transport, transportKind: McpSession["transportKind"]): Promise<McpSession> {
  const client = new Client({ name: options.clientInfo.name, version: options.clientInfo.version }, { capabilities: {} });
  options.prepareClient(client);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), options.initializeTimeoutMs);
  });
  let stopClosing: (() => void) | undefined;
  const closedMeanwhile = new Promise<"closed">((resolve) => {
    const signal = options.signal;
    if (signal === undefined) return;
    if (signal.aborted) resolve("closed");
    const onAbort = (): void => resolve("closed");
    signal.addEventListener("abort", onAbort, { once: true });
    stopClosing = () => signal.removeEventListener("abort", onAbort);
  });
  // The SDK's own request timeout is set past ours, so ours decides.
  const connecting = client.connect(transport, { timeout: options.initializeTimeoutMs + 60_000 });
  // A stdio transport has spawned its process by now (synchronously, inside connect()).
  const pid = transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined;
  const forgetPid = pid === undefined ? undefined : stopOnExit(pid);
  try {
    const outcome = await Promise.race([connecting.then(() => "connected" as const), timedOut, closedMeanwhile]);
    if (outcome === "timeout") {
      connecting.catch(() => undefined);
      throw new McpInitializeTimeoutError(options.serverName, options.initializeTimeoutMs);
    }
    if (outcome === "closed") {
      connecting.catch(() => undefined);
      throw new McpConnectionClosedError(options.serverName);
    }
  } catch (error) {
    await closeQuietly(client, transport);
    forgetPid?.();
    if (McpInitializeTimeoutError.isInstance(error) || McpConnectionClosedError.isInstance(error)) throw error;
    throw new McpConnectError(options.serverName, errorMessage(error), { cause: error });
  } finally {
    clearTimeout(timer);
    stopClosing?.();
  }
  deliverResponsesAfterNotifications(transport);
  return { client, transport, pid, transportKind, ...(forgetPid === undefined ? {} : { forgetPid }) };
}

/** Closes a client and its transport (stopping a child process), ignoring errors. */
export async function closeQuietly(client: Client, transport: Transport): Promise<void> {
  client.onclose = undefined;
  await transport.close().catch(() => undefined);
  await client.close().catch(() => undefined);
}

/** Closes a session (stopping its child process), ignoring errors. */
export async function closeSession(session: McpSession): Promise<void> {
  await closeQuietly(session.client, session.transport);
  session.forgetPid?.();
}
