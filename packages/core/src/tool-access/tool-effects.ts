import type { Tool, ToolEffects } from "../tools/index.js";

/**
 * Whether running a call of `tool` twice is safe, as a resumed run decides it for a
 * call in doubt (started, outcome never stored): the tool's declared `effects`, else
 * `idempotent` for a tool whose `preset` is `readonly` (it only reads) and `once` for
 * any other. An idempotent tool's call in doubt runs again; a `once` tool's becomes an
 * `in-doubt` interruption that a person or a handler decides.
 *
 * @example
 * toolEffects(defineTool({ name: "search", preset: "readonly", … })); // "idempotent" (defineTool: @baton/tools)
 * toolEffects(defineTool({ name: "pay", … })); // "once"
 */
export function toolEffects(tool: Tool): ToolEffects {
  return tool.effects ?? (tool.preset === "readonly" ? "idempotent" : "once");
}
