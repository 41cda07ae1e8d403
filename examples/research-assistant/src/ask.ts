import type { RunResult, StreamEvent } from "@baton/sdk";
import { createResearchAssistant, type ResearchAssistant, type ResearchAssistantOptions } from "./agent.js";
import { addMcpTools } from "./mcp/mcp-servers.js";
import { createTerminalPrinter } from "./terminal-printer.js";

/** Options of {@link ask}. */
export interface AskOptions extends ResearchAssistantOptions {
  /** Where the output goes. */
  readonly write: (text: string) => void;
  /** Use ANSI colours. Default false. */
  readonly color?: boolean;
  /** Aborts the run (Ctrl-C in the terminal). */
  readonly signal?: AbortSignal;
  /**
   * The conversation in `storage` the question continues: its stored messages come
   * before the question, and the question and answer are appended to it.
   */
  readonly conversationId?: string;
  /** Where `storage` keeps its data (a file, a masked URL), for the conversation line. */
  readonly storageLocation?: string;
  /** The assistant to ask (made with the same `storage` and `mcpServers`). Default: `createResearchAssistant(options)`. */
  readonly assistant?: ResearchAssistant;
  /** The MCP servers' command lines by server name, shown with the tools they added. */
  readonly mcpCommandLines?: Readonly<Record<string, string>>;
  /** Called with every event of the run before it is printed (`--view` records them for the run viewer). */
  readonly onEvent?: (event: StreamEvent) => void;
}

/** `Conversation "default" (stored in …): continues from 4 earlier messages.` */
export function conversationLine(conversationId: string, location: string | undefined, earlier: number): string {
  const where = location === undefined ? "" : ` (stored in ${location})`;
  const what = earlier === 0 ? "a new conversation" : `continues from ${earlier} earlier message${earlier === 1 ? "" : "s"}`;
  return `Conversation "${conversationId}"${where}: ${what}.`;
}

/**
 * Asks the research assistant a question and prints the run as it streams; returns the
 * result. With `storage` and `conversationId`, the question continues that conversation.
 * With `mcpServers`, the servers are started first (after the header) and their tools
 * added to the agent's; each server's line says which tools it added. Closing them is
 * the caller's part (`closeMcpServers`).
 */
export async function ask(question: string, options: AskOptions): Promise<RunResult> {
  const { agent, notice } = options.assistant ?? createResearchAssistant(options);
  const { storage, conversationId } = options;
  const conversation =
    storage !== undefined && conversationId !== undefined
      ? conversationLine(conversationId, options.storageLocation, (await storage.loadMessages(conversationId)).length)
      : undefined;
  const printer = createTerminalPrinter({ write: options.write, color: options.color ?? false, tools: agent.tools });
  printer.header({ title: "Research assistant · a Baton example", question, notice, ...(conversation === undefined ? {} : { conversation }) });
  const mcpServers = options.mcpServers ?? [];
  if (mcpServers.length > 0) {
    const reports = await addMcpTools(agent.tools, mcpServers, options.signal);
    for (const report of reports) printer.mcpServer(report, options.mcpCommandLines?.[report.server]);
  }
  // While the run goes on, a server's new tool list is shown (the run itself takes it after the step).
  const stopWatching = mcpServers.map((server) =>
    server.onToolsChanged((tools) =>
      printer.mcpToolsChanged(
        server.name,
        tools.map((tool) => tool.name),
      ),
    ),
  );
  try {
    // An abort while the servers started (Ctrl-C) still runs: the loop ends it at once as "aborted".
    const running = agent.stream(question, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(storage !== undefined && conversationId !== undefined ? { conversationId } : {}),
    });
    for await (const event of running) {
      options.onEvent?.(event);
      printer.print(event);
    }
    return await running.result;
  } finally {
    for (const stop of stopWatching) stop();
  }
}
