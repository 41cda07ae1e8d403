import type { AgentConfig, ModelProvider, Tool } from "@baton/core";
import type { TemplateAgentOptions } from "@baton/agents";
import { createProvider } from "../provider/create-provider.js";
import type { ProviderChoice } from "../provider/provider-choice.js";
import { builtinTools } from "../tools/builtin-tools.js";
import { loadToolModules } from "../tools/load-tool-modules.js";

/** A template read from a file: the value and where it came from. */
export interface TemplateSource {
  /** The template, as read from its file (validated again when the agent is built). */
  readonly template: unknown;
  readonly path: string;
}

/** What an agent is built from: a parsed template and the command's choices. */
export interface AgentRecipe {
  /** The template, as read from its file (validated again here). */
  readonly template: unknown;
  readonly templatePath: string;
  /** Templates of sub-agents (`--agent`): each becomes a tool named after its agent, in order (one may use those before it). */
  readonly agents: readonly TemplateSource[];
  readonly provider: ProviderChoice;
  /** Absolute paths of `--tools` modules. */
  readonly toolModules: readonly string[];
  /** Tools whose calls wait for a person's decision. */
  readonly requireApproval: readonly string[];
  /** The folder the built-in file tools may read. */
  readonly cwd: string;
}

/** The agent: run options for `stream()` / `resumeStream()` of `@baton/loop`, without input or storage. */
export type BuiltAgent = TemplateAgentOptions;

/**
 * Builds the agent of a template: the tools it names (built-in ones, then those of
 * `--tools` modules, which win, then the `--agent` templates as agent tools), the
 * provider, its orchestration steps and the approvals asked for. The same recipe gives the same agent, so `baton resume`
 * continues a run with the agent that started it.
 *
 * @throws AgentTemplateError (`INVALID_AGENT_DEFINITION`) for an invalid template or a tool it names that no source gives.
 */
export async function buildAgent(recipe: AgentRecipe): Promise<BuiltAgent> {
  const [{ agentFromTemplate, approvals, createOrchestration, parseAgentTemplate }, { composeConfigs }, moduleTools, provider] = await Promise.all([
    import("@baton/agents"),
    import("@baton/core"),
    loadToolModules(recipe.toolModules),
    createProvider(recipe.provider),
  ]);
  const template = parseAgentTemplate(recipe.template, { source: recipe.templatePath });
  const tools: Record<string, Tool> = { ...builtinTools(recipe.cwd) };
  for (const tool of moduleTools) tools[tool.name] = tool;
  const providers: Record<string, ModelProvider> = { [recipe.provider.kind]: provider };
  if (recipe.agents.length > 0) {
    const { defineAgent } = await import("@baton/agents");
    for (const source of recipe.agents) {
      const sub = parseAgentTemplate(source.template, { source: source.path });
      const options = agentFromTemplate(sub, {
        tools,
        provider,
        providers,
        ...(sub.steps === undefined ? {} : { config: createOrchestration(sub.steps).config }),
      });
      const agent = defineAgent({
        name: options.agentName,
        description: sub.description ?? `The ${options.agentName} agent (${source.path}).`,
        instructions: options.instructions,
        tools: options.tools,
        config: options.config,
        model: options.model,
        provider: options.provider,
        ...(options.toolCallLimit === undefined ? {} : { toolCallLimit: options.toolCallLimit }),
        ...(options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations }),
      });
      tools[agent.name] = agent.asTool();
    }
  }
  const configs: AgentConfig[] = [];
  if (template.steps !== undefined) configs.push(createOrchestration(template.steps).config);
  if (recipe.requireApproval.length > 0) configs.push(approvals({ needsApproval: [...recipe.requireApproval] }));
  return agentFromTemplate(template, { tools, provider, providers, ...(configs.length > 0 ? { config: composeConfigs(...configs) } : {}) });
}
