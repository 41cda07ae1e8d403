import { z } from "zod";

/** The per-session orchestration state: which step is active and what was used. */
export interface OrchestrationSessionState {
  /** The active step's name; undefined when no step applies (everything is offered). */
  readonly activeStep: string | undefined;
  /** Tools used in this session, oldest first, in real call order with repeats (the last `historyLimit`). */
  readonly recentTools: readonly string[];
  /** How many tools of the active step's sequence were used so far. */
  readonly sequencePosition: number;
  /** The stored version this state was loaded from or saved as (0: never saved). */
  readonly version: number;
}

/** The stored form of the state (its version is the store's). */
export const storedSessionStateSchema = z.object({
  activeStep: z.string().nullable(),
  recentTools: z.array(z.string()),
  sequencePosition: z.number().int().nonnegative(),
});

/** The JSON value saved through the session store. */
export interface StoredSessionState {
  readonly activeStep: string | null;
  readonly recentTools: string[];
  readonly sequencePosition: number;
}

/** The JSON-safe value to save for a state. */
export function toStoredState(state: OrchestrationSessionState): StoredSessionState {
  return { activeStep: state.activeStep ?? null, recentTools: [...state.recentTools], sequencePosition: state.sequencePosition };
}

/** Whether two states hold the same step, history and position (versions aside). */
export function sameSessionState(a: OrchestrationSessionState, b: OrchestrationSessionState): boolean {
  return (
    a.activeStep === b.activeStep &&
    a.sequencePosition === b.sequencePosition &&
    a.recentTools.length === b.recentTools.length &&
    a.recentTools.every((tool, i) => tool === b.recentTools[i])
  );
}
