import { ToolExecutionError, type Tool, type ToolArgumentsCheck } from "@baton/core";
import type { ToolArchive } from "./tool-archive.js";

/** Arguments of the `get_tool_response` tool. */
export interface GetToolResponseArgs {
  readonly id: string;
}

/**
 * The built-in `get_tool_response` tool: returns the raw output of a tool result
 * that {@link archiveLargeToolOutputs} replaced with a marker. Register it with the
 * run's tools, passing the same archive.
 *
 * @example
 * const archive = new InMemoryToolArchive();
 * const engine = createContextEngine({ counter, strategies: archiveLargeToolOutputs({ maxTokens: 2000, archive }) });
 * await run({ ..., tools: [...tools, getToolResponseTool(archive)], contextEngine: engine });
 */
export function getToolResponseTool(archive: ToolArchive): Tool<GetToolResponseArgs, unknown> {
  return {
    name: "get_tool_response",
    description: "Returns the full output of an earlier tool call whose output was archived to save context. Pass the id named in the archive marker.",
    parameters: {
      type: "object",
      properties: { id: { type: "string", description: "The archive id from the marker." } },
      required: ["id"],
      additionalProperties: false,
    },
    validate(args: unknown): ToolArgumentsCheck<GetToolResponseArgs> {
      if (typeof args === "object" && args !== null && typeof (args as { id?: unknown }).id === "string") {
        return { success: true, value: { id: (args as { id: string }).id } };
      }
      return { success: false, issues: ["`id` must be a string"] };
    },
    async execute({ id }) {
      const entry = await archive.get(id);
      if (entry === undefined) throw new ToolExecutionError("get_tool_response", `No archived tool output has the id "${id}".`);
      return entry.result;
    },
  };
}
