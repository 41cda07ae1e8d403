/** An MCP server started as a child process, spoken to over its stdin and stdout. */
export interface McpStdioServer {
  /** The program to run, e.g. `npx` or `node`. */
  readonly command: string;
  /** Its arguments, e.g. `["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]`. */
  readonly args?: readonly string[];
  /**
   * Environment variables of the child, added to the SDK's safe default environment
   * (`PATH`, `HOME`, … but not your secrets): pass the server's own keys here.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** Working directory of the child. Default: this process's. */
  readonly cwd?: string;
  /** What happens to the child's stderr: `inherit` (default: it shows in this process's stderr) or `ignore`. */
  readonly stderr?: "inherit" | "ignore";
}

/** An MCP server reached over HTTP. */
export interface McpHttpServer {
  /** The server's MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string | URL;
  /** Headers sent with every request (an `Authorization` header, say). */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * Which HTTP transport: `auto` (default) tries Streamable HTTP and falls back to the
   * older HTTP+SSE transport when the server answers 400, 404 or 405; `streamable-http`
   * or `sse` use only that one.
   */
  readonly transport?: "auto" | "streamable-http" | "sse";
}

/** Options of {@link connectMcpServer}: exactly one of `stdio` or `http`. */
export interface ConnectMcpServerOptions {
  /** Start the server as a child process. */
  readonly stdio?: McpStdioServer;
  /** Reach the server over HTTP. */
  readonly http?: McpHttpServer;
  /** A name for the server, used in errors and tool metadata. Default: the command or the URL's host. */
  readonly name?: string;
  /**
   * Put before every tool name, so tools of several servers cannot clash:
   * `prefix: "github_"` turns `search` into `github_search`. Default: none.
   */
  readonly prefix?: string;
  /** Offer only these tools (the server's names, before the prefix). Default: all. */
  readonly allow?: readonly string[];
  /** Never offer these tools (the server's names, before the prefix); wins over `allow`. */
  readonly deny?: readonly string[];
  /** How long to wait for the server's answer to `initialize`. Default {@link DEFAULT_INITIALIZE_TIMEOUT_MS}. */
  readonly initializeTimeoutMs?: number;
  /**
   * How long one tool call may go without an answer or a progress notification (each
   * progress notification restarts the clock). Default {@link DEFAULT_CALL_TIMEOUT_MS}.
   * A Baton tool timeout (the run's or the tool's `timeoutMs`) also applies.
   */
  readonly callTimeoutMs?: number;
  /** The client's name and version sent in `initialize`. Default `{ name: "baton", version: "0.1.0" }`. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
}

/** Default of {@link ConnectMcpServerOptions.initializeTimeoutMs}: 30 seconds (an `npx` server may need to download first). */
export const DEFAULT_INITIALIZE_TIMEOUT_MS = 30_000;

/** Default of {@link ConnectMcpServerOptions.callTimeoutMs}: 5 minutes without an answer or progress. */
export const DEFAULT_CALL_TIMEOUT_MS = 300_000;
