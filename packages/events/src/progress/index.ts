export { EventManager, type EventManagerOptions } from "./event-manager.js";
export { ProgressEvent, type ProgressStepChannel, type ProgressItemsInput, type ProgressEndStatus } from "./progress-event.js";
export { ProgressLog, type ProgressLogEntry, type ProgressLogGroupsOptions } from "./progress-log.js";
export { applyProgressStepUpdate } from "@baton/core";
export { ProgressStepEndedError } from "./progress-step-ended-error.js";
export type { ReportResult } from "./report-result.js";
