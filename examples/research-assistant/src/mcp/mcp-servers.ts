import { connectMcpServer, syncRegistryWithConnection, type McpServerConnection } from "@baton/mcp";
import type { ToolRegistry } from "@baton/sdk";
import type { McpServerSpec } from "./mcp-command.js";

/** Options of {@link openMcpServers}. */
export interface OpenMcpServersOptions {
  /** The servers' stderr: `inherit` (default: shown in this process's stderr) or `ignore`. */
  readonly stderr?: "inherit" | "ignore";
  /** How long a server may take to answer `initialize`. Default: `@baton/mcp`'s 30 s (an `npx` server may download first). */
  readonly initializeTimeoutMs?: number;
}

/**
 * One connection per `--mcp` server, named after it, its tools prefixed `<name>_`.
 * Nothing starts yet: a server's process starts at the first `tools()` (see {@link addMcpTools}).
 */
export function openMcpServers(specs: readonly McpServerSpec[], options: OpenMcpServersOptions = {}): McpServerConnection[] {
  return specs.map((spec) =>
    connectMcpServer({
      name: spec.name,
      stdio: { command: spec.command, args: spec.args, env: spec.env, ...(options.stderr === undefined ? {} : { stderr: options.stderr }) },
      prefix: `${spec.name}_`,
      ...(options.initializeTimeoutMs === undefined ? {} : { initializeTimeoutMs: options.initializeTimeoutMs }),
    }),
  );
}

/** What connecting to one server gave: the tools added, those left out, or why it failed. */
export interface McpServerReport {
  readonly server: string;
  /** The Baton names of the tools added to the registry. */
  readonly added: readonly string[];
  /** Tools not added (the server's name when providers would reject its name or schema, the Baton name when another tool has it). */
  readonly leftOut: readonly { readonly name: string; readonly reason: string }[];
  /** Why the server gave no tools (it did not start, or `signal` aborted the wait). */
  readonly error?: string;
}

/**
 * Starts the servers not started yet (all at once), lists their tools and makes
 * `registry` hold each server's latest list (`syncRegistryWithConnection`). A server
 * that fails to start is reported and left out; the others are added all the same.
 * When `signal` aborts, it stops waiting (the servers are stopped by `closeMcpServers`).
 */
export async function addMcpTools(registry: ToolRegistry, connections: readonly McpServerConnection[], signal?: AbortSignal): Promise<McpServerReport[]> {
  return Promise.all(
    connections.map(async (connection): Promise<McpServerReport> => {
      try {
        const tools = await untilAborted(() => connection.tools(), signal);
        syncRegistryWithConnection(registry, connection);
        const added = tools.filter((tool) => registry.get(tool.name) === tool).map((tool) => tool.name);
        const clashes = tools.filter((tool) => registry.get(tool.name) !== tool).map((tool) => ({ name: tool.name, reason: "another tool has this name" }));
        const skipped = connection.skippedTools.map((skipped) => ({ name: skipped.mcpName, reason: skipped.reason }));
        return { server: connection.name, added, leftOut: [...skipped, ...clashes] };
      } catch (error) {
        return { server: connection.name, added: [], leftOut: [], error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}

/**
 * Closes every connection (stopping the server processes); never rejects. Resolves
 * true when all are closed, or false after `waitMs` (default 5 s) when one is not yet:
 * a server still starting (an `npx` download, a hung `initialize`) is only stopped once
 * its start ends (`@baton/mcp` waits for it, up to `initializeTimeoutMs`). A process
 * that exits then (`process.exit()`) still stops it: `@baton/mcp` sends SIGTERM to the
 * server processes it started when this process exits.
 */
export async function closeMcpServers(connections: readonly McpServerConnection[], waitMs = 5000): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), waitMs);
  });
  const closed = Promise.allSettled(connections.map((connection) => connection.close())).then(() => true as const);
  try {
    return await Promise.race([closed, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What `start` gives, or a rejection as soon as `signal` aborts (without starting when it already has). */
function untilAborted<T>(start: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return start();
  if (signal.aborted) return Promise.reject(new Error("aborted before the server was ready"));
  const promise = start();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error("aborted before the server was ready"));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
