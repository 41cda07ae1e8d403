import { DuplicateToolError, type Tool, type ToolRegistry } from "@baton/core";

/**
 * The registry handed to a run: the tools offered at its start, with a fixed system
 * prompt (the selection rules of all the orchestrated tools, so the prompt does not
 * change when steps change). The loop copies it when the run starts.
 */
export class StepToolRegistry implements ToolRegistry {
  private readonly tools = new Map<string, Tool>();

  constructor(
    tools: readonly Tool[],
    private readonly prompt: string,
  ) {
    for (const tool of tools) this.register(tool);
  }

  register(tool: Tool): void {
    if (this.tools.has(tool.name)) throw new DuplicateToolError(tool.name);
    this.tools.set(tool.name, tool);
  }

  unregister(name: string): boolean {
    return this.tools.delete(name);
  }

  clear(): void {
    this.tools.clear();
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  list(): readonly Tool[] {
    return [...this.tools.values()];
  }

  systemPrompt(): string {
    return this.prompt;
  }
}
