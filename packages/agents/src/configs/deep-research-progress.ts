import type { OrchestratorState } from "@baton/core";
import type { ReportTrigger } from "./instructions.js";

/** The deep-research supervisor's own state, kept in `state.custom` (and so in checkpoints). */
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
  /** A report to force before the next model call. */
  pendingReport?: ReportTrigger;
}

/** Key of {@link DeepResearchProgress} in `state.custom`. */
export const DEEP_RESEARCH_STATE_KEY = "deepResearch";

/**
 * The supervisor's progress in `state`, created (starting now, by `clock`) when absent.
 * The returned object is the stored one: changing it changes the state.
 */
export function deepResearchProgress(state: OrchestratorState, clock: () => number = Date.now): DeepResearchProgress {
  const value = state.custom[DEEP_RESEARCH_STATE_KEY];
  if (typeof value === "object" && value !== null && typeof (value as DeepResearchProgress).nudges === "number") return value as DeepResearchProgress;
  const fresh: DeepResearchProgress = { nudges: 0, startedAt: clock(), researchCalls: 0, reportDone: false };
  state.custom[DEEP_RESEARCH_STATE_KEY] = fresh;
  return fresh;
}
