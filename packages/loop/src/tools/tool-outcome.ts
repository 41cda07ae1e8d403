import type { ToolCallOutcome } from "@baton/core";

/**
 * How running one tool call ended: an outcome, or `interrupted` (the tool asked the
 * user a question, or a sub-agent it runs paused): the call runs again on resume.
 */
export type ToolRunResult = ToolCallOutcome | { readonly status: "interrupted"; readonly durationMs: number };
