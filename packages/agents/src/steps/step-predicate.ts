import type { AgentContext, AgentState } from "@baton/core";
import type { OrchestrationStep } from "./definition-schema.js";

/** What a custom step predicate sees. */
export interface StepPredicateInput {
  /** The step whose condition is checked. */
  readonly step: OrchestrationStep;
  /** The step active before this check (undefined when none). */
  readonly activeStep: string | undefined;
  /** Tools used in this session, oldest first, repeats kept (the last `historyLimit`). */
  readonly recentTools: readonly string[];
  /** Tools used in the batch just finished, in call order. */
  readonly lastBatch: readonly string[];
  /** The run's loop state (read it; do not change it). */
  readonly state: Readonly<AgentState>;
  readonly context: AgentContext;
}

/**
 * A custom condition, referenced from a definition by its name in the `predicates`
 * option (functions cannot be written in JSON). Synchronous: it runs between a tool
 * batch and the next model call.
 */
export type StepPredicate = (input: StepPredicateInput) => boolean;
