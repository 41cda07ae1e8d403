import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ToolListChangedNotificationSchema, type Tool as McpToolDefinition } from "@modelcontextprotocol/sdk/types.js";
import { errorMessage, type Tool, type ToolExecutionContext } from "@baton/core";
import { McpConnectError, McpConnectionClosedError } from "../errors/mcp-errors.js";
import { buildToolList, type McpToolList, type SkippedMcpTool } from "./build-tool-list.js";
import { toBatonResult } from "./call-result.js";
import { classifyCallError } from "./call-error.js";
import type { McpServerConnection } from "./mcp-server-connection.js";
import type { McpSession } from "./mcp-session.js";
import type { McpTool } from "./mcp-tool.js";
import { closeSession, openSession, type OpenSessionOptions } from "./open-session.js";
import { progressData, progressMessage } from "./progress-message.js";

/** Settings of a {@link McpConnection}, resolved from the options with their defaults. */
export interface McpConnectionSettings extends Omit<OpenSessionOptions, "prepareClient" | "onResponseLost"> {
  readonly prefix: string;
  readonly allow?: readonly string[];
  readonly deny?: readonly string[];
  readonly callTimeoutMs: number;
}

/** The {@link McpServerConnection} behind `connectMcpServer`. */
export class McpConnection implements McpServerConnection {
  readonly name: string;
  /** The session being opened or open; undefined when disconnected. */
  private session: Promise<McpSession> | undefined;
  /** The open session, once its handshake and first listing are done. */
  private current: McpSession | undefined;
  private list: McpToolList = { tools: [], skipped: [] };
  /** Numbers listings, so a slower, older one never replaces a newer list. */
  private listings = 0;
  private closed = false;
  /** Aborted by `close()` while a session opens, so a slow start is not waited for. */
  private readonly closing = new AbortController();
  private readonly listeners = new Set<(tools: readonly McpTool[]) => void>();
  private readonly made = new WeakSet<Tool>();

  constructor(private readonly settings: McpConnectionSettings) {
    this.name = settings.serverName;
  }

  get currentTools(): readonly McpTool[] {
    return this.list.tools;
  }

  get skippedTools(): readonly SkippedMcpTool[] {
    return this.list.skipped;
  }

  get connected(): boolean {
    return this.current !== undefined;
  }

  get pid(): number | undefined {
    return this.current?.pid;
  }

  get transportKind(): McpSession["transportKind"] | undefined {
    return this.current?.transportKind;
  }

  async tools(): Promise<readonly McpTool[]> {
    await this.ensureSession();
    return this.list.tools;
  }

  async connect(): Promise<void> {
    await this.ensureSession();
  }

  async refreshTools(): Promise<readonly McpTool[]> {
    await this.listTools(await this.ensureSession());
    return this.list.tools;
  }

  onToolsChanged(listener: (tools: readonly McpTool[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  ownsTool(tool: Tool): boolean {
    return this.made.has(tool);
  }

  async client(): Promise<Client> {
    return (await this.ensureSession()).client;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort();
    const session = this.session;
    this.session = undefined;
    this.current = undefined;
    const open = await session?.catch(() => undefined);
    if (open) await closeSession(open);
  }

  /** The open session, opening one when there is none (one opening shared by concurrent callers). */
  private ensureSession(): Promise<McpSession> {
    if (this.closed) return Promise.reject(new McpConnectionClosedError(this.name));
    if (this.session === undefined) {
      const opening = this.open();
      this.session = opening;
      opening.catch(() => {
        if (this.session === opening) this.session = undefined;
      });
    }
    return this.session;
  }

  private async open(): Promise<McpSession> {
    let session: McpSession | undefined;
    const opened = await openSession({
      ...this.settings,
      prepareClient: (client) => {
        client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
          if (session !== undefined && this.current === session) this.listTools(session).catch(() => undefined);
        });
        client.onclose = () => {
          if (session !== undefined) this.forget(session);
        };
      },
      onResponseLost: () => {
        if (session !== undefined) this.forget(session);
      },
      signal: this.closing.signal,
    });
    session = opened;
    if (this.closed) {
      await closeSession(opened);
      throw new McpConnectionClosedError(this.name);
    }
    this.current = opened;
    try {
      await this.listTools(opened);
    } catch (error) {
      if (this.current === opened) this.current = undefined;
      await closeSession(opened);
      throw new McpConnectError(this.name, `tools/list failed: ${errorMessage(error)}`, { cause: error });
    }
    return opened;
  }

  /** Drops a session that broke; the next call opens a new one. */
  private forget(session: McpSession): void {
    if (this.current !== session) return;
    this.current = undefined;
    this.session = undefined;
    void closeSession(session);
  }

  /** Lists every page of the session's tools and makes them the current list. */
  private async listTools(session: McpSession): Promise<void> {
    const listing = ++this.listings;
    const definitions: McpToolDefinition[] = [];
    let cursor: string | undefined;
    do {
      const page = await session.client.listTools(cursor === undefined ? undefined : { cursor });
      definitions.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    if (listing !== this.listings || this.current !== session) return;
    this.list = buildToolList(definitions, {
      serverName: this.name,
      prefix: this.settings.prefix,
      ...(this.settings.allow === undefined ? {} : { allow: this.settings.allow }),
      ...(this.settings.deny === undefined ? {} : { deny: this.settings.deny }),
      call: (mcpName, batonName, args, context) => this.callTool(mcpName, batonName, args, context),
    });
    for (const tool of this.list.tools) this.made.add(tool);
    for (const listener of this.listeners) {
      try {
        listener(this.list.tools);
      } catch {
        // A listener's failure is its own; the list is current all the same.
      }
    }
  }

  /** Runs `tools/call` on the open session (reconnecting when needed) with progress and cancellation. */
  private async callTool(mcpName: string, batonName: string, args: Record<string, unknown>, context: ToolExecutionContext): Promise<unknown> {
    const session = await this.ensureSession();
    // A signal of this call alone: the SDK adds an abort listener to the signal it is given and never removes it,
    // so a long-lived signal (a reused context) would collect one per call and cancel finished requests on abort.
    const callController = new AbortController();
    const forward = (): void => callController.abort(context.signal.reason);
    if (context.signal.aborted) forward();
    else context.signal.addEventListener("abort", forward, { once: true });
    const signal = callController.signal;
    try {
      const result = await session.client.callTool({ name: mcpName, arguments: args }, undefined, {
        signal,
        timeout: this.settings.callTimeoutMs,
        resetTimeoutOnProgress: true,
        onprogress: (progress) => {
          void context.progress(progressMessage(progress), progressData(progress));
        },
      });
      return toBatonResult(result as Parameters<typeof toBatonResult>[0], batonName, this.name);
    } catch (error) {
      const failure = classifyCallError(error, this.name, batonName, signal);
      if (failure.sessionLost) this.forget(session);
      throw failure.error;
    } finally {
      context.signal.removeEventListener("abort", forward);
    }
  }
}
