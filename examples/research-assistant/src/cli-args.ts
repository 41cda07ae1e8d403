import { randomUUID } from "node:crypto";
import { McpCommandError, parseMcpCommand, uniqueNames, type McpServerSpec } from "./mcp/mcp-command.js";

/** The conversation continued when neither `--conversation` nor `CONVERSATION_ID` names one. */
export const DEFAULT_CONVERSATION_ID = "default";

/** What the command line asks for. */
export interface CliArgs {
  /** The question (empty: ask the default one). */
  readonly question: string;
  /** The stored conversation the question continues. */
  readonly conversationId: string;
  /** `--new`: the conversation id is a fresh one. */
  readonly isNew: boolean;
  /** `--mcp "<command line>"` (repeatable): MCP servers whose tools the assistant gets. */
  readonly mcp: readonly McpServerSpec[];
  /** `--view`: serve the run viewer and print the run's URL (the viewer stays up after the run until Ctrl-C). */
  readonly view: boolean;
}

/** The environment variables the command line falls back on. */
export interface CliEnvironment {
  readonly CONVERSATION_ID?: string;
}

/** A command line the example does not understand. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const USAGE = 'Usage: node dist/main.js [--conversation <id> | --new] [--mcp "[name:] [KEY=value…] command [args…]"]… [--view] [question…]';

/**
 * Parses `[--conversation <id> | --conversation=<id> | --new] [--mcp <command line>]… [--view] [question…]`
 * (a `--` ends the options). Each `--mcp` (or `--mcp=<command line>`) is an MCP server
 * to start, read by `parseMcpCommand`; two servers with one name get `_2`, `_3`, …. The conversation is `--conversation`, else `CONVERSATION_ID`,
 * else `default`; `--new` starts a fresh one (`conversation-` and 8 random hex digits).
 * @throws UsageError for an unknown option, a missing id, `--new` with `--conversation`,
 *   or an `--mcp` command line that cannot be read.
 */
export function parseCliArgs(argv: readonly string[], env: CliEnvironment = {}): CliArgs {
  const words: string[] = [];
  let conversationId: string | undefined;
  let isNew = false;
  let view = false;
  const mcp: McpServerSpec[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "--new") isNew = true;
    else if (arg === "--view") view = true;
    else if (arg === "--conversation" || arg.startsWith("--conversation=")) {
      const value = arg === "--conversation" ? argv[++i] : arg.slice("--conversation=".length);
      if (value === undefined || value.trim() === "" || value.startsWith("--")) throw new UsageError(`--conversation needs an id. ${USAGE}`);
      conversationId = value.trim();
    } else if (arg === "--mcp" || arg.startsWith("--mcp=")) {
      const value = arg === "--mcp" ? argv[++i] : arg.slice("--mcp=".length);
      if (value === undefined || value.trim() === "")
        throw new UsageError(`--mcp needs a command line, e.g. --mcp "npx -y @modelcontextprotocol/server-everything". ${USAGE}`);
      try {
        mcp.push(parseMcpCommand(value));
      } catch (error) {
        if (error instanceof McpCommandError) throw new UsageError(`${error.message} ${USAGE}`);
        throw error;
      }
    } else if (arg.startsWith("--")) throw new UsageError(`Unknown option ${arg}. ${USAGE}`);
    else words.push(arg);
  }
  if (isNew && conversationId !== undefined) throw new UsageError(`--new and --conversation cannot be used together. ${USAGE}`);
  const fromEnv = env.CONVERSATION_ID?.trim();
  return {
    question: words.join(" ").trim(),
    conversationId: isNew ? `conversation-${randomUUID().slice(0, 8)}` : (conversationId ?? (fromEnv || DEFAULT_CONVERSATION_ID)),
    isNew,
    mcp: uniqueNames(mcp),
    view,
  };
}
