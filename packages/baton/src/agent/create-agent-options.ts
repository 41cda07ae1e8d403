import type { ToolAccess } from "@baton/core";
import type { RunOptions } from "@baton/loop";

/**
 * The run options an agent fixes once: every `RunOptions` field except the input, the
 * state to resume with its decisions, and the per-call ones (see `AgentRunOptions`).
 * `agentName` is left out because the agent's `name` plays that part.
 */
export type AgentDefaults = Omit<RunOptions, "input" | "resume" | "decisions" | "signal" | "runId" | "onEvent" | "conversationId" | "context" | "agentName">;

/**
 * Options of `createAgent`: the loop's run options that stay the same for every run
 * of the agent (provider, model, instructions, tools, config, limits, storage, …),
 * plus the agent's name and which of its tools it may use: `toolPreset` (`readonly`,
 * `readwrite` or `full`: the tools that declare that preset or a smaller one), then
 * `allowedTools`, then `disallowedTools` — a tool left out is neither offered nor run.
 *
 * @example
 * const options: CreateAgentOptions = {
 *   name: "researcher",
 *   provider: scriptedModel(["Hello!"]),
 *   model: "test-model",
 *   instructions: "Answer briefly.",
 *   tools: [calculator],
 *   toolCallLimit: 10,
 * };
 */
export interface CreateAgentOptions extends AgentDefaults, ToolAccess {
  /**
   * The agent's name: the root of its agent paths (`main`, `main/researcher#1`, …).
   * Letters, digits, `_`, `-` and `.`. Default `main`.
   */
  readonly name?: string;
}
