/**
 * `@baton/loop`: the orchestration loop. `run()` returns a run's result; `stream()`
 * yields its events in order.
 * @packageDocumentation
 */
export { run, stream, resume, resumeStream } from "./run.js";
export { validateRunSettings, DEFAULT_CLAIM_LEASE_MS } from "./start-run.js";
export type { ResumeOptions, RunOptions, RunStream } from "./run-options.js";
export { RunNotResumableError } from "./persistence/run-persistence.js";
export {
  DEFAULT_TOOL_CALL_LIMIT,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_TOOL_ERROR_LENGTH,
  DEFAULT_MAX_DEPTH,
  defaultFinalAnswerInstruction,
  defaultShouldContinueLoop,
  defaultShouldSendTools,
  defaultOnNoToolCalls,
  resolveAgentConfig,
  type ResolvedAgentConfig,
} from "./config/agent-defaults.js";
export { ToolListRegistry } from "./tools/tool-list-registry.js";
export { parseToolArguments } from "./tools/prepare-tool-calls.js";
