import { composeConfigs, type AgentConfig } from "@baton/core";

const composed = new WeakMap<AgentConfig, AgentConfig>();
const EMPTY: AgentConfig = composeConfigs();

/**
 * The config a run uses: the given one composed (hooks bound to their config, class
 * methods included), made once per config object.
 */
export function configOf(config: AgentConfig | undefined): AgentConfig {
  if (config === undefined) return EMPTY;
  let resolved = composed.get(config);
  if (!resolved) {
    resolved = composeConfigs(config);
    composed.set(config, resolved);
  }
  return resolved;
}
