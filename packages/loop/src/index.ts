/**
 * `@baton/loop`: the orchestration loop. `run()` returns a run's result; `stream()`
 * yields its events in order; `resume()` continues a stored run; a run's state
 * (`result.state`) continues anywhere with `run({ resume, decisions })`.
 * @packageDocumentation
 */
export { run, stream, resume, resumeStream } from "./run.js";
export { validateRunSettings } from "./start-run.js";
export { runOptionRules, resumeOptionRules } from "./run-option-rules.js";
export type { ResumeOptions, RunOptions, RunStream } from "./run-options.js";
/** The error of a `resume()` that cannot continue its run: unknown, finished, or held by another process (match it by its code, `RUN_NOT_RESUMABLE`). */
export type { RunNotResumableError } from "./persistence/run-not-resumable-error.js";
export type { TakenClaim } from "./persistence/run-persistence.js";
/** The error that ends an attempt whose storage stayed away past `storageWaitMs` (match it by its code, `STORAGE_UNAVAILABLE`). */
export type { StorageUnavailableError } from "./persistence/storage-unavailable-error.js";
export {
  DEFAULT_TOOL_CALL_LIMIT,
  DEFAULT_MAX_ITERATIONS,
  DEFAULT_MAX_TOOL_ERROR_LENGTH,
  DEFAULT_MAX_DEPTH,
  DEFAULT_CLAIM_LEASE_MS,
  DEFAULT_STORAGE_WAIT_MS,
  defaultFinalAnswerInstruction,
} from "./config/defaults.js";
export { ToolListRegistry } from "./tools/tool-list-registry.js";
export { parseToolArguments } from "./tools/prepare-tool-calls.js";
