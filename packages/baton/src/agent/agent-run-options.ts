import type { RunOptions } from "@baton/loop";

/**
 * The run options that may change from one call of an agent to the next. Everything
 * else is fixed when the agent is created. Kept as a list so the type and the code
 * that copies these options cannot drift apart.
 */
export const AGENT_RUN_OPTION_KEYS = [
  "signal",
  "runId",
  "onEvent",
  "sinks",
  "streamHighWaterMark",
  "conversationId",
  "userId",
  "context",
  "toolCallLimit",
  "retryableErrorEnds",
  "onClaim",
] as const;

/**
 * Options of one `agent.run()` / `agent.stream()` call: the abort signal, run id,
 * event callback and sinks (an `EventHub` or a `RunSession`'s sink), the stream's
 * high-water mark, conversation id and end-user id (with `storage`), application context handed to
 * tools and hooks, a tool-call limit that overrides the agent's for this call, what a
 * retryable model error ends (`retryableErrorEnds`: the run, or — for a job queue that
 * retries the run later — only this attempt), and who is told the run's claim and its
 * fencing token (`onClaim`: a queue worker fences the run's relayed events with it).
 */
export type AgentRunOptions = Pick<RunOptions, (typeof AGENT_RUN_OPTION_KEYS)[number]>;
