/** Default system instructions injected by the built-in configs (override them through each config's options). */

/**
 * The main thread's last-turn instruction: no more tools, answer now.
 *
 * @example
 * mainThreadConfig({ finalAnswerInstruction: `${MAIN_THREAD_FINAL_ANSWER_INSTRUCTION} Answer in French.` });
 */
export const MAIN_THREAD_FINAL_ANSWER_INSTRUCTION =
  "You cannot call any more tools for this request. Answer the user now with the information gathered so far, " + "and say briefly what you could not finish.";

/**
 * What the main thread tells the model after tools were refused because they are not enabled for the user.
 *
 * @example
 * mainThreadConfig({ disabledToolsInstruction: (names) => `${disabledToolsInstruction(names)} Offer a text alternative.` });
 */
export function disabledToolsInstruction(toolNames: readonly string[]): string {
  const list = toolNames.map((name) => `"${name}"`).join(", ");
  return (
    `The tool${toolNames.length > 1 ? "s" : ""} ${list} did not run: not enabled for this user. ` +
    "The user has already been told how to enable them; do not repeat that and do not call them again. " +
    "Help the user as well as you can without them."
  );
}

/**
 * The researcher's last-turn instruction.
 *
 * @example
 * researcherConfig({ finalAnswerInstruction: `${RESEARCHER_FINAL_ANSWER_INSTRUCTION} Use bullet points.` });
 */
export const RESEARCHER_FINAL_ANSWER_INSTRUCTION =
  "Stop researching: you have used your tool calls. Write up your findings now, citing the sources you used, " + "and name the questions you could not answer.";

/**
 * The supervisor's last-turn instruction (after the report).
 *
 * @example
 * deepResearchSupervisorConfig({ finalAnswerInstruction: `${SUPERVISOR_FINAL_ANSWER_INSTRUCTION} Keep it short.` });
 */
export const SUPERVISOR_FINAL_ANSWER_INSTRUCTION = "The research is over. Do not call any more tools. Answer the user now, based on the report.";

/**
 * Why the supervisor forces its report.
 *
 * @example
 * const forced: ReportTrigger | undefined = deepResearchProgress(state).reportForced;
 */
export type ReportTrigger = "tool_call_limit" | "time_budget" | "retries";

/**
 * The instruction that comes with a forced report call.
 *
 * @example
 * deepResearchSupervisorConfig({ reportInstruction: (trigger, tool) => `${reportInstruction(trigger, tool)} Include a summary table.` });
 */
export function reportInstruction(trigger: ReportTrigger, reportToolName: string): string {
  const why =
    trigger === "tool_call_limit"
      ? "The research has used all of its tool calls."
      : trigger === "time_budget"
        ? "The time for research is up."
        : "You keep answering without calling tools.";
  return `${why} Call the ${reportToolName} tool now to write the report from the findings gathered so far.`;
}

/**
 * The nudge sent when the supervisor answered without calling a tool.
 *
 * @example
 * deepResearchSupervisorConfig({ nudge: supervisorNudge("researcher_agent", "report_generation") });
 */
export function supervisorNudge(researcherToolName: string, reportToolName: string): string {
  return (
    "You answered without calling a tool, but this research is not finished. " +
    `Continue with ${researcherToolName} to research what is still open, ` +
    `or call ${reportToolName} when the findings are enough. Do not answer the user directly yet.`
  );
}

/**
 * Default system prompt of a researcher sub-agent.
 *
 * @example
 * researcherTool({ instructions: `${DEFAULT_RESEARCHER_INSTRUCTIONS} Prefer primary sources.` });
 */
export const DEFAULT_RESEARCHER_INSTRUCTIONS =
  "You are a researcher. Investigate the topic you are given with your tools, then reply with concise findings: " +
  "the facts, where they come from, and what remains uncertain.";
