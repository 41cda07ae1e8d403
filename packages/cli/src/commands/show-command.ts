import { ERROR_CODES, totalUsage, type Message } from "@baton/core";
import { CliError } from "../errors/cli-error.js";
import { formatDuration, formatUsage, shortJson } from "../render/format.js";
import { openStorage } from "../storage/open-storage.js";
import { describeStorageTarget, mayHoldRuns, parseStorageTarget } from "../storage/storage-target.js";
import { storageValue, type CommandIo, type StorageOption } from "./command-io.js";
import { checkpointUsage, runStatus } from "./run-status.js";

/** Options of `baton show`. */
export interface ShowCommandOptions extends StorageOption {
  /** Print the stored checkpoint (the run's state) as JSON. */
  readonly json?: boolean;
}

function indentLines(text: string, prefix: string): string {
  return text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");
}

/** A message as lines: `user:`, `assistant:` with its text and tool calls, `tool:` with results. */
export function messageLines(message: Message): string[] {
  if (message.role === "system") return [`system:\n${indentLines(message.content, "  ")}`];
  const lines: string[] = [];
  const texts: string[] = [];
  for (const part of message.content) {
    if (part.type === "text") texts.push(part.text);
    else if (part.type === "tool-call") lines.push(`  → ${part.toolName} ${shortJson(part.arguments, 200)} [${part.toolCallId}]`);
    else if (part.type === "tool-result") lines.push(`  ← ${part.toolName}${part.isError ? " (error)" : ""}: ${shortJson(part.result, 200)}`);
  }
  const text = texts.join("");
  return [`${message.role}:`, ...(text.length > 0 ? [indentLines(text, "  ")] : []), ...lines];
}

/**
 * `baton show <run-id>`: a stored run's conversation (system prompt, question, the
 * model's turns with their tool calls, the results) and its tool-call records, read
 * from its checkpoint: any stored run, whoever started it.
 */
export async function showCommand(runId: string, options: ShowCommandOptions, io: CommandIo): Promise<number> {
  const target = parseStorageTarget(storageValue(options, io));
  if (!mayHoldRuns(target)) throw new CliError(ERROR_CODES.RUN_NOT_FOUND, `No run ${runId} is stored in ${describeStorageTarget(target)} (see baton runs).`);
  const storage = await openStorage(target);
  try {
    const checkpoint = await storage.loadCheckpoint(runId);
    if (checkpoint === undefined)
      throw new CliError(ERROR_CODES.RUN_NOT_FOUND, `No run ${runId} is stored in ${describeStorageTarget(target)} (see baton runs).`);
    if (options.json) {
      io.stdout.write(`${JSON.stringify(checkpoint, null, 2)}\n`);
      return 0;
    }
    const { root } = checkpoint;
    const out: string[] = [
      `run ${runId} · agent ${root.agentName} · model ${root.model} · ${runStatus(checkpoint)}`,
      `usage: ${formatUsage(totalUsage(checkpointUsage(checkpoint)))}`,
      "",
      ...[...root.messages, ...root.added].flatMap(messageLines),
    ];
    if (root.toolCalls.length > 0) {
      out.push("", "tool calls:");
      for (const call of root.toolCalls) {
        const outcome = call.status === "ok" ? "ok" : `${call.status}${call.error ? ` (${call.error.code})` : ""}`;
        out.push(`  ${call.toolName} ${shortJson(call.arguments)} · ${outcome} · ${formatDuration(call.durationMs)} · ${call.agentPath}`);
      }
    }
    if (root.error) out.push("", `error: ${root.error.code}: ${root.error.message}`);
    io.stdout.write(`${out.join("\n")}\n`);
    return 0;
  } finally {
    await storage.close();
  }
}
