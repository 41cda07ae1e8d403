import type { InterruptDecisions } from "@baton/core";
import type { AgentRunOptions } from "./agent-run-options.js";

/**
 * Options of `agent.continue()` and `agent.continueStream()`: the per-call options of
 * {@link AgentRunOptions} except the run id, conversation id and user id, which the
 * run's state already holds.
 *
 * @example
 * const options: AgentContinueOptions = { signal: request.signal, context: { tenant: "acme" } };
 * const result = await agent.continue(savedState, { call_1: { approve: true } }, options);
 */
export type AgentContinueOptions = Omit<AgentRunOptions, "runId" | "conversationId" | "userId">;

/**
 * Options of `agent.resume()`: those of {@link AgentContinueOptions}, plus the answers
 * to what a paused run waits for (`result.interruptions`), by interruption id.
 *
 * @example
 * const result = await agent.resume("run-42", { decisions: { call_1: { approve: false, reason: "Too expensive." } } });
 */
export interface AgentResumeOptions extends AgentContinueOptions {
  /** `{ approve: true }`, `{ approve: false, reason }` or `{ answer }` per interruption id. */
  readonly decisions?: InterruptDecisions;
}
