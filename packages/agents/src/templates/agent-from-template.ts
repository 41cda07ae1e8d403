import {
  ConfigurationError,
  STORE_EVERYTHING,
  checkOptions,
  composeConfigs,
  optionIs as is,
  type AgentConfig,
  type DataPolicy,
  type ModelProvider,
  type Tool,
} from "@baton/core";
import type { AgentTemplate } from "./template-schema.js";
import { AgentTemplateError } from "./template-errors.js";
import { agentConfig, modelProvider } from "../validation/option-rules.js";

/** What {@link agentFromTemplate} resolves names against. */
export interface TemplateResolution {
  /** The tools a template may name, by name (or as a list). */
  readonly tools?: Readonly<Record<string, Tool>> | readonly Tool[];
  /** Providers a template may name in `provider`. */
  readonly providers?: Readonly<Record<string, ModelProvider>>;
  /** The provider of templates that name none. */
  readonly provider?: ModelProvider;
  /** A config to build on: composed with the template's settings (its hooks are kept; the template's settings win). */
  readonly config?: AgentConfig;
}

/**
 * Options built from a template: spread them into `run()` of `@baton/loop` with an
 * `input`, or into `createAgent` of `@baton/sdk` with `name: agentName`.
 */
export interface TemplateAgentOptions {
  readonly agentName: string;
  readonly instructions: string;
  readonly model: string;
  readonly provider: ModelProvider;
  readonly tools: readonly Tool[];
  readonly toolCallLimit?: number;
  readonly maxIterations?: number;
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly toolTimeoutMs?: number;
  readonly tokenBudget?: number;
  readonly costBudget?: number;
  /** The config: the given one with the template's tool-call limit, parallelism, non-iterative tools, final-answer instruction and data policy. */
  readonly config: AgentConfig;
}

function toolsByName(tools: TemplateResolution["tools"]): Map<string, Tool> {
  const map = new Map<string, Tool>();
  if (tools === undefined) return map;
  if (Array.isArray(tools)) {
    for (const tool of tools as readonly Tool[]) map.set(tool.name, tool);
    return map;
  }
  for (const [name, tool] of Object.entries(tools as Readonly<Record<string, Tool>>)) {
    // The model, the data policy and nonIterativeTools all see the tool's own name.
    if (tool.name !== name) throw new ConfigurationError(`agentFromTemplate: tools["${name}"] is a tool named "${tool.name}"; key each tool by its own name.`);
    map.set(name, tool);
  }
  return map;
}

function list(names: Iterable<string>): string {
  const all = [...names];
  return all.length > 0 ? all.join(", ") : "none";
}

/** The template's data policy; `undefined` when it has none (the config's, or the default, applies). */
export function templateDataPolicy(policy: AgentTemplate["dataPolicy"]): DataPolicy | undefined {
  if (!policy) return undefined;
  const calls = policy.allowedToolCalls ? new Set(policy.allowedToolCalls) : undefined;
  const results = policy.allowedToolResults ? new Set(policy.allowedToolResults) : undefined;
  return {
    storeText: policy.storeText ?? STORE_EVERYTHING.storeText,
    storeToolCalls: policy.storeToolCalls ?? STORE_EVERYTHING.storeToolCalls,
    storeToolResults: policy.storeToolResults ?? STORE_EVERYTHING.storeToolResults,
    filterToolCalls: calls ? (toolName) => calls.has(toolName) : null,
    filterToolResults: results ? (toolName) => results.has(toolName) : null,
  };
}

/**
 * Turns a parsed template into run options: tools resolved by name, the provider by
 * name (or the default), the limits as run options, and a config carrying the
 * template's agent settings and data policy. Steps run through `createOrchestration(template.steps, …)`.
 *
 * @throws AgentTemplateError (`INVALID_AGENT_DEFINITION`) naming an unknown tool
 *   (`tools[1]: unknown tool "refund"`) or provider and listing the available ones.
 * @throws ConfigurationError (`INVALID_CONFIGURATION`) when no provider is found, or a
 *   tool is keyed by another name than its own, and for an unknown key in `resolution`
 *   (accepted: `tools`, `providers`, `provider`, `config`) or a value of the wrong type.
 *
 * @example
 * const options = agentFromTemplate(await loadAgentTemplate("support.json"), { tools: { search, lookup_order }, provider });
 * const result = await run({ ...options, input: "Where is my order?" });
 */
export function agentFromTemplate(template: AgentTemplate, resolution: TemplateResolution = {}): TemplateAgentOptions {
  checkOptions("agentFromTemplate", resolution, {
    tools: is.either(is.object, is.array),
    providers: is.object,
    provider: modelProvider,
    config: agentConfig,
  });
  const available = toolsByName(resolution.tools);
  const names = template.tools ?? [];
  const unknown = names.map((name, index) => ({ name, index })).filter(({ name }) => !available.has(name));
  if (unknown.length > 0) {
    throw new AgentTemplateError(
      `Agent template "${template.name}" names tools that were not given. Available tools: ${list(available.keys())}.`,
      unknown.map(({ name, index }) => `tools[${index}]: unknown tool "${name}"`),
    );
  }
  let provider = resolution.provider;
  if (template.provider !== undefined) {
    provider = resolution.providers?.[template.provider];
    if (!provider) {
      throw new AgentTemplateError(
        `Agent template "${template.name}" names a provider that was not given. Available providers: ${list(Object.keys(resolution.providers ?? {}))}.`,
        [`provider: unknown provider "${template.provider}"`],
      );
    }
  }
  if (!provider) {
    throw new ConfigurationError(
      `Agent template "${template.name}" needs a provider: name one in its "provider" field (among \`providers\`) or give a default \`provider\` to agentFromTemplate.`,
    );
  }
  const policy = templateDataPolicy(template.dataPolicy);
  const limits = template.limits ?? {};
  const settings: AgentConfig = {
    ...(limits.toolCallLimit === undefined ? {} : { toolCallLimit: limits.toolCallLimit }),
    ...(template.useParallelTools === undefined ? {} : { useParallelTools: template.useParallelTools }),
    ...(template.nonIterativeTools === undefined ? {} : { nonIterativeTools: [...template.nonIterativeTools] }),
    ...(template.finalAnswerInstruction === undefined ? {} : { finalAnswerInstruction: template.finalAnswerInstruction }),
    ...(policy ? { dataPolicy: policy } : {}),
  };
  // The given config's hooks (class methods included) stay; the template's settings win.
  const config = composeConfigs(resolution.config, settings);
  return {
    agentName: template.name,
    instructions: template.instructions,
    model: template.model,
    provider,
    tools: names.map((name) => available.get(name)!),
    ...(limits.toolCallLimit === undefined ? {} : { toolCallLimit: limits.toolCallLimit }),
    ...(limits.maxIterations === undefined ? {} : { maxIterations: limits.maxIterations }),
    ...(limits.maxOutputTokens === undefined ? {} : { maxOutputTokens: limits.maxOutputTokens }),
    ...(limits.temperature === undefined ? {} : { temperature: limits.temperature }),
    ...(limits.toolTimeoutMs === undefined ? {} : { toolTimeoutMs: limits.toolTimeoutMs }),
    ...(limits.tokenBudget === undefined ? {} : { tokenBudget: limits.tokenBudget }),
    ...(limits.costBudget === undefined ? {} : { costBudget: limits.costBudget }),
    config,
  };
}
