import type { DataPolicy } from "@baton/core";

/**
 * A data policy that stores all text but only the calls and results of the named
 * tools: every other tool call and result is never written.
 *
 * @example
 * const policy = onlyToolsPolicy(["researcher_agent", "report_generation"]);
 */
export function onlyToolsPolicy(toolNames: Iterable<string>): DataPolicy {
  const kept = new Set(toolNames);
  const filter = (toolName: string): boolean => kept.has(toolName);
  return Object.freeze({ storeText: true, storeToolCalls: true, storeToolResults: true, filterToolCalls: filter, filterToolResults: filter });
}

/**
 * A data policy that stores everything except the calls and results of the named tools.
 *
 * @example
 * const config: AgentConfig = { dataPolicy: exceptToolsPolicy(["search_history"]) };
 */
export function exceptToolsPolicy(toolNames: Iterable<string>): DataPolicy {
  const dropped = new Set(toolNames);
  const filter = (toolName: string): boolean => !dropped.has(toolName);
  return Object.freeze({ storeText: true, storeToolCalls: true, storeToolResults: true, filterToolCalls: filter, filterToolResults: filter });
}
