/** The built-in tool presets, smallest first: each holds the tools of the ones before it. */
export const TOOL_PRESETS = ["readonly", "readwrite", "full"] as const;

/** A built-in tool preset: `readonly` ⊂ `readwrite` ⊂ `full`. */
export type ToolPreset = (typeof TOOL_PRESETS)[number];

/**
 * Which of its tools an agent may use: a preset, then an allow-list, then a deny-list.
 * Agent factories apply it with `toolsAllowedBy` of `@baton/core/tool-access`.
 */
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
