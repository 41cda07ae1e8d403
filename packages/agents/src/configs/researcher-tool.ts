import {
  ToolExecutionError,
  checkOptions,
  optionIs as is,
  type AgentConfig,
  type ModelProvider,
  type Tool,
  type ToolArgumentsCheck,
  type ToolRegistry,
  type UsageTotals,
} from "@baton/core";
import { DEFAULT_RESEARCHER_INSTRUCTIONS } from "./instructions.js";
import { researcherConfig, type ResearcherOptions } from "./researcher-config.js";
import { agentConfig, modelProvider } from "../validation/option-rules.js";

/**
 * Default name of the tool that runs a researcher.
 *
 * @example
 * deepResearchSupervisorConfig({ researcherToolName: DEFAULT_RESEARCHER_TOOL_NAME });
 */
export const DEFAULT_RESEARCHER_TOOL_NAME = "researcher_agent";

/**
 * Arguments of the researcher tool.
 *
 * @example
 * const args: ResearcherToolArgs = { topic: "EU AI Act", focus: "obligations for providers" };
 */
export interface ResearcherToolArgs {
  /** What to research. */
  readonly topic: string;
  /** Optional angle or questions to focus on. */
  readonly focus?: string;
}

/**
 * What the researcher tool returns: the findings, and what the researcher used.
 *
 * @example
 * const findings = result.toolCalls[0]!.result as ResearcherFindings;
 * console.log(findings.findings, findings.toolCallCount);
 */
export interface ResearcherFindings {
  /** The researcher's final answer. */
  readonly findings: string;
  /** Usage of the researcher's run (already merged into the parent's usage by the loop: do not add it again). */
  readonly usage: UsageTotals;
  /** Tool calls the researcher counted (already added to the parent's count by the loop). */
  readonly toolCallCount: number;
}

/**
 * Options of {@link researcherTool}.
 *
 * @example
 * researcherTool({ tools: [webSearch], model: "gpt-4.1-mini", researcher: { toolCallLimit: 5 }, timeoutMs: 120_000 });
 */
export interface ResearcherToolOptions {
  /** Tool name. Default {@link DEFAULT_RESEARCHER_TOOL_NAME}. */
  readonly name?: string;
  readonly description?: string;
  /** The researcher's name in agent paths (`main/<agentName>#<n>`). Default `researcher`. */
  readonly agentName?: string;
  /** The researcher's system prompt. Default {@link DEFAULT_RESEARCHER_INSTRUCTIONS}. */
  readonly instructions?: string;
  /** The researcher's tools (search, fetch, …). */
  readonly tools?: ToolRegistry | readonly Tool[];
  /** Its hooks. Default `researcherConfig(researcher)`. */
  readonly config?: AgentConfig;
  /** Options of the default config. */
  readonly researcher?: ResearcherOptions;
  /** Model id; the parent's when absent. */
  readonly model?: string;
  /** Provider; the parent's when absent. */
  readonly provider?: ModelProvider;
  /** Overrides the config's tool-call limit. */
  readonly toolCallLimit?: number;
  readonly maxIterations?: number;
  /** Timeout of one researcher run in ms (the loop aborts the sub-run). */
  readonly timeoutMs?: number;
}

function checkArgs(args: unknown): ToolArgumentsCheck<ResearcherToolArgs> {
  if (typeof args !== "object" || args === null) return { success: false, issues: ["arguments must be an object"] };
  const { topic, focus } = args as Record<string, unknown>;
  const issues: string[] = [];
  if (typeof topic !== "string" || topic.trim().length === 0) issues.push("topic: a non-empty string is required");
  if (focus !== undefined && typeof focus !== "string") issues.push("focus: must be a string");
  if (issues.length > 0) return { success: false, issues };
  return { success: true, value: { topic: topic as string, ...(typeof focus === "string" ? { focus } : {}) } };
}

/**
 * A tool that runs a researcher sub-agent on a topic and returns its findings with
 * its usage and tool-call count. Called several times in one turn, the researchers
 * run in parallel (with a parallel-tools config such as the deep-research supervisor),
 * each with its own agent path `main/researcher#<n>`. A researcher that fails (error
 * or abort) makes the call fail; one stopped by a limit returns what it found; one
 * that pauses (a tool of its needs approval) pauses the whole run, and continues where
 * it stopped when the run is resumed. Its `effects` are `idempotent`: what it does is
 * the researcher's tool calls, each journaled (and declared) on its own, so a call of it
 * in doubt on resume runs again.
 *
 * @example
 * const tools = [researcherTool({ tools: [webSearch, fetchPage] }), reportTool];
 * await run({ provider, model, input, tools, config: deepResearchSupervisorConfig() });
 *
 * @throws ConfigurationError for an unknown option (accepted: `name`, `description`,
 *   `agentName`, `instructions`, `tools`, `config`, `researcher`, `model`, `provider`,
 *   `toolCallLimit`, `maxIterations`, `timeoutMs`) or a value of the wrong type; the
 *   `researcher` options are checked by {@link researcherConfig}.
 */
export function researcherTool(options: ResearcherToolOptions = {}): Tool<ResearcherToolArgs, ResearcherFindings> {
  checkOptions("researcherTool", options, {
    name: is.nonEmptyString,
    description: is.nonEmptyString,
    agentName: is.nonEmptyString,
    instructions: is.string,
    tools: is.either(is.array, is.objectWith("a tool registry", "list")),
    config: agentConfig,
    researcher: is.object,
    model: is.nonEmptyString,
    provider: modelProvider,
    toolCallLimit: is.nonNegativeInteger,
    maxIterations: is.positiveInteger,
    timeoutMs: is.positiveNumber,
  });
  const name = options.name ?? DEFAULT_RESEARCHER_TOOL_NAME;
  const config = options.config ?? researcherConfig(options.researcher);
  return {
    name,
    description:
      options.description ??
      "Runs a researcher on one topic; it searches and reads on its own and returns its findings. Call it several times at once for independent topics.",
    parameters: {
      type: "object",
      properties: {
        topic: { type: "string", description: "The topic or question to research, self-contained." },
        focus: { type: "string", description: "Optional: the angle, questions or sources to focus on." },
      },
      required: ["topic"],
      additionalProperties: false,
    },
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    effects: "idempotent",
    validate: checkArgs,
    async execute(args, ctx): Promise<ResearcherFindings> {
      const result = await ctx.runSubAgent({
        name: options.agentName ?? "researcher",
        input: args.focus === undefined ? args.topic : `${args.topic}\n\nFocus: ${args.focus}`,
        instructions: options.instructions ?? DEFAULT_RESEARCHER_INSTRUCTIONS,
        ...(options.tools === undefined ? {} : { tools: options.tools }),
        config,
        ...(options.model === undefined ? {} : { model: options.model }),
        ...(options.provider === undefined ? {} : { provider: options.provider }),
        ...(options.toolCallLimit === undefined ? {} : { toolCallLimit: options.toolCallLimit }),
        ...(options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations }),
      });
      ctx.metadata.researcher = { agentPath: result.agentPath, stopReason: result.stopReason, iterations: result.iterations };
      if (result.stopReason === "error" || result.stopReason === "aborted") {
        throw new ToolExecutionError(name, `The researcher (${result.agentPath}) failed: ${result.error?.message ?? result.stopReason}`, {
          details: { agentPath: result.agentPath, stopReason: result.stopReason },
        });
      }
      return { findings: result.text, usage: result.usage.total, toolCallCount: result.toolCallCount };
    },
  };
}
