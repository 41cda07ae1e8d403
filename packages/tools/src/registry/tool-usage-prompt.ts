/**
 * The tool-usage section of the system prompt. The format lives in `@baton/core` so
 * every registry (this one, the loop's list registry) renders it the same way.
 */
export { TOOL_USAGE_HEADING, toolUsagePrompt } from "@baton/core";
