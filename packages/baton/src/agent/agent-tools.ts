import type { Tool, ToolRegistry } from "@baton/core";
import { ToolSet } from "@baton/tools";

/**
 * The agent's registry: the given registry as is, or a `ToolSet` of the given tools
 * (which throws `DuplicateToolError` on a repeated name), or an empty `ToolSet`.
 */
export function agentRegistry(tools: ToolRegistry | readonly Tool[] | undefined): ToolRegistry {
  if (tools === undefined) return new ToolSet();
  return isToolList(tools) ? new ToolSet(tools) : tools;
}

function isToolList(tools: ToolRegistry | readonly Tool[]): tools is readonly Tool[] {
  return Array.isArray(tools);
}

/**
 * A run's own registry: the agent's tools as they are when the run starts, with the
 * agent registry's system prompt taken at the same moment. Hooks may change it (for
 * example `clear()` before a final turn) without touching the agent or other runs.
 */
class RunToolSet extends ToolSet {
  readonly #prompt: string;

  constructor(source: ToolRegistry) {
    super(source.list());
    this.#prompt = source.systemPrompt?.() ?? "";
  }

  /** The agent registry's system prompt as it was when the run started. */
  override systemPrompt(): string {
    return this.#prompt;
  }
}

/** A copy of the agent's registry for one run (see {@link RunToolSet}). */
export function runRegistry(source: ToolRegistry): ToolRegistry {
  return new RunToolSet(source);
}
