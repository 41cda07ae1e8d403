import { ConfigurationError, TOOL_PRESETS, checkOptions, optionIs as is, requiredOption, type OptionRules } from "@baton/core";
import { toolsAllowedBy } from "@baton/core/tool-access";
import type { AgentDefinition, AgentDefinitionOptions } from "./agent-definition.js";
import { activate, chainStartingAt } from "./activation.js";
import { agentTool } from "./agent-tool.js";
import { assertAgentName } from "./agent-name.js";
import { runSettingsOf } from "./run-settings.js";
import { agentConfig, modelProvider } from "../validation/option-rules.js";

/** Default `maxHandoffs`: most handoffs of one chain (A → B → C → D is 3). */
export const DEFAULT_MAX_HANDOFFS = 3;

/**
 * The keys of an agent definition ({@link AgentDefinitionOptions}), with their rules:
 * a definition is written by hand, so a misspelt key (`instruction`) is an error, not
 * a silently missing setting.
 */
const DEFINITION_RULES: OptionRules = {
  name: requiredOption(is.string),
  description: requiredOption(is.string),
  instructions: requiredOption(is.string),
  tools: is.array,
  config: agentConfig,
  model: is.nonEmptyString,
  provider: modelProvider,
  handoffs: is.either(is.array, is.function),
  toolCallLimit: is.nonNegativeInteger,
  maxIterations: is.positiveInteger,
  maxHandoffs: is.nonNegativeInteger,
  toolPreset: is.oneOf(...TOOL_PRESETS),
  allowedTools: is.stringArray,
  disallowedTools: is.stringArray,
};

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
 *
 * @throws ConfigurationError for a key a definition does not have (e.g.
 *   `defineAgent(): unknown option "instruction". Accepted options: name, description,
 *   instructions, tools, config, model, provider, handoffs, toolCallLimit,
 *   maxIterations, maxHandoffs, toolPreset, allowedTools, disallowedTools.`), a missing
 *   `name`, `description` or `instructions`, a value of the wrong type, an invalid
 *   name, a blank description, or tool lists naming tools the agent does not have.
 */
export function defineAgent(options: AgentDefinitionOptions): AgentDefinition {
  checkOptions("defineAgent", options, DEFINITION_RULES);
  assertAgentName(options.name);
  if (options.description.trim().length === 0) throw new ConfigurationError(`Agent "${options.name}" needs a description.`);
  const maxHandoffs = options.maxHandoffs ?? DEFAULT_MAX_HANDOFFS;
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
      checkOptions("runOptions", setup, { maxHandoffs: is.nonNegativeInteger });
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
