/** Built-in agent configs: the main thread, the deep-research supervisor and its researchers. */
export { mainThreadConfig, type MainThreadOptions } from "./main-thread-config.js";
export { defaultEnableHint, resolveEnableHint, type EnableHint, type EnableHintTool } from "./enable-hint.js";
export {
  deepResearchSupervisorConfig,
  DEFAULT_REPORT_TOOL_NAME,
  DEFAULT_SUPERVISOR_TOOL_CALL_LIMIT,
  type DeepResearchSupervisorOptions,
} from "./deep-research-supervisor-config.js";
export { deepResearchProgress, DEEP_RESEARCH_STATE_KEY, type DeepResearchProgress } from "./deep-research-progress.js";
export { researcherConfig, DEFAULT_RESEARCHER_TOOL_CALL_LIMIT, type ResearcherOptions } from "./researcher-config.js";
export {
  researcherTool,
  DEFAULT_RESEARCHER_TOOL_NAME,
  type ResearcherToolArgs,
  type ResearcherToolOptions,
  type ResearcherFindings,
} from "./researcher-tool.js";
export { onlyToolsPolicy, exceptToolsPolicy } from "./tool-name-policy.js";
export {
  MAIN_THREAD_FINAL_ANSWER_INSTRUCTION,
  RESEARCHER_FINAL_ANSWER_INSTRUCTION,
  SUPERVISOR_FINAL_ANSWER_INSTRUCTION,
  DEFAULT_RESEARCHER_INSTRUCTIONS,
  disabledToolsInstruction,
  reportInstruction,
  supervisorNudge,
  type ReportTrigger,
} from "./instructions.js";
