export type { JsonSchema } from "./json-schema.js";
export type { Tool, ToolEffects, ToolOutput, ToolArgumentsCheck, ToolExecutionContext, ToolAvailabilityContext } from "./tool.js";
export type { ToolRegistry } from "./tool-registry.js";
export { TOOL_USAGE_HEADING, toolUsagePrompt } from "./tool-usage-prompt.js";
export type { JsonValueProblem } from "./json-value-problem.js";
export { checkToolShape } from "./tool-shape.js";
export { TOOL_PRESETS, inToolPreset, type ToolAccess, type ToolPreset } from "./tool-access.js";
export { normalizeToolSchema } from "./json-schema/normalize-tool-schema.js";
