import { totalUsage } from "@baton/core";
import { formatCost, formatCount } from "../render/format.js";
import { openStorage } from "../storage/open-storage.js";
import { RunRecords } from "../storage/run-records.js";
import { mayHoldRuns, parseStorageTarget } from "../storage/storage-target.js";
import { storageValue, type CommandIo, type StorageOption } from "./command-io.js";
import { checkpointUsage, runStatus } from "./run-status.js";

/** Options of `baton runs`. */
export interface RunsCommandOptions extends StorageOption {
  readonly json?: boolean;
}

/** One row of `baton runs`. */
export interface RunRow {
  readonly runId: string;
  readonly startedAt: string;
  readonly agent: string;
  readonly status: string;
  readonly tokens: number;
  /** US dollars, when the model's prices are known. */
  readonly costUsd?: number;
  readonly question: string;
}

function table(rows: readonly RunRow[]): string {
  const header = ["RUN", "STARTED", "AGENT", "STATUS", "TOKENS", "COST", "QUESTION"];
  const cells = rows.map((row) => [
    row.runId,
    row.startedAt.replace("T", " ").slice(0, 19),
    row.agent,
    row.status,
    formatCount(row.tokens),
    row.costUsd === undefined ? "-" : formatCost(row.costUsd),
    row.question.length > 40 ? `${row.question.slice(0, 39)}…` : row.question,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((cell) => cell[column]!.length)));
  return [header, ...cells].map((cell) => cell.map((text, column) => (column === cell.length - 1 ? text : text.padEnd(widths[column]!))).join("  ")).join("\n");
}

/**
 * `baton runs`: the runs the command started in this storage, oldest first, with their
 * status, tokens and cost (from their checkpoint: the whole run tree's model calls).
 */
export async function runsCommand(options: RunsCommandOptions, io: CommandIo): Promise<number> {
  const target = parseStorageTarget(storageValue(options, io));
  const storage = mayHoldRuns(target) ? await openStorage(target) : undefined;
  try {
    const records = storage ? await new RunRecords(storage).list() : [];
    const rows: RunRow[] = await Promise.all(
      records.map(async (record) => {
        const checkpoint = await storage!.loadCheckpoint(record.runId);
        // The checkpoint knows the usage of a run stopped mid-batch too; a run stopped before its first checkpoint has only its usage records.
        const total = totalUsage(checkpoint ? checkpointUsage(checkpoint) : await storage!.queryUsage({ runId: record.runId }));
        const template = record.template as { name?: unknown };
        return {
          runId: record.runId,
          startedAt: new Date(record.startedAt).toISOString(),
          agent: typeof template.name === "string" ? template.name : "?",
          status: runStatus(checkpoint),
          tokens: total.inputTokens + total.outputTokens,
          ...(total.costUsd === undefined ? {} : { costUsd: total.costUsd }),
          question: record.question,
        };
      }),
    );
    if (options.json) io.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else io.stdout.write(rows.length === 0 ? 'No runs stored yet: start one with baton run <template.json> "question".\n' : `${table(rows)}\n`);
    return 0;
  } finally {
    await storage?.close();
  }
}
