import type { AgentState } from "@baton/core";
import type { ReportTrigger } from "./instructions.js";

/**
 * The deep-research supervisor's own state, kept in `state.custom` (and so in checkpoints).
 *
 * @example
 * const progress = result.custom[DEEP_RESEARCH_STATE_KEY] as DeepResearchProgress;
 * console.log(progress.researchCalls, progress.reportForced ?? "not forced");
 */
export interface DeepResearchProgress {
  /** Nudges sent after turns without tool calls. */
  nudges: number;
  /** When the research started (the supervisor's clock, in ms): the time budget counts from here. */
  startedAt: number;
  /** Researcher calls that succeeded. */
  researchCalls: number;
  /** Whether a report call succeeded. */
  reportDone: boolean;
  /** Why the report was forced, once it was. */
  reportForced?: ReportTrigger;
  /** A report to force with the next model call (set by `shouldStop`, taken by `prepareStep`). */
  pendingReport?: ReportTrigger;
}

/**
 * Key of {@link DeepResearchProgress} in `state.custom` (and so in `RunResult.custom`).
 *
 * @example
 * const progress = result.custom[DEEP_RESEARCH_STATE_KEY] as DeepResearchProgress;
 */
export const DEEP_RESEARCH_STATE_KEY = "deepResearch";

/**
 * The supervisor's progress in `state`, created (starting now, by `clock`) when absent.
 * The returned object is the stored one: changing it changes the state.
 *
 * @example
 * const config = composeConfigs(deepResearchSupervisorConfig(), {
 *   onStepEnd: ({ state }) => console.log(deepResearchProgress(state).researchCalls),
 * });
 */
export function deepResearchProgress(state: AgentState, clock: () => number = Date.now): DeepResearchProgress {
  const value = state.custom[DEEP_RESEARCH_STATE_KEY];
  if (typeof value === "object" && value !== null && typeof (value as DeepResearchProgress).nudges === "number") return value as DeepResearchProgress;
  const fresh: DeepResearchProgress = { nudges: 0, startedAt: clock(), researchCalls: 0, reportDone: false };
  state.custom[DEEP_RESEARCH_STATE_KEY] = fresh;
  return fresh;
}
