import { checkOptions, isBatonError, optionIs as is, type Tool } from "@baton/core";
import type { AgentDefinition, AgentToolOptions } from "./agent-definition.js";
import { activate, chainStartingAt } from "./activation.js";
import { agentInput } from "./agent-input.js";
import { assertAgentName } from "./agent-name.js";
import { runNested, summarizeNestedRun } from "./nested-run.js";
import { runSettingsOf } from "./run-settings.js";

/**
 * `definition` as a tool (delegation). The tool runs the agent as a nested run of the
 * calling agent, with its own instructions, tools, config and handoffs (a chain of its
 * own: the handoffs end inside the tool), and returns the answer text. The call's
 * metadata gets `subAgent` (a {@link NestedRunSummary}) or, on failure, `error`. Its
 * `effects` are `idempotent`: what it does is the nested run's tool calls, each
 * journaled (and declared) on its own, so a call of it in doubt on resume runs again.
 *
 * @throws ConfigurationError (as `asTool()`) for an unknown option (accepted: `name`,
 *   `description`, `inputSchema`, `formatInput`) or a value of the wrong type.
 */
export function agentTool<TInput>(definition: AgentDefinition, options: AgentToolOptions<TInput> = {}): Tool {
  checkOptions("asTool", options, {
    name: is.string,
    description: is.nonEmptyString,
    inputSchema: is.objectWith("a zod schema", "safeParse"),
    formatInput: is.function,
  });
  const name = options.name ?? definition.name;
  if (options.name !== undefined) assertAgentName(name, "tool name");
  const input = agentInput(name, definition.name, options);
  return {
    name,
    description: options.description ?? definition.description,
    parameters: input.parameters,
    effects: "idempotent",
    validate: (args) => input.validate(args),
    execute: async (args, ctx) => {
      try {
        const agent = activate(definition, chainStartingAt(definition));
        const result = await runNested(
          ctx,
          {
            name: definition.name,
            input: input.format(args),
            instructions: agent.instructions,
            tools: agent.tools,
            config: agent.config,
            ...runSettingsOf(definition),
          },
          `Agent "${definition.name}"`,
        );
        ctx.metadata.subAgent = summarizeNestedRun(definition.name, result);
        return result.text;
      } catch (error) {
        if (isBatonError(error) && !ctx.signal.aborted) ctx.metadata.error = error.toJSON();
        throw error;
      }
    },
  };
}
