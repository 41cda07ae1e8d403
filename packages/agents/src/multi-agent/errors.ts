import { BatonError, ERROR_CODES } from "@baton/core";
import { AGENTS_ERROR_CODES } from "../errors/agents-error-codes.js";

/** Stable code of {@link HandoffDepthExceededError} (in {@link AGENTS_ERROR_CODES}). */
export const HANDOFF_DEPTH_EXCEEDED = AGENTS_ERROR_CODES.HANDOFF_DEPTH_EXCEEDED;
/** Stable code of {@link SubAgentFailedError} (core's class and code). */
export const SUB_AGENT_FAILED = ERROR_CODES.SUB_AGENT_FAILED;

/**
 * A handoff that would make the chain of handoffs longer than allowed
 * (`maxHandoffs` of the agent the chain started from). Thrown by a `transfer_to_<name>`
 * tool, so the model of the agent that tried sees it as a tool error and must answer
 * itself. `details`: `chain` (agent names, the refused target last), `maxHandoffs`.
 */
export class HandoffDepthExceededError extends BatonError {
  constructor(
    /** The agent names of the chain, the refused target last. */
    readonly chain: readonly string[],
    readonly maxHandoffs: number,
  ) {
    super(
      HANDOFF_DEPTH_EXCEEDED,
      `Cannot hand off to "${chain.at(-1) ?? ""}": the handoff chain ${chain.join(" → ")} would exceed the maximum of ${maxHandoffs} handoff${maxHandoffs === 1 ? "" : "s"} (${HANDOFF_DEPTH_EXCEEDED}). Answer the user yourself.`,
      { details: { chain: [...chain], maxHandoffs } },
    );
  }
}

/**
 * A delegated agent (`asTool`) or a handoff target that could not give an answer:
 * it failed, was stopped by a budget, could not start (e.g. `MAX_DEPTH_EXCEEDED`) or
 * ended with no text. The calling agent's model sees it as a tool error. The class is
 * core's (the loop's `ctx.runSubAgent()` rejects with it too), re-exported here.
 */
export { SubAgentFailedError } from "@baton/core";
