import type { EventSink, RunResult } from "@baton/core";

/** Options `serveAgentOverMcp` gives {@link McpServableAgent.run} for one MCP tool call. */
export interface McpAgentRunOptions {
  /** Aborted when the MCP client cancels the call (or the connection closes). */
  readonly signal: AbortSignal;
  /** Receives the run's events; they become MCP progress notifications. */
  readonly sinks: readonly EventSink[];
}

/**
 * An agent an MCP client can call: what `createAgent()` of the `@baton/sdk` package returns
 * fits as is, and so does `(input, options) => run({ provider, model, tools, input, ...options })`
 * over `@baton/loop`'s `run`.
 */
export interface McpServableAgent {
  /** Runs the agent on the client's message. */
  run(input: string, options: McpAgentRunOptions): Promise<RunResult>;
}
