import { randomUUID } from "node:crypto";

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
}

/** The environment variables the command line falls back on. */
export interface CliEnvironment {
  readonly CONVERSATION_ID?: string;
}

/** A command line the example does not understand. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export const USAGE = "Usage: node dist/main.js [--conversation <id> | --new] [question…]";

/**
 * Parses `[--conversation <id> | --conversation=<id> | --new] [question…]` (a `--`
 * ends the options). The conversation is `--conversation`, else `CONVERSATION_ID`,
 * else `default`; `--new` starts a fresh one (`conversation-` and 8 random hex digits).
 * @throws UsageError for an unknown option, a missing id, or `--new` with `--conversation`.
 */
export function parseCliArgs(argv: readonly string[], env: CliEnvironment = {}): CliArgs {
  const words: string[] = [];
  let conversationId: string | undefined;
  let isNew = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (arg === "--new") isNew = true;
    else if (arg === "--conversation" || arg.startsWith("--conversation=")) {
      const value = arg === "--conversation" ? argv[++i] : arg.slice("--conversation=".length);
      if (value === undefined || value.trim() === "" || value.startsWith("--")) throw new UsageError(`--conversation needs an id. ${USAGE}`);
      conversationId = value.trim();
    } else if (arg.startsWith("--")) throw new UsageError(`Unknown option ${arg}. ${USAGE}`);
    else words.push(arg);
  }
  if (isNew && conversationId !== undefined) throw new UsageError(`--new and --conversation cannot be used together. ${USAGE}`);
  const fromEnv = env.CONVERSATION_ID?.trim();
  return {
    question: words.join(" ").trim(),
    conversationId: isNew ? `conversation-${randomUUID().slice(0, 8)}` : (conversationId ?? (fromEnv || DEFAULT_CONVERSATION_ID)),
    isNew,
  };
}
