import { ConfigurationError, type AgentConfig, type AgentContext, type OrchestratorState } from "@baton/core";
import { deepResearchProgress, type DeepResearchProgress } from "./deep-research-progress.js";
import { requestFinalAnswer, withdrawFinalAnswer } from "./final-answer.js";
import { SUPERVISOR_FINAL_ANSWER_INSTRUCTION, reportInstruction, supervisorNudge, type ReportTrigger } from "./instructions.js";
import { DEFAULT_RESEARCHER_TOOL_NAME } from "./researcher-tool.js";
import { onlyToolsPolicy } from "./tool-name-policy.js";
import { handledCallFailed } from "./tool-failure.js";

/** Default name of the report tool the supervisor ends its research with. */
export const DEFAULT_REPORT_TOOL_NAME = "report_generation";
/** Default tool-call limit of the supervisor (its researchers' counted calls included). */
export const DEFAULT_SUPERVISOR_TOOL_CALL_LIMIT = 50;

/** Options of {@link deepResearchSupervisorConfig}. */
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
 * - A turn without tool calls before the report gets a nudge (at most `maxNudges`);
 *   after that, if research was done, the report is forced, else the run ends.
 * - When the tool-call limit or the time budget is reached before the report, the
 *   next call is forced to the report tool (`toolChoice`), with an instruction saying
 *   why; after the report, a last turn without tools answers.
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
 */
export function deepResearchSupervisorConfig(options: DeepResearchSupervisorOptions = {}): AgentConfig {
  const researcherToolName = options.researcherToolName ?? DEFAULT_RESEARCHER_TOOL_NAME;
  const reportToolName = options.reportToolName ?? DEFAULT_REPORT_TOOL_NAME;
  const clock = options.clock ?? Date.now;
  const maxNudges = options.maxNudges ?? 2;
  const cheaperAfter = options.cheaperModelAfterRetries ?? 2;
  const finalAnswerInstruction = options.finalAnswerInstruction ?? SUPERVISOR_FINAL_ANSWER_INSTRUCTION;
  const nudge = options.nudge ?? supervisorNudge(researcherToolName, reportToolName);
  const instructionFor = options.reportInstruction ?? reportInstruction;
  const policy = onlyToolsPolicy([researcherToolName, reportToolName, ...(options.feedbackToolName ? [options.feedbackToolName] : []), ...(options.storedTools ?? [])]);

  const progressOf = (state: OrchestratorState): DeepResearchProgress => deepResearchProgress(state, clock);
  const timeIsUp = (progress: DeepResearchProgress): boolean => options.timeBudgetMs !== undefined && clock() - progress.startedAt >= options.timeBudgetMs;
  const hasReportTool = (context: AgentContext): boolean => context.registry.get(reportToolName) !== undefined;

  /** Makes the next call a report call. */
  const forceReport = (state: OrchestratorState, progress: DeepResearchProgress, trigger: ReportTrigger): void => {
    // At the tool-call limit the loop has just asked for the final answer: the report comes first.
    withdrawFinalAnswer(state, finalAnswerInstruction);
    state.inLoopMessages.push({ role: "system", content: instructionFor(trigger, reportToolName) });
    state.toolChoice = { type: "tool", name: reportToolName };
    progress.reportForced = trigger;
    delete progress.pendingReport;
  };

  return {
    useParallelTools: true,
    toolCallLimit: options.toolCallLimit ?? DEFAULT_SUPERVISOR_TOOL_CALL_LIMIT,
    finalAnswerInstruction,
    initializeAgentState(state) {
      progressOf(state);
    },
    shouldContinueLoop(state) {
      if (!state.hasToolCalls) return false;
      const progress = progressOf(state);
      if (!progress.reportDone && progress.reportForced === undefined) {
        const trigger = progress.pendingReport ?? (timeIsUp(progress) ? "time_budget" : undefined);
        if (trigger !== undefined) forceReport(state, progress, trigger);
      } else if (timeIsUp(progress) && !state.finalAnswerRequested) {
        requestFinalAnswer(state, finalAnswerInstruction);
        state.stopReason ??= "budget_exceeded";
      }
      return true;
    },
    shouldSendTools(state, tools) {
      if (state.finalAnswerRequested) return false;
      if (state.iteration === 0 && !tools.some((tool) => tool.name === reportToolName)) {
        throw new ConfigurationError(`deepResearchSupervisorConfig: the run offers no "${reportToolName}" tool; the supervisor needs it to write its report.`);
      }
      return true;
    },
    getModelId(state, baseModel) {
      return options.cheaperModel !== undefined && progressOf(state).nudges >= cheaperAfter ? options.cheaperModel : baseModel;
    },
    onNoToolCalls(state, context, reason) {
      const progress = progressOf(state);
      if (reason === "LIMIT_REACHED") {
        // Report first (forced by shouldContinueLoop before the next call), then the final answer.
        if (!progress.reportDone && progress.reportForced === undefined && hasReportTool(context)) progress.pendingReport = "tool_call_limit";
        return { shouldContinue: true };
      }
      if (reason === "TOOLS_DISABLED") return { shouldContinue: true };
      if (progress.reportDone || state.finalAnswerRequested) return { shouldContinue: false };
      if (progress.nudges < maxNudges) {
        progress.nudges++;
        state.inLoopMessages.push({ role: "system", content: nudge });
        return { shouldContinue: true };
      }
      if (progress.reportForced === undefined && progress.researchCalls > 0 && hasReportTool(context)) {
        progress.pendingReport = "retries";
        return { shouldContinue: true };
      }
      return { shouldContinue: false };
    },
    handleSpecialTools(toolName, _result, _toolCall, _context, state) {
      const failed = handledCallFailed(state);
      if (failed) return;
      const progress = progressOf(state);
      if (toolName === researcherToolName) progress.researchCalls++;
      else if (toolName === reportToolName) progress.reportDone = true;
    },
    getDataPolicy: () => policy,
  };
}
