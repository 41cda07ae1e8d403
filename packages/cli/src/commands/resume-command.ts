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
import { HeldRenderer } from "../render/held-renderer.js";
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
  /** Why the rejected (or failed) calls were rejected (the model reads it). */
  readonly reason?: string;
  /** Ids of calls in doubt to run again (they did not run, or may run twice). */
  readonly runAgain?: readonly string[];
  /** `<id>=<json>`: calls in doubt that did run, with the result the model reads. */
  readonly result?: readonly string[];
  /** Ids of calls in doubt to fail (the model reads `--reason`, or that the call may not have run). */
  readonly fail?: readonly string[];
}

/** The decisions of `--approve` / `--reject` (approvals) and `--run-again` / `--result` / `--fail` (calls in doubt). */
export function decisionsOf(options: Pick<ResumeCommandOptions, "approve" | "reject" | "reason" | "runAgain" | "result" | "fail">): InterruptDecisions {
  const decisions: Record<string, InterruptDecisions[string]> = {};
  const decide = (id: string, decision: InterruptDecisions[string]): void => {
    if (id in decisions) throw new CliError(ERROR_CODES.INVALID_DECISIONS, `${id} is decided twice.`, { exitCode: 2 });
    decisions[id] = decision;
  };
  for (const id of options.approve ?? []) decide(id, { approve: true });
  for (const id of options.reject ?? []) decide(id, options.reason === undefined ? { approve: false } : { approve: false, reason: options.reason });
  for (const id of options.runAgain ?? []) decide(id, { runAgain: true });
  for (const given of options.result ?? []) {
    const at = given.indexOf("=");
    if (at <= 0) throw new CliError(ERROR_CODES.INVALID_DECISIONS, `--result needs <id>=<json>, got "${given}".`, { exitCode: 2 });
    const text = given.slice(at + 1);
    let result: unknown;
    try {
      result = JSON.parse(text);
    } catch {
      throw new CliError(ERROR_CODES.INVALID_DECISIONS, `--result ${given.slice(0, at)}: the result is not JSON (${text}).`, { exitCode: 2 });
    }
    decide(given.slice(0, at), { result });
  }
  for (const id of options.fail ?? []) decide(id, { fail: options.reason ?? "It could not be confirmed that the call ran." });
  return decisions;
}

/** The errors of a resume refused before it started. */
const REFUSALS: ReadonlySet<string> = new Set([ERROR_CODES.RUN_NOT_RESUMABLE, ERROR_CODES.INVALID_DECISIONS]);

/**
 * `baton resume <run-id>`: continues a stored run the command started (after Ctrl-C,
 * a crash, or a pause for approval with `--approve` / `--reject`, or for a call in
 * doubt with `--run-again` / `--result` / `--fail`), with the agent that started it.
 * Resolves with the exit code.
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
    // Refused before it started (another process holds it, or decisions for ids that do not wait): the stored run is
    // unchanged, and the refusal is the command's one error line, with nothing shown before it.
    const renderer = new HeldRenderer(await createRenderer(outputMode(options.json, io), io, options.color), ({ result }) =>
      REFUSALS.has(result.error?.code ?? ""),
    );
    renderer.start({ runId, agentName: agent.agentName, model: agent.model, provider: provider.kind, resumed: true });
    try {
      const { resumeStream } = await import("@baton/loop");
      const withDecisions = Object.keys(decisions).length > 0 ? { decisions } : {};
      const executed = await executeRun({
        runId,
        storage,
        renderer,
        output: io.stdout,
        start: (run) => resumeStream({ ...agent, runId, ...withDecisions, ...run }),
      });
      const refusal = renderer.refusedWith?.result.error;
      if (refusal !== undefined) throw new CliError(refusal.code, refusal.message);
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
