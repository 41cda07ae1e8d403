import type { ToolAccess, ToolRegistry } from "@baton/core";
import { restrictsTools, toolsAllowedBy } from "@baton/core/tool-access";
import { ToolSet } from "@baton/tools";
import type { RunOptions } from "@baton/loop";
import { AGENT_RUN_OPTION_KEYS, type AgentRunOptions } from "./agent-run-options.js";
import type { AgentDefaults } from "./create-agent-options.js";

/** What an agent fixed at creation: its name, registry and default run options. */
export interface AgentSetup {
  readonly name: string;
  readonly registry: ToolRegistry;
  readonly defaults: AgentDefaults;
  /** Which of the registry's tools its runs may use. */
  readonly access: ToolAccess;
}

/** The tools a run of the agent gets: its registry, or the part of it `access` allows (read when the run starts). */
function runTools(setup: AgentSetup): ToolRegistry {
  if (!restrictsTools(setup.access)) return setup.registry;
  return new ToolSet(toolsAllowedBy(setup.registry.list(), setup.access, `Agent "${setup.name}"`));
}

/**
 * The loop's options for one call of an agent, without what the call runs (an
 * `input`, or the state it `resume`s): the agent's defaults, its name as the agent
 * name, its registry (the loop gives each run its own copy) less the tools its
 * `toolPreset`, `allowedTools` and `disallowedTools` leave out, and the per-call
 * options that are set (an `undefined` per-call value keeps the agent's default).
 */
export function runOptionsFor(setup: AgentSetup, options: AgentRunOptions = {}): RunOptions {
  const perCall: Record<string, unknown> = {};
  for (const key of AGENT_RUN_OPTION_KEYS) {
    if (options[key] !== undefined) perCall[key] = options[key];
  }
  return {
    ...setup.defaults,
    ...(perCall as AgentRunOptions),
    agentName: setup.name,
    tools: runTools(setup),
  };
}
