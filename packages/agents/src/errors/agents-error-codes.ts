/**
 * Error codes of `@baton/agents`, registered in core's `BatonErrorCodes` (below), so
 * `BatonError`, `isBatonError` and `SerializedError` take them wherever this package
 * is imported. Stable: match on them in logs and `catch` blocks. Its errors also use
 * core's codes: `SUB_AGENT_FAILED` (`SubAgentFailedError`, core's class),
 * `MAX_DEPTH_EXCEEDED`, `INVALID_CONFIGURATION`, `INVALID_RUN_STATE` and
 * `INVALID_DECISIONS`.
 */
export const AGENTS_ERROR_CODES = {
  /** A final answer failed its output schema, after the repair turn (`StructuredOutputError`). */
  STRUCTURED_OUTPUT_INVALID: "STRUCTURED_OUTPUT_INVALID",
  /** Handoffs went deeper than allowed (`HandoffDepthExceededError`). */
  HANDOFF_DEPTH_EXCEEDED: "HANDOFF_DEPTH_EXCEEDED",
  /** An agent template failed validation or names a tool that was not given (`AgentTemplateError`); the CLI also uses it for a template file it cannot read. */
  INVALID_AGENT_DEFINITION: "INVALID_AGENT_DEFINITION",
} as const;

/** One of the {@link AGENTS_ERROR_CODES}. */
export type AgentsErrorCode = (typeof AGENTS_ERROR_CODES)[keyof typeof AGENTS_ERROR_CODES];

declare module "@baton/core" {
  /** The codes of `@baton/agents` ({@link AGENTS_ERROR_CODES}). */
  interface BatonErrorCodes extends Record<AgentsErrorCode, true> {}
}
