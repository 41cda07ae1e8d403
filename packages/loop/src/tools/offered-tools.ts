import type { Tool, ToolDefinition } from "@baton/core";
import { toolDefinition } from "./tool-definitions.js";

const NONE: readonly never[] = [];
const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * The last offered tools made for each first tool: runs given the same tools (an agent
 * defined once and run many times) share their definitions, names and set instead of
 * each building its own.
 */
const sharedByFirstTool = new WeakMap<Tool, OfferedTools>();

/** The definitions and names of a registry's tools, recomputed only when the registry's list changes. */
export class OfferedTools {
  private source: readonly Tool[] = NONE;
  definitions: readonly ToolDefinition[] = NONE;
  names: readonly string[] = NONE;
  /** `names` as a set. */
  nameSet: ReadonlySet<string> = NO_NAMES;

  /** Reads the registry's current list (cheap when it did not change). */
  update(tools: readonly Tool[]): void {
    if (tools === this.source) return;
    const first = tools[0];
    const known = first && sharedByFirstTool.get(first);
    if (known && known.source.length === tools.length && known.source.every((tool, i) => tool === tools[i])) {
      this.definitions = known.definitions;
      this.names = known.names;
      this.nameSet = known.nameSet;
    } else {
      this.definitions = tools.map(toolDefinition);
      this.names = tools.map((tool) => tool.name);
      this.nameSet = new Set(this.names);
      if (first) sharedByFirstTool.set(first, this);
    }
    this.source = tools;
  }
}
