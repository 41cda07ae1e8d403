import type { AgentConfig } from "@baton/core";

/** The hook names of an {@link AgentConfig}. */
const HOOKS = [
  "initializeAgentState",
  "shouldContinueLoop",
  "shouldSendTools",
  "getModelId",
  "onNoToolCalls",
  "processToolCalls",
  "onToolsSelected",
  "onToolProgress",
  "preprocessToolArguments",
  "handleSpecialTools",
  "calculateUsage",
  "getDataPolicy",
] as const;

/**
 * A plain-object copy of a config whose hooks stay bound to the original (so a
 * class-based config keeps its `this` and its inherited methods), ready to have
 * some hooks replaced by wrappers.
 */
export function copyConfig(config: AgentConfig | undefined): AgentConfig {
  if (!config) return {};
  const copy: Record<string, unknown> = { ...config };
  const source = config as unknown as Record<string, unknown>;
  for (const hook of HOOKS) {
    const fn = source[hook];
    if (typeof fn === "function") copy[hook] = (fn as (...args: unknown[]) => unknown).bind(config);
  }
  return copy as AgentConfig;
}
