import { ConfigurationError } from "../errors/index.js";
import { TOOL_PRESETS, type ToolAccess } from "../tools/tool-access.js";

/** Checks the shape of `access` (a preset that exists, lists of names), naming `owner` in the error. */
export function checkToolAccess(access: ToolAccess, owner: string): void {
  if (access.toolPreset !== undefined && !TOOL_PRESETS.includes(access.toolPreset)) {
    throw new ConfigurationError(`${owner}: unknown toolPreset ${JSON.stringify(access.toolPreset)}; use one of ${TOOL_PRESETS.join(", ")}.`);
  }
  for (const key of ["allowedTools", "disallowedTools"] as const) {
    const names = access[key];
    if (names !== undefined && (!Array.isArray(names) || names.some((name) => typeof name !== "string"))) {
      throw new ConfigurationError(`${owner}: ${key} must be a list of tool names.`);
    }
  }
}
