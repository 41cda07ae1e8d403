import type { Tool } from "./tool.js";

/**
 * The set of tools of a run. `@baton/tools` provides the standard implementation;
 * the loop only needs `get` and `list`.
 */
export interface ToolRegistry {
  /** Adds a tool; throws `DuplicateToolError` for a name already registered. */
  register(tool: Tool): void;
  /** Removes a tool by name; returns whether it was there. */
  unregister(name: string): boolean;
  /** Removes every tool. */
  clear(): void;
  /** The tool with this name; undefined when none is registered. */
  get(name: string): Tool | undefined;
  /** The tools in registration order. */
  list(): readonly Tool[];
  /**
   * The system prompt fragment of this registry: its base prompt followed by each
   * tool's selection rule. Empty when there is nothing to say.
   */
  systemPrompt?(): string;
}
