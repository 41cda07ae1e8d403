import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { AGENTS_ERROR_CODES, type AgentTemplate } from "@baton/agents";
import { CliError } from "../errors/cli-error.js";
import { chooseProvider, PROVIDER_KINDS } from "../provider/provider-choice.js";
import { buildAgent } from "../run/build-agent.js";
import { executeRun, exitCodeOfStop, type ExecutedRun } from "../run/execute-run.js";
import { openStorage } from "../storage/open-storage.js";
import { RunRecords } from "../storage/run-records.js";
import { recordEnding } from "./record-ending.js";
import { parseStorageTarget } from "../storage/storage-target.js";
import { resolveToolModules } from "../tools/load-tool-modules.js";
import { createRenderer, outputMode } from "./choose-renderer.js";
import { storageValue, type CommandIo, type StorageOption } from "./command-io.js";

/** Options of `baton run`. */
export interface RunCommandOptions extends StorageOption {
  readonly provider?: string;
  readonly json?: boolean;
  readonly color: boolean;
  /** `--agent <template.json>` (repeatable): sub-agents the template may name as tools. */
  readonly agent?: readonly string[];
  /** `--tools <module>` (repeatable). */
  readonly tools?: readonly string[];
  /** `--require-approval <tool>` (repeatable). */
  readonly requireApproval?: readonly string[];
}

/**
 * The exit code of a run that ended: 0 when it completed or paused, 130 after Ctrl-C,
 * 143 after SIGTERM, 0 when its output was closed (nobody reads it), 1 otherwise.
 */
export function exitCodeOf(run: ExecutedRun): number {
  if (run.stoppedBy !== undefined) return exitCodeOfStop(run.stoppedBy);
  return run.result.stopReason === "error" || run.result.stopReason === "aborted" ? 1 : 0;
}

/** Reads and checks a template file. */
async function readTemplate(path: string): Promise<AgentTemplate> {
  const text = await readTemplateText(path);
  const { parseAgentTemplate } = await import("@baton/agents");
  return parseAgentTemplate(text, { source: path });
}

async function readTemplateText(path: string): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : error instanceof Error ? error.message : String(error);
    throw new CliError(AGENTS_ERROR_CODES.INVALID_AGENT_DEFINITION, `Cannot read agent template ${path}: ${reason}.`);
  }
}

/**
 * `baton run <template.json> "question"`: runs the template's agent on the question,
 * stored (so it can be resumed), showing its progress. Resolves with the exit code.
 */
export async function runCommand(templatePath: string, question: string, options: RunCommandOptions, io: CommandIo): Promise<number> {
  const template = await readTemplate(templatePath);
  const agents = await Promise.all((options.agent ?? []).map(async (path) => ({ template: await readTemplate(path), path })));
  const named = template.provider !== undefined && (PROVIDER_KINDS as readonly string[]).includes(template.provider) ? template.provider : undefined;
  const provider = chooseProvider(io.env, options.provider ?? named);
  const target = parseStorageTarget(storageValue(options, io));
  const toolModules = resolveToolModules(options.tools ?? [], io.cwd);
  const requireApproval = options.requireApproval ?? [];
  const recipe = { template, templatePath, agents, provider, toolModules, requireApproval, cwd: io.cwd };
  const agent = await buildAgent(recipe);
  const storage = await openStorage(target);
  try {
    const runId = randomUUID();
    const conversationId = `baton-cli:${runId}`;
    const records = new RunRecords(storage);
    await records.add({
      runId,
      template,
      templatePath,
      question,
      agents,
      provider: provider.kind,
      toolModules,
      requireApproval: [...requireApproval],
      conversationId,
      startedAt: Date.now(),
    });
    // The first line once the run is stored; the loop loads after it.
    const renderer = await createRenderer(outputMode(options.json, io), io, options.color);
    renderer.start({ runId, agentName: agent.agentName, model: agent.model, provider: provider.kind, resumed: false });
    try {
      const { stream } = await import("@baton/loop");
      const executed = await executeRun({
        runId,
        storage,
        renderer,
        output: io.stdout,
        start: (run) => stream({ ...agent, input: question, runId, conversationId, ...run }),
      });
      await recordEnding(records, runId, executed);
      return exitCodeOf(executed);
    } catch (error) {
      // The run did not get to its end: stop the live region before the error is printed.
      renderer.close();
      throw error;
    }
  } finally {
    await storage.close();
  }
}
