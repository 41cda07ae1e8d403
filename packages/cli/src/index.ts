/**
 * `@baton/cli`: the `baton` command (run JSON agent templates with live progress,
 * resume, list and show stored runs, migrate the SQL stores), and the pieces of it a
 * program may reuse: provider and storage choice, the command's run index, the
 * renderers.
 * @packageDocumentation
 */
export { main } from "./main.js";
export { createProgram, VERSION, type Exit } from "./program.js";
export { CliError } from "./errors/cli-error.js";
export type { CommandIo } from "./commands/command-io.js";
export { chooseProvider, PROVIDER_KINDS, PROVIDER_ENVIRONMENT, type ProviderChoice, type ProviderKind } from "./provider/provider-choice.js";
export { parseStorageTarget, describeStorageTarget, DEFAULT_SQLITE_PATH, type StorageTarget } from "./storage/storage-target.js";
export { RunRecords, RUN_INDEX_KEY, runRecordKey, type RunRecord } from "./storage/run-records.js";
export { interruptibleStorage, type InterruptibleStorage } from "./storage/interruptible-storage.js";
export { runStatus, checkpointUsage } from "./commands/run-status.js";
export { builtinTools, READ_FILE_MAX_CHARS } from "./tools/builtin-tools.js";
export { EXIT_INTERRUPTED, EXIT_TERMINATED } from "./run/execute-run.js";
export type { RunEnding, RunHeader, RunRenderer } from "./render/run-renderer.js";
export { PlainRenderer, type Write } from "./render/plain-renderer.js";
export { JsonRenderer } from "./render/json-renderer.js";
export { TtyRenderer, SPINNER_FRAMES } from "./render/tty-renderer.js";
