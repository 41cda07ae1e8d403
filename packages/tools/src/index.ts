/**
 * `@baton/tools`: define tools with zod (3 or 4) or JSON Schema, get provider-ready
 * JSON Schemas and argument validation, and organise tools in a registry with a
 * system prompt, presets and allow/deny lists.
 * @packageDocumentation
 */
export { defineTool } from "./define-tool/define-tool.js";
export type { ToolSpec } from "./define-tool/tool-spec.js";
export { TOOL_NAME_PATTERN, assertValidToolName, assertValidToolDescription } from "./define-tool/tool-name.js";
export type {
  ToolParameters,
  ZodSchemaLike,
  Zod3SchemaLike,
  Zod4SchemaLike,
  InferZodOutput,
} from "./parameters/parameter-types.js";
export { isZod3Schema, isZod4Schema, schemaKind, type SchemaKind } from "./parameters/schema-kind.js";
export { resolveParameters, type ResolvedParameters } from "./parameters/resolve-parameters.js";
export { normalizeToolSchema } from "@baton/core";
export { formatIssuePath } from "./validation/issue-path.js";
export { ToolSet, type ToolSetOptions } from "./registry/tool-set.js";
export { createToolRegistry } from "./registry/create-tool-registry.js";
export { toolUsagePrompt, TOOL_USAGE_HEADING } from "./registry/tool-usage-prompt.js";
export { selectTools } from "./selection/select-tools.js";
export type { ToolSelection } from "./selection/tool-selection.js";
