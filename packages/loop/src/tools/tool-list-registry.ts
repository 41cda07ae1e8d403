import { DuplicateToolError, checkToolShape, toolUsagePrompt, type Tool, type ToolRegistry } from "@baton/core";

/**
 * A run's own registry. The loop copies the tools it is given into one of these, so a
 * hook that changes the run's tools (for example `clear()` before a final turn)
 * changes neither the caller's registry nor other runs sharing it. (`@baton/tools` has
 * the full registry, with base prompts, presets and allow/deny lists.)
 */
export class ToolListRegistry implements ToolRegistry {
  private readonly tools = new Map<string, Tool>();
  private cachedList: readonly Tool[] | undefined;

  /**
   * @param tools the tools, in order.
   * @param prompt the system prompt to report; by default the tools' selection rules.
   */
  constructor(
    tools: readonly Tool[] = [],
    private readonly prompt?: string,
  ) {
    for (const tool of tools) this.register(tool);
  }

  /**
   * Adds a tool. Throws a `ConfigurationError` for a tool without a string name or an
   * `execute` function, and `DuplicateToolError` when the name is taken.
   */
  register(tool: Tool): void {
    checkToolShape(tool);
    if (this.tools.has(tool.name)) throw new DuplicateToolError(tool.name);
    this.tools.set(tool.name, tool);
    this.cachedList = undefined;
  }

  unregister(name: string): boolean {
    this.cachedList = undefined;
    return this.tools.delete(name);
  }

  clear(): void {
    this.tools.clear();
    this.cachedList = undefined;
  }

  /** The tool with this name; undefined when none is registered. */
  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  list(): readonly Tool[] {
    return (this.cachedList ??= [...this.tools.values()]);
  }

  systemPrompt(): string {
    return this.prompt ?? toolUsagePrompt(this.list());
  }
}

/**
 * The registry of a run: a copy of the given tools as they are when the run starts,
 * keeping a given registry's system prompt (its base prompt and selection rules).
 * Throws a `ConfigurationError` for a tool without a string name or an `execute`
 * function (see {@link checkToolShape}).
 */
export function toRegistry(tools: ToolRegistry | readonly Tool[] | undefined): ToolRegistry {
  if (tools === undefined) return new ToolListRegistry();
  if (Array.isArray(tools)) return new ToolListRegistry(tools as readonly Tool[]);
  const registry = tools as ToolRegistry;
  return new ToolListRegistry(registry.list(), registry.systemPrompt?.() ?? "");
}
