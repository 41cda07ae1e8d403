import { ConfigurationError, composeConfigs, type AgentConfig, type Tool } from "@baton/core";
import type { AgentDefinition } from "./agent-definition.js";
import { handoffHooks } from "./handoff-config.js";
import { transferTool } from "./transfer-tool.js";

/** The handoffs made so far in a chain, and how many it may make. */
export interface HandoffChain {
  /** Agent names from the entry agent to the active one. */
  readonly agents: readonly string[];
  readonly maxHandoffs: number;
}

/** An agent ready to run at one place of a handoff chain. */
export interface Activation {
  readonly instructions: string;
  /** Its tools, then one `transfer_to_<name>` per handoff. */
  readonly tools: readonly Tool[];
  /** Its config composed with the handoff hooks (its own config when it has no handoffs). */
  readonly config: AgentConfig;
}

/** The entry of a new chain: the agent itself, with its own (or the given) handoff limit. */
export function chainStartingAt(definition: AgentDefinition, maxHandoffs?: number): HandoffChain {
  return { agents: [definition.name], maxHandoffs: maxHandoffs ?? definition.maxHandoffs };
}

/**
 * Prepares `definition` to run as the active agent of `chain`: its transfer tools
 * continue the chain, and its config ends the run once a transfer answered.
 */
export function activate(definition: AgentDefinition, chain: HandoffChain): Activation {
  const targets = definition.handoffs;
  if (targets.length === 0) return { instructions: definition.instructions, tools: definition.tools, config: definition.config ?? {} };
  const seen = new Set<string>();
  for (const target of targets) {
    if (seen.has(target.name)) throw new ConfigurationError(`Agent "${definition.name}" lists the handoff "${target.name}" twice.`);
    seen.add(target.name);
  }
  const transfers = targets.map((target) => transferTool({ from: definition, target, chain, activate }));
  return {
    instructions: definition.instructions,
    tools: [...definition.tools, ...transfers],
    config: composeConfigs(definition.config, handoffHooks(new Set(transfers.map((tool) => tool.name)))),
  };
}
