import { ConfigurationError } from "../errors/index.js";
import { inToolPreset, type ToolAccess, type ToolPreset } from "../tools/tool-access.js";
import { checkToolAccess } from "./check-tool-access.js";

/** Whether `access` restricts anything. */
export function restrictsTools(access: ToolAccess): boolean {
  return access.toolPreset !== undefined || access.allowedTools !== undefined || (access.disallowedTools?.length ?? 0) > 0;
}

/**
 * The tools `access` lets an agent use, in their order: those of `toolPreset` (when
 * set), then only the `allowedTools` (when set), then without the `disallowedTools`.
 * A name in `allowedTools` or `disallowedTools` that is none of the tools is a
 * mistake, reported with a {@link ConfigurationError} naming `owner` and the tools.
 *
 * @example
 * toolsAllowedBy([read, write, shell], { toolPreset: "readwrite", disallowedTools: ["write"] }, 'Agent "docs"'); // [read]
 */
export function toolsAllowedBy<T extends { readonly name: string; readonly preset?: ToolPreset }>(tools: readonly T[], access: ToolAccess, owner: string): T[] {
  checkToolAccess(access, owner);
  const names = new Set(tools.map((tool) => tool.name));
  for (const key of ["allowedTools", "disallowedTools"] as const) {
    const unknown = (access[key] ?? []).filter((name) => !names.has(name));
    if (unknown.length > 0) {
      throw new ConfigurationError(`${owner}: ${key} names tools it does not have (${unknown.join(", ")}); its tools: ${[...names].join(", ") || "none"}.`);
    }
  }
  const allowed = access.allowedTools ? new Set(access.allowedTools) : undefined;
  const denied = new Set(access.disallowedTools ?? []);
  const preset = access.toolPreset;
  return tools.filter(
    (tool) => (preset === undefined || inToolPreset(tool.preset, preset)) && (allowed === undefined || allowed.has(tool.name)) && !denied.has(tool.name),
  );
}
