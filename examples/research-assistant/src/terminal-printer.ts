import type { RunEndEvent, StreamEvent, ToolRegistry } from "@baton/sdk";
import type { McpServerReport } from "./mcp/mcp-servers.js";
import { styles } from "./terminal/ansi.js";
import { formatDuration, plural, preview } from "./terminal/format.js";

/** Options of {@link createTerminalPrinter}. */
export interface TerminalPrinterOptions {
  /** Where the text goes, e.g. `(text) => process.stdout.write(text)`. */
  readonly write: (text: string) => void;
  /** Use ANSI colours (only when stdout is a TTY). Default false. */
  readonly color?: boolean;
  /** The run's tools: a tool's `summarize` gives the preview of its results, an MCP tool's `mcp.server` its tag. */
  readonly tools?: Pick<ToolRegistry, "get">;
  /** Maximum length of argument and result previews. Default 100. */
  readonly previewLength?: number;
}

/** What the header shows before the run starts. */
export interface RunHeader {
  readonly title: string;
  readonly question: string;
  /** A line such as which model plays the model's part. */
  readonly notice?: string;
  /** A line saying where the conversation is stored and what it continues from. */
  readonly conversation?: string;
}

/** Prints a run's events as readable terminal lines. */
export interface TerminalPrinter {
  /** Prints the title, the question, the notice and the conversation line. */
  header(header: RunHeader): void;
  /** Prints what an MCP server (`--mcp`) added: its tools, those left out, or why it gave none. */
  mcpServer(report: McpServerReport, commandLine?: string): void;
  /** Prints an MCP server's new tool list (it said its tools changed, or it was started again). */
  mcpToolsChanged(server: string, toolNames: readonly string[]): void;
  /** Prints one event: tool starts (an MCP tool marked with its server), progress, results and errors, answer text, and the footer at the end. */
  print(event: StreamEvent): void;
}

/**
 * A printer for a run's events. Tools print as they start (`→ name {args}`), report
 * progress (`· …`) and end (`✓` with duration and a result preview, or `✗` with the
 * error); answer text streams as it comes; the run's end prints a footer with
 * iterations, tool calls, tokens and the stop reason.
 */
export function createTerminalPrinter(options: TerminalPrinterOptions): TerminalPrinter {
  const { write, tools } = options;
  const style = styles(options.color === true);
  const max = options.previewLength ?? 100;
  /** Whether the cursor is at the start of a line. */
  let atLineStart = true;
  /** Whether answer text has been printed in the current model turn. */
  let textInTurn = false;

  const line = (text: string) => {
    if (!atLineStart) write("\n");
    write(`${text}\n`);
    atLineStart = true;
  };
  const prefix = (agentPath: string) => (agentPath.includes("/") ? style.dim(`[${agentPath}] `) : "");
  /** ` (MCP <server>)` after the name of an MCP server's tool. */
  const mcpTag = (toolName: string) => {
    const tool: unknown = tools?.get(toolName);
    const server = typeof tool === "object" && tool !== null && "mcp" in tool ? (tool.mcp as { server?: unknown }).server : undefined;
    return typeof server === "string" ? ` ${style.dim(`(MCP ${server})`)}` : "";
  };
  const resultPreview = (toolName: string, result: unknown) => {
    const summarize = tools?.get(toolName)?.summarize;
    return preview(summarize ? summarize(result) : result, max);
  };

  return {
    header({ title, question, notice, conversation }) {
      line(style.bold(title));
      line(`${style.dim("Question:")} ${question}`);
      if (notice !== undefined) line(style.dim(notice));
      if (conversation !== undefined) line(style.dim(conversation));
      line("");
    },
    mcpServer({ server, added, leftOut, error }, commandLine) {
      const from = `MCP server "${server}"${commandLine === undefined ? "" : ` (${commandLine})`}`;
      if (error !== undefined) {
        line(`${style.red("✗")} ${from}: no tools, ${error}`);
        return;
      }
      line(`${style.cyan("+")} ${from}: ${plural(added.length, "tool")} added${added.length === 0 ? "" : `: ${added.join(", ")}`}`);
      for (const tool of leftOut) line(style.dim(`  · left out ${tool.name}: ${tool.reason}`));
    },
    mcpToolsChanged(server, toolNames) {
      line(style.dim(`· MCP server "${server}" changed its tools: ${toolNames.length === 0 ? "none" : toolNames.join(", ")}`));
    },
    print(event) {
      const at = prefix(event.agentPath);
      switch (event.type) {
        case "step-start":
          textInTurn = false;
          line(style.dim(`${at}· model turn ${event.iteration}`));
          break;
        case "text-delta":
          if (!textInTurn) {
            line("");
            write(`${at}${style.bold("Assistant:")} `);
            textInTurn = true;
          }
          write(event.text);
          atLineStart = event.text.endsWith("\n");
          break;
        case "tool-start":
          line(`${at}${style.cyan("→")} ${style.bold(event.toolName)}${mcpTag(event.toolName)} ${preview(event.arguments, max)}`);
          break;
        case "tool-progress":
          line(style.dim(`${at}  · ${event.toolName}: ${event.message}`));
          break;
        case "tool-stream":
          line(style.dim(`${at}  · ${event.toolName}: ${preview(event.chunk, max)}`));
          break;
        case "tool-done":
          line(
            `${at}${style.green("✓")} ${event.toolName} ${style.dim(`(${formatDuration(event.durationMs)})`)} ${resultPreview(event.toolName, event.result)}`,
          );
          break;
        case "tool-error":
          line(`${at}${style.red("✗")} ${event.toolName} ${style.dim(`(${formatDuration(event.durationMs)}, ${event.status})`)} ${event.error.message}`);
          break;
        case "error":
          line(`${at}${style.red("!")} ${event.error.message}`);
          break;
        case "run-end":
          if (event.agentPath.includes("/")) line(style.dim(`${at}done: ${event.stopReason}`));
          else footer(event);
          break;
        default:
          break;
      }
    },
  };

  function footer(event: RunEndEvent): void {
    const { inputTokens, outputTokens } = event.usage;
    line("");
    line(style.dim("─".repeat(60)));
    line(`${plural(event.iterations, "iteration")} · ${plural(event.toolCallCount, "tool call")} · stop reason: ${event.stopReason}`);
    line(`Tokens: ${inputTokens} input / ${outputTokens} output / ${inputTokens + outputTokens} total`);
    if (event.error !== undefined) line(style.red(`Error: ${event.error.message}`));
  }
}
