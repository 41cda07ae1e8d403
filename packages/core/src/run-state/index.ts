/**
 * `@baton/core/run-state`: reading and writing a run's state as JSON. `parseRunState`
 * checks a stored or received state and upgrades one written by an earlier format;
 * `serializeRunState` writes one. The loop loads this only when a run is resumed or
 * stored, and storage adapters use it for checkpoints; the state's types
 * (`RunState`, `AgentState`, …) are at the root of `@baton/core`.
 * @packageDocumentation
 */
export { isRunState, runStateIssues } from "./check-run-state.js";
export { parseRunState } from "./parse-run-state.js";
export { serializeRunState } from "./serialize-run-state.js";
