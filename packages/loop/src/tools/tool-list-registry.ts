import { DuplicateToolError, toolUsagePrompt, type Tool, type ToolRegistry } from "@baton/core";

/**
 * The registry the loop builds when it is given a plain array of tools. (`@baton/tools`
 * has the full registry, with base prompts, presets and allow/deny lists.)
 */
export class ToolListRegistry implements ToolRegistry {
  private readonly tools = new Map<string, Tool>();
  private cachedList: readonly Tool[] | undefined;

  constructor(tools: readonly Tool[] = []) {
    for (const tool of tools) this.register(tool);
  }

  register(tool: Tool): void {
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

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  list(): readonly Tool[] {
    return (this.cachedList ??= [...this.tools.values()]);
  }

  systemPrompt(): string {
    return toolUsagePrompt(this.list());
  }
}

/** The registry of a run: the given one, or one built from a list of tools. */
export function toRegistry(tools: ToolRegistry | readonly Tool[] | undefined): ToolRegistry {
  if (tools === undefined) return new ToolListRegistry();
  return Array.isArray(tools) ? new ToolListRegistry(tools as readonly Tool[]) : (tools as ToolRegistry);
}
