import {
  ConfigurationError,
  TOOL_PRESETS,
  checkOptions,
  inToolPreset,
  optionIs as is,
  type OptionRule,
  type OptionRules,
  type Tool,
  type ToolPreset,
  type ToolRegistry,
} from "@baton/core";
import type { ToolSelection } from "./tool-selection.js";

/** Named tool lists: an object whose every value is an array of tool names. */
const namedToolLists: OptionRule = {
  expected: "an object of tool-name lists (each value an array of strings)",
  test: (value) =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((names) => Array.isArray(names) && names.every((name) => typeof name === "string")),
};

/** The rules of a {@link ToolSelection}, one per key. */
const SELECTION_RULES: OptionRules = {
  preset: is.nonEmptyString,
  presets: namedToolLists,
  allow: is.stringArray,
  deny: is.stringArray,
};

/**
 * The tools of `tools` that `selection` picks (see {@link ToolSelection} for the
 * order preset → allow → deny), in registration order.
 *
 * @throws ConfigurationError (`INVALID_CONFIGURATION`) for a key a selection does not
 *   have (`selectTools(): unknown option "allowed". Accepted options: preset, presets,
 *   allow, deny.`) or a value of the wrong type, for an unknown preset (the
 *   message lists the known ones) or for names in the preset, `allow` or `deny` that
 *   match no tool — a typo must not silently leave an agent without its tools.
 */
export function selectTools(tools: ToolRegistry | readonly Tool[], selection: ToolSelection = {}): Tool[] {
  checkOptions("selectTools", selection, SELECTION_RULES);
  const all: readonly Tool[] = isToolList(tools) ? tools : tools.list();
  const known = new Set(all.map((tool) => tool.name));
  const presetNames = resolvePreset(selection, all);
  assertKnownNames(known, [
    ["preset", presetNames],
    ["allow", selection.allow],
    ["deny", selection.deny],
  ]);

  let selected = all;
  if (presetNames !== undefined) selected = keepOnly(selected, presetNames);
  if (selection.allow !== undefined) selected = keepOnly(selected, selection.allow);
  if (selection.deny !== undefined) {
    const denied = new Set(selection.deny);
    selected = selected.filter((tool) => !denied.has(tool.name));
  }
  return [...selected];
}

function isToolList(tools: ToolRegistry | readonly Tool[]): tools is readonly Tool[] {
  return Array.isArray(tools);
}

function keepOnly(tools: readonly Tool[], names: readonly string[]): readonly Tool[] {
  const kept = new Set(names);
  return tools.filter((tool) => kept.has(tool.name));
}

function resolvePreset(selection: ToolSelection, all: readonly Tool[]): readonly string[] | undefined {
  if (selection.preset === undefined) return undefined;
  const presets = selection.presets ?? {};
  // A built-in preset not redefined in `presets`: the tools that declare it (or a smaller one).
  if (!Object.hasOwn(presets, selection.preset) && (TOOL_PRESETS as readonly string[]).includes(selection.preset)) {
    const preset = selection.preset as ToolPreset;
    return all.filter((tool) => inToolPreset(tool.preset, preset)).map((tool) => tool.name);
  }
  if (!Object.hasOwn(presets, selection.preset)) {
    const knownPresets = [...new Set([...Object.keys(presets), ...TOOL_PRESETS])];
    throw new ConfigurationError(`Unknown tool preset "${selection.preset}". Known presets: ${knownPresets.length > 0 ? knownPresets.join(", ") : "none"}.`, {
      details: { preset: selection.preset, knownPresets },
    });
  }
  return presets[selection.preset];
}

function assertKnownNames(known: ReadonlySet<string>, lists: ReadonlyArray<readonly [source: string, names: readonly string[] | undefined]>): void {
  const unknown: string[] = [];
  for (const [source, names] of lists) {
    for (const name of new Set(names ?? [])) if (!known.has(name)) unknown.push(`"${name}" (${source})`);
  }
  if (unknown.length === 0) return;
  const available = [...known];
  throw new ConfigurationError(
    `Tool selection names unknown tools: ${unknown.join(", ")}. Registered tools: ${available.length > 0 ? available.join(", ") : "none"}.`,
    { details: { unknown, available } },
  );
}
