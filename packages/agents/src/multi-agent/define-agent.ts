import { ConfigurationError, toolsAllowedBy } from "@baton/core";
import type { AgentDefinition, AgentDefinitionOptions } from "./agent-definition.js";
import { activate, chainStartingAt } from "./activation.js";
import { agentTool } from "./agent-tool.js";
import { assertAgentName } from "./agent-name.js";
import { runSettingsOf } from "./run-settings.js";

/** Default `maxHandoffs`: most handoffs of one chain (A → B → C → D is 3). */
export const DEFAULT_MAX_HANDOFFS = 3;

/**
 * Defines an agent: name, description, instructions, tools, config and the agents it
 * may hand off to. Use it as a run's agent (`run({ provider, model, input,
 * ...agent.runOptions() })`), as a tool of another agent (`agent.asTool()`), or as a
 * handoff target (`handoffs: [agent]`).
 *
 * @example
 * const billing = defineAgent({ name: "billing", description: "Invoices and refunds.", instructions: "You handle billing.", tools: [refund] });
 * const triage = defineAgent({ name: "triage", description: "First contact.", instructions: "Route the user.", handoffs: [billing] });
 * const result = await run({ provider, model: "gpt-4.1", input: "I want a refund", ...triage.runOptions() });
 * handoffOf(result)?.answeredBy; // "billing"
 */
export function defineAgent(options: AgentDefinitionOptions): AgentDefinition {
  assertAgentName(options.name);
  if (options.description.trim().length === 0) throw new ConfigurationError(`Agent "${options.name}" needs a description.`);
  const maxHandoffs = options.maxHandoffs ?? DEFAULT_MAX_HANDOFFS;
  if (!Number.isInteger(maxHandoffs) || maxHandoffs < 0) {
    throw new ConfigurationError(`Agent "${options.name}": maxHandoffs must be a whole number of 0 or more (got ${maxHandoffs}).`);
  }
  const handoffs = options.handoffs;
  const definition: AgentDefinition = {
    name: options.name,
    description: options.description,
    instructions: options.instructions,
    tools: toolsAllowedBy(options.tools ?? [], options, `Agent "${options.name}"`),
    ...(options.config === undefined ? {} : { config: options.config }),
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.provider === undefined ? {} : { provider: options.provider }),
    get handoffs() {
      return typeof handoffs === "function" ? handoffs() : (handoffs ?? []);
    },
    ...(options.toolCallLimit === undefined ? {} : { toolCallLimit: options.toolCallLimit }),
    ...(options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations }),
    maxHandoffs,
    asTool: (toolOptions) => agentTool(definition, toolOptions),
    runOptions: (setup = {}) => {
      const agent = activate(definition, chainStartingAt(definition, setup.maxHandoffs));
      return {
        agentName: definition.name,
        instructions: agent.instructions,
        tools: agent.tools,
        config: agent.config,
        ...runSettingsOf(definition),
      };
    },
  };
  return definition;
}
