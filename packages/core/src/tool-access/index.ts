/**
 * `@baton/core/tool-access`: applying a `ToolAccess` (a tool preset, then an
 * allow-list, then a deny-list) to a list of tools, for code that builds agents from
 * a `ToolAccess`: agent factories; and what a tool's `effects` come to
 * ({@link toolEffects}). Applications do not call it; they set
 * `toolPreset` / `allowedTools` / `disallowedTools` on their agents. The contract
 * itself (`ToolAccess`, `ToolPreset`, `TOOL_PRESETS`, `inToolPreset`) is at the root
 * of `@baton/core`.
 * @packageDocumentation
 */
export { checkToolAccess } from "./check-tool-access.js";
export { restrictsTools, toolsAllowedBy } from "./tools-allowed-by.js";
export { toolEffects } from "./tool-effects.js";
