/**
 * Orchestration steps: declarative steps with conditions, enforced tool sequences and
 * allowed/denied tools, with per-session state kept through a `SessionStore`.
 */
export {
  orchestrationDefinitionSchema,
  orchestrationStepSchema,
  stepConditionSchema,
  type OrchestrationDefinition,
  type OrchestrationStep,
  type StepCondition,
} from "./definition-schema.js";
export { OrchestrationDefinitionError, type DefinitionIssue } from "./definition-error.js";
export { parseOrchestrationDefinition, checkDefinitionTools } from "./parse-definition.js";
export type { StepPredicate, StepPredicateInput } from "./step-predicate.js";
export type { OrchestrationSessionState, StoredSessionState } from "./session-state.js";
export { ORCHESTRATION_CUSTOM_KEY, type OrchestrationRunState } from "./orchestration-hooks.js";
export {
  createOrchestration,
  DEFAULT_STEP_HISTORY_LIMIT,
  type Orchestration,
  type OrchestrationOptions,
} from "./orchestration.js";
