import type { Tool, ToolDefinition } from "@baton/core";
import { toolDefinition } from "./tool-definitions.js";

/** The definitions and names of a registry's tools, recomputed only when the registry's list changes. */
export class OfferedTools {
  private source: readonly Tool[] | undefined;
  definitions: readonly ToolDefinition[] = [];
  names: readonly string[] = [];
  /** `names` as a set. */
  nameSet: ReadonlySet<string> = new Set();

  /** Reads the registry's current list (cheap when it did not change). */
  update(tools: readonly Tool[]): void {
    if (tools === this.source) return;
    this.source = tools;
    this.definitions = tools.map(toolDefinition);
    this.names = tools.map((tool) => tool.name);
    this.nameSet = new Set(this.names);
  }
}
