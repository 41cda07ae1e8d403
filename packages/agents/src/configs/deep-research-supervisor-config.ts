import { ConfigurationError, checkOptions, optionIs as is, type AgentConfig, type AgentContext, type AgentState } from "@baton/core";
import { deepResearchProgress, type DeepResearchProgress } from "./deep-research-progress.js";
import { SUPERVISOR_FINAL_ANSWER_INSTRUCTION, reportInstruction, supervisorNudge, type ReportTrigger } from "./instructions.js";
import { DEFAULT_RESEARCHER_TOOL_NAME } from "./researcher-tool.js";
import { onlyToolsPolicy } from "./tool-name-policy.js";
import { nonNegativeNumber } from "../validation/option-rules.js";

/**
 * Default name of the report tool the supervisor ends its research with.
 *
 * @example
 * const reportTool = defineTool({ name: DEFAULT_REPORT_TOOL_NAME, description: "Writes the report.", parameters, execute });
 */
export const DEFAULT_REPORT_TOOL_NAME = "report_generation";
/**
 * Default tool-call limit of the supervisor (its researchers' counted calls included).
 *
 * @example
 * deepResearchSupervisorConfig({ toolCallLimit: DEFAULT_SUPERVISOR_TOOL_CALL_LIMIT * 2 });
 */
export const DEFAULT_SUPERVISOR_TOOL_CALL_LIMIT = 50;

/**
 * Options of {@link deepResearchSupervisorConfig}.
 *
 * @example
 * deepResearchSupervisorConfig({ timeBudgetMs: 5 * 60_000, maxNudges: 1, cheaperModel: "gpt-4.1-mini", storedTools: ["outline"] });
 */
export interface DeepResearchSupervisorOptions {
  /** Name of the researcher tool. Default {@link DEFAULT_RESEARCHER_TOOL_NAME}. */
  readonly researcherToolName?: string;
  /** Name of the report tool (the run must offer it). Default {@link DEFAULT_REPORT_TOOL_NAME}. */
  readonly reportToolName?: string;
  /** Name of a tool that asks the user clarifying questions; stored like the research tools. */
  readonly feedbackToolName?: string;
  /** More tools whose calls and results are stored. */
  readonly storedTools?: readonly string[];
  /** Tool-call limit, researchers' counted calls included. Default {@link DEFAULT_SUPERVISOR_TOOL_CALL_LIMIT}. */
  readonly toolCallLimit?: number;
  /** Research time in ms, counted from the start of the run; once passed, the report is forced. Default: none. */
  readonly timeBudgetMs?: number;
  /** The clock of the time budget. Default `Date.now`. */
  readonly clock?: () => number;
  /** Nudges after turns without tool calls before the report is forced (or the run ends). Default 2. */
  readonly maxNudges?: number;
  /** The nudge text. Default {@link supervisorNudge}. */
  readonly nudge?: string;
  /** A cheaper model id used once `cheaperModelAfterRetries` nudges were sent. Default: keep the model. */
  readonly cheaperModel?: string;
  /** Nudges after which `cheaperModel` is used. Default 2. */
  readonly cheaperModelAfterRetries?: number;
  /** The instruction of the last turn, after the report. Default {@link SUPERVISOR_FINAL_ANSWER_INSTRUCTION}. */
  readonly finalAnswerInstruction?: string;
  /** The instruction sent with a forced report call. Default {@link reportInstruction}. */
  readonly reportInstruction?: (trigger: ReportTrigger, reportToolName: string) => string;
}

/**
 * The deep-research supervisor: it runs researcher sub-agents as tools (several in
 * parallel), then has a report written with the report tool, then answers.
 * - A turn without tool calls before the report gets a nudge (at most `maxNudges`;
 *   `shouldStop` keeps the run going); after that, if research was done, the report is
 *   forced, else the run ends.
 * - When the tool-call limit or the time budget is reached before the report, the
 *   next call is a report call (`prepareStep`: the tools offered, the report tool
 *   forced, an instruction saying why, the final answer put off); after the report, a
 *   last turn without tools answers (stop reason `tool_call_limit`, or
 *   `budget_exceeded` for the time budget).
 * - After `cheaperModelAfterRetries` nudges it switches to `cheaperModel`.
 * - It stores text and only the research tools' calls and results (researcher,
 *   report, feedback and `storedTools`).
 * Its progress lives in `state.custom.deepResearch` ({@link deepResearchProgress}).
 *
 * @example
 * await run({
 *   provider, model: "gpt-4.1", input: "Compare EU and US AI rules",
 *   tools: [researcherTool({ tools: [webSearch] }), reportTool],
 *   config: deepResearchSupervisorConfig({ timeBudgetMs: 10 * 60_000, cheaperModel: "gpt-4.1-mini" }),
 * });
 *
 * @throws ConfigurationError for an unknown option (accepted: `researcherToolName`,
 *   `reportToolName`, `feedbackToolName`, `storedTools`, `toolCallLimit`,
 *   `timeBudgetMs`, `clock`, `maxNudges`, `nudge`, `cheaperModel`,
 *   `cheaperModelAfterRetries`, `finalAnswerInstruction`, `reportInstruction`) or a
 *   value of the wrong type.
 */
export function deepResearchSupervisorConfig(options: DeepResearchSupervisorOptions = {}): AgentConfig {
  checkOptions("deepResearchSupervisorConfig", options, {
    researcherToolName: is.nonEmptyString,
    reportToolName: is.nonEmptyString,
    feedbackToolName: is.string,
    storedTools: is.stringArray,
    toolCallLimit: is.nonNegativeInteger,
    timeBudgetMs: nonNegativeNumber,
    clock: is.function,
    maxNudges: is.nonNegativeInteger,
    nudge: is.string,
    cheaperModel: is.nonEmptyString,
    cheaperModelAfterRetries: is.nonNegativeInteger,
    finalAnswerInstruction: is.string,
    reportInstruction: is.function,
  });
  const researcherToolName = options.researcherToolName ?? DEFAULT_RESEARCHER_TOOL_NAME;
  const reportToolName = options.reportToolName ?? DEFAULT_REPORT_TOOL_NAME;
  const clock = options.clock ?? Date.now;
  const maxNudges = options.maxNudges ?? 2;
  const cheaperAfter = options.cheaperModelAfterRetries ?? 2;
  const nudge = options.nudge ?? supervisorNudge(researcherToolName, reportToolName);
  const instructionFor = options.reportInstruction ?? reportInstruction;
  const storedTools = [researcherToolName, reportToolName, ...(options.feedbackToolName ? [options.feedbackToolName] : []), ...(options.storedTools ?? [])];

  const progressOf = (state: AgentState): DeepResearchProgress => deepResearchProgress(state, clock);
  const timeIsUp = (progress: DeepResearchProgress): boolean => options.timeBudgetMs !== undefined && clock() - progress.startedAt >= options.timeBudgetMs;
  const hasReportTool = (context: AgentContext): boolean => context.registry.get(reportToolName) !== undefined;
  /** Whether the report is still to come and nothing forced it yet. */
  const reportOpen = (progress: DeepResearchProgress): boolean => !progress.reportDone && progress.reportForced === undefined;

  return {
    useParallelTools: true,
    toolCallLimit: options.toolCallLimit ?? DEFAULT_SUPERVISOR_TOOL_CALL_LIMIT,
    finalAnswerInstruction: options.finalAnswerInstruction ?? SUPERVISOR_FINAL_ANSWER_INSTRUCTION,
    dataPolicy: onlyToolsPolicy(storedTools),

    onRunStart({ state, context }) {
      if (!hasReportTool(context)) {
        throw new ConfigurationError(`deepResearchSupervisorConfig: the run offers no "${reportToolName}" tool; the supervisor needs it to write its report.`);
      }
      progressOf(state);
    },

    prepareStep({ state, tools, messages, finalAnswer }) {
      const progress = progressOf(state);
      const model = options.cheaperModel !== undefined && progress.nudges >= cheaperAfter ? { model: options.cheaperModel } : {};
      const trigger = reportOpen(progress) ? (progress.pendingReport ?? (timeIsUp(progress) ? "time_budget" : undefined)) : undefined;
      if (trigger !== undefined) {
        progress.reportForced = trigger;
        delete progress.pendingReport;
        // The report comes first, also when the loop asks for the final answer at the tool-call limit.
        return {
          ...model,
          finalAnswer: false,
          activeTools: tools.map((tool) => tool.name),
          toolChoice: { type: "tool", name: reportToolName },
          messages: [...messages, { role: "system", content: instructionFor(trigger, reportToolName) }],
        };
      }
      if (!finalAnswer && timeIsUp(progress)) {
        state.stopReason ??= "budget_exceeded";
        return { ...model, finalAnswer: true };
      }
      return model;
    },

    onStepEnd({ state, results }) {
      const progress = progressOf(state);
      for (const entry of results) {
        if (entry.status !== "ok") continue;
        if (entry.call.toolName === researcherToolName) progress.researchCalls++;
        else if (entry.call.toolName === reportToolName) progress.reportDone = true;
      }
    },

    shouldStop({ state, context, proposal, answered }) {
      const progress = progressOf(state);
      if (!proposal.stop) {
        // At the tool-call limit: the report first (forced by prepareStep), then the final answer.
        if (proposal.finalAnswer && reportOpen(progress) && hasReportTool(context)) progress.pendingReport = "tool_call_limit";
        return undefined;
      }
      // Only an answer the run would end on as `completed`: a requested final answer, an error or a limit ends it.
      if (!answered || proposal.reason !== "completed" || progress.reportDone) return undefined;
      if (progress.nudges < maxNudges) {
        progress.nudges++;
        state.inLoopMessages.push({ role: "system", content: nudge });
        return false;
      }
      if (progress.reportForced === undefined && progress.researchCalls > 0 && hasReportTool(context)) {
        progress.pendingReport = "retries";
        return false;
      }
      return undefined;
    },
  };
}
