import { ERROR_CODES, type InterruptDecisions } from "@baton/core";
import { CliError } from "../errors/cli-error.js";
import { chooseProvider } from "../provider/provider-choice.js";
import { buildAgent } from "../run/build-agent.js";
import { executeRun } from "../run/execute-run.js";
import { openStorage } from "../storage/open-storage.js";
import { RunRecords } from "../storage/run-records.js";
import { recordEnding } from "./record-ending.js";
import { describeStorageTarget, mayHoldRuns, parseStorageTarget } from "../storage/storage-target.js";
import { createRenderer, outputMode } from "./choose-renderer.js";
import { storageValue, type CommandIo, type StorageOption } from "./command-io.js";
import { exitCodeOf } from "./run-command.js";

/** Options of `baton resume`. */
export interface ResumeCommandOptions extends StorageOption {
  readonly provider?: string;
  readonly json?: boolean;
  readonly color: boolean;
  /** Interruption ids to approve. */
  readonly approve?: readonly string[];
  /** Interruption ids to reject. */
  readonly reject?: readonly string[];
  /** Why the rejected calls were rejected (the model reads it). */
  readonly reason?: string;
}

/** The decisions of `--approve` / `--reject`. */
export function decisionsOf(options: Pick<ResumeCommandOptions, "approve" | "reject" | "reason">): InterruptDecisions {
  const decisions: Record<string, InterruptDecisions[string]> = {};
  for (const id of options.approve ?? []) decisions[id] = { approve: true };
  for (const id of options.reject ?? []) {
    if (id in decisions) throw new CliError(ERROR_CODES.INVALID_DECISIONS, `${id} is both approved and rejected.`, { exitCode: 2 });
    decisions[id] = options.reason === undefined ? { approve: false } : { approve: false, reason: options.reason };
  }
  return decisions;
}

/**
 * `baton resume <run-id>`: continues a stored run the command started (after Ctrl-C,
 * a crash, or a pause for approval with `--approve` / `--reject`), with the agent that
 * started it. Resolves with the exit code.
 */
export async function resumeCommand(runId: string, options: ResumeCommandOptions, io: CommandIo): Promise<number> {
  const decisions = decisionsOf(options);
  const target = parseStorageTarget(storageValue(options, io));
  if (!mayHoldRuns(target))
    throw new CliError(ERROR_CODES.RUN_NOT_FOUND, `No run ${runId} started by baton is stored in ${describeStorageTarget(target)} (see baton runs).`);
  const storage = await openStorage(target);
  try {
    const records = new RunRecords(storage);
    const record = await records.get(runId);
    if (record === undefined) {
      throw new CliError(ERROR_CODES.RUN_NOT_FOUND, `No run ${runId} started by baton is stored in ${describeStorageTarget(target)} (see baton runs).`);
    }
    const checkpoint = await storage.loadCheckpoint(runId);
    if (checkpoint === undefined) {
      throw new CliError(
        ERROR_CODES.RUN_NOT_RESUMABLE,
        `Run ${runId} has nothing stored to resume from: it stopped before its first checkpoint. Start it again with baton run.`,
      );
    }
    if (checkpoint.stopReason !== undefined) {
      throw new CliError(
        ERROR_CODES.RUN_NOT_RESUMABLE,
        `Run ${runId} has finished (${checkpoint.stopReason}): there is nothing to resume (see baton show ${runId}).`,
      );
    }
    const provider = chooseProvider(io.env, options.provider ?? record.provider);
    const agent = await buildAgent({
      template: record.template,
      templatePath: record.templatePath,
      agents: record.agents ?? [],
      provider,
      toolModules: record.toolModules,
      requireApproval: record.requireApproval,
      cwd: io.cwd,
    });
    const renderer = await createRenderer(outputMode(options.json, io), io, options.color);
    renderer.start({ runId, agentName: agent.agentName, model: agent.model, provider: provider.kind, resumed: true });
    try {
      const { resumeStream } = await import("@baton/loop");
      const withDecisions = Object.keys(decisions).length > 0 ? { decisions } : {};
      const executed = await executeRun({ storage, renderer, start: (run) => resumeStream({ ...agent, runId, ...withDecisions, ...run }) });
      // Refused before it started (another process holds it, or decisions for ids that do not wait): the stored run is unchanged.
      if (executed.result.error?.code === ERROR_CODES.RUN_NOT_RESUMABLE || executed.result.error?.code === ERROR_CODES.INVALID_DECISIONS) return 1;
      await recordEnding(records, runId, executed);
      return exitCodeOf(executed);
    } catch (error) {
      renderer.close();
      throw error;
    }
  } finally {
    await storage.close();
  }
}
