/**
 * Entry point: `node dist/main.js [--conversation <id> | --new] [--mcp "<command line>"]… [--view] [question…]`. Asks the
 * research assistant the question given on the command line (or the default one) and
 * streams the run to the terminal. The conversation is stored (SQLite under `data/`,
 * or PostgreSQL when `DATABASE_URL` is a `postgres://` URL), so the next run continues
 * it. Each `--mcp` starts an MCP server whose tools join the assistant's; the servers
 * are stopped when the run ends. Ctrl-C aborts the run (a second one exits at once).
 * With `--view`, the run viewer (`@baton/viewer`) is served on localhost and the run's
 * URL printed as it starts (`VIEW_PORT` sets the port; default a free one); it stays up
 * after the run until Ctrl-C.
 */
import type { StreamEvent } from "@baton/sdk";
import { DEFAULT_QUESTION } from "./agent.js";
import { ask } from "./ask.js";
import { parseCliArgs, UsageError, type CliArgs } from "./cli-args.js";
import { closeMcpServers, openMcpServers } from "./mcp/mcp-servers.js";
import { chooseStorage, type ChosenStorage } from "./storage/choose-storage.js";
import { startViewServer, type ViewServer } from "./viewer/view-server.js";

let args: CliArgs;
try {
  args = parseCliArgs(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exit(2);
}

let chosen: ChosenStorage;
try {
  chosen = await chooseStorage(process.env);
} catch (error) {
  console.error(`Could not open the conversation storage: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// Started lazily: by ask(), once the header is printed.
const mcpServers = openMcpServers(args.mcp);

let viewServer: ViewServer | undefined;
if (args.view) {
  try {
    viewServer = await startViewServer({ port: Number(process.env.VIEW_PORT ?? 0) || 0 });
  } catch (error) {
    console.error(`Could not start the run viewer: ${error instanceof Error ? error.message : String(error)}`);
    await chosen.storage.close();
    process.exit(1);
  }
}

const controller = new AbortController();
process.on("SIGINT", () => {
  // The first Ctrl-C aborts the run (which cancels MCP calls in flight); the `finally`
  // below then closes the storage and stops the MCP servers. A second one exits now:
  // @baton/mcp sends SIGTERM to the server processes still open when this process exits.
  if (controller.signal.aborted) process.exit(130);
  controller.abort();
});

try {
  const result = await ask(args.question || DEFAULT_QUESTION, {
    write: (text) => process.stdout.write(text),
    color: process.stdout.isTTY === true,
    chunkDelayMs: 40,
    env: process.env,
    signal: controller.signal,
    storage: chosen.storage,
    storageLocation: chosen.location,
    conversationId: args.conversationId,
    userId: process.env.USER_ID?.trim() || "local-user",
    mcpServers,
    mcpCommandLines: Object.fromEntries(args.mcp.map((spec) => [spec.name, spec.commandLine])),
    ...(viewServer ? { onEvent: viewEvents(viewServer) } : {}),
  });
  if (args.isNew) process.stdout.write(`Continue this conversation with --conversation ${args.conversationId}.\n`);
  if (result.stopReason !== "completed") process.exitCode = 1;
  if (viewServer && !controller.signal.aborted) {
    process.stdout.write("The run viewer stays up; press Ctrl-C to exit.\n");
    await new Promise((resolve) => controller.signal.addEventListener("abort", resolve, { once: true }));
  }
} finally {
  await viewServer?.close();
  const [, allClosed] = await Promise.all([chosen.storage.close(), closeMcpServers(mcpServers, 3000)]);
  // A server still starting (Ctrl-C during an `npx` download) would keep this process
  // alive until its start times out: exit now, which stops it (see closeMcpServers).
  if (!allClosed) process.exit();
}

/** Records the run's events for the viewer, and prints the run's viewer URL as the run starts. */
function viewEvents(server: ViewServer): (event: StreamEvent) => void {
  let shown = false;
  return (event) => {
    server.record(event);
    if (!shown) {
      shown = true;
      process.stdout.write(`Run viewer: ${server.urlOf(event.runId)}\n`);
    }
  };
}
