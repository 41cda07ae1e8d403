import type { AgentConfig, Message, ModelProvider, Tool, ToolAccess } from "@baton/core";
import type { z } from "zod";

/**
 * What {@link defineAgent} takes. `toolPreset`, `allowedTools` and `disallowedTools`
 * (applied in that order) narrow its `tools`: a tool left out is neither offered nor run.
 */
export interface AgentDefinitionOptions extends ToolAccess {
  /**
   * The agent's name: letters, digits, `_` and `-` (at most 52 characters). It names
   * the agent in agent paths (`main/<name>#1`), its tool (`asTool`) and the tool that
   * hands off to it (`transfer_to_<name>`).
   */
  readonly name: string;
  /** What the agent does, for the models that may delegate or hand off to it. */
  readonly description: string;
  /** The agent's system prompt. */
  readonly instructions: string;
  /** Its own tools (the `transfer_to_*` tools of its handoffs are added). */
  readonly tools?: readonly Tool[];
  /** Its hooks (the handoff hooks are layered on top). */
  readonly config?: AgentConfig;
  /** Model id; the calling run's when absent. */
  readonly model?: string;
  /** Provider; the calling run's when absent. */
  readonly provider?: ModelProvider;
  /**
   * Agents this one may hand control to. A function lets two agents hand off to each
   * other (`handoffs: () => [billing]`); it is read when the agent starts.
   */
  readonly handoffs?: readonly AgentDefinition[] | (() => readonly AgentDefinition[]);
  /** Its tool-call limit (default: the config's, else the loop's 25). */
  readonly toolCallLimit?: number;
  /** Its maximum model calls (default: the calling run's). */
  readonly maxIterations?: number;
  /**
   * Most handoffs a chain started by this agent may make (A → B → C is 2). A handoff
   * past it is refused with {@link HandoffDepthExceededError}. Default 3.
   */
  readonly maxHandoffs?: number;
}

/** Options of {@link AgentDefinition.asTool}. */
export interface AgentToolOptions<TInput = { readonly input: string }> {
  /** Tool name. Default: the agent's name. */
  readonly name?: string;
  /** Tool description. Default: the agent's description. */
  readonly description?: string;
  /**
   * A zod schema of the tool's arguments (an object). The arguments are checked
   * against it and handed to the agent as JSON text (or through `formatInput`).
   * Default: one required string argument, `input`.
   */
  readonly inputSchema?: z.ZodType<TInput>;
  /** Turns checked arguments into the agent's input. Default: `input` as is, or the arguments as JSON. */
  readonly formatInput?: (args: TInput) => string | readonly Message[];
}

/**
 * What {@link AgentDefinition.runOptions} gives: the agent-specific part of `run()`'s
 * options of `@baton/loop` (spread it in next to `provider`, `model` and `input`).
 */
export interface AgentRunOptions {
  /** The agent's name, as the root of agent paths. */
  readonly agentName: string;
  readonly instructions: string;
  /** Its tools plus a `transfer_to_<name>` tool per handoff. */
  readonly tools: readonly Tool[];
  /** Its config with the handoff hooks layered on top. */
  readonly config: AgentConfig;
  readonly model?: string;
  readonly provider?: ModelProvider;
  readonly toolCallLimit?: number;
  readonly maxIterations?: number;
}

/** Options of {@link AgentDefinition.runOptions}. */
export interface AgentRunSetup {
  /** Overrides the definition's `maxHandoffs` for runs started with these options. */
  readonly maxHandoffs?: number;
}

/**
 * An agent: a plain object holding its name, description, instructions, tools,
 * config and handoffs, usable as a run's agent (`runOptions()`), as another agent's
 * tool (`asTool()`) or as a handoff target. Built by {@link defineAgent}.
 */
export interface AgentDefinition {
  readonly name: string;
  readonly description: string;
  readonly instructions: string;
  readonly tools: readonly Tool[];
  readonly config?: AgentConfig;
  readonly model?: string;
  readonly provider?: ModelProvider;
  /** The agents it may hand control to (resolved when read). */
  readonly handoffs: readonly AgentDefinition[];
  readonly toolCallLimit?: number;
  readonly maxIterations?: number;
  /** Most handoffs of a chain this agent starts. */
  readonly maxHandoffs: number;
  /**
   * The agent as a tool (delegation): the tool runs the agent as a nested run of the
   * calling agent, with the tool's input as its task, and returns its final text;
   * control then returns to the caller. The nested run's events stream into the
   * caller's with path `<caller>/<name>#<n>`; its usage and tool calls merge into the
   * caller's. Details of the nested run (path, stop reason, usage, tool calls) are in
   * the call's tool metadata under `subAgent`. A failed nested run is a tool error
   * ({@link SubAgentFailedError}). Unknown options or values of the wrong type throw a
   * `ConfigurationError` (accepted: `name`, `description`, `inputSchema`, `formatInput`).
   */
  asTool<TInput = { readonly input: string }>(options?: AgentToolOptions<TInput>): Tool;
  /**
   * What to spread into `run()` / `stream()` of `@baton/loop` to run this agent as
   * the entry of a conversation, with its handoffs working:
   * `run({ provider, model, input, ...agent.runOptions() })`. Unknown options or values
   * of the wrong type throw a `ConfigurationError` (accepted: `maxHandoffs`).
   */
  runOptions(setup?: AgentRunSetup): AgentRunOptions;
}
