import type { StreamEvent } from "@baton/core";

/**
 * The progress message an MCP client sees for a run event, or undefined for events
 * that are not worth one (text deltas, usage, …): model steps, tool calls, their
 * progress and their outcome, of the agent and of its sub-agents.
 *
 * @example defaultProgressMessage({ type: "tool-start", toolName: "search", … }) // "Calling search"
 */
export function defaultProgressMessage(event: StreamEvent): string | undefined {
  const agent = event.agentPath.includes("/") ? `[${event.agentPath}] ` : "";
  switch (event.type) {
    case "step-start":
      return `${agent}Step ${event.iteration}`;
    case "tool-start":
      return `${agent}Calling ${event.toolName}`;
    case "tool-progress":
      return `${agent}${event.toolName}: ${event.message}`;
    case "tool-done":
      return `${agent}${event.toolName} done`;
    case "tool-error":
      return `${agent}${event.toolName} failed: ${event.error.message}`;
    default:
      return undefined;
  }
}
