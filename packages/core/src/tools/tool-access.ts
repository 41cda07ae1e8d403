import { ConfigurationError } from "../errors/index.js";

/** The built-in tool presets, smallest first: each holds the tools of the ones before it. */
export const TOOL_PRESETS = ["readonly", "readwrite", "full"] as const;

/** A built-in tool preset: `readonly` ⊂ `readwrite` ⊂ `full`. */
export type ToolPreset = (typeof TOOL_PRESETS)[number];

/** Which of its tools an agent may use: a preset, then an allow-list, then a deny-list. */
export interface ToolAccess {
  /** Keep only the tools of this preset (each tool says its smallest preset in `preset`). */
  readonly toolPreset?: ToolPreset;
  /** Keep only the tools named here. */
  readonly allowedTools?: readonly string[];
  /** Remove the tools named here: they are neither offered nor run. */
  readonly disallowedTools?: readonly string[];
}

/** Whether a tool whose smallest preset is `declared` belongs to `preset`. */
export function inToolPreset(declared: ToolPreset | undefined, preset: ToolPreset): boolean {
  return declared !== undefined && TOOL_PRESETS.indexOf(declared) <= TOOL_PRESETS.indexOf(preset);
}

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
