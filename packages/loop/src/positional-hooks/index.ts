/**
 * `@baton/loop/positional-hooks`: {@link merlinConfig}, which adapts an agent config
 * written with the positional lifecycle hooks of the design this loop implements
 * (`initializeAgentState`, `shouldContinueLoop`, `onNoToolCalls`, …) to the object
 * hooks of `AgentConfig`. New code uses the object hooks; this subpath keeps the
 * adapter out of what `@baton/loop` loads.
 * @packageDocumentation
 */
export {
  merlinConfig,
  type MaybePromise,
  type MerlinAgentConfig,
  type NoToolCallsDecision,
  type NoToolCallsReason,
  type PendingToolCall,
  type SpecialToolOutcome,
  type UsageCalculationInput,
} from "./merlin-config.js";
