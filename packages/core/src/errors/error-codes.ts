/**
 * Stable error codes of `@baton/core` and of the packages built on its contracts (the
 * loop, tools, providers, storage adapters): tools, providers, runs, storage,
 * configuration, hooks and budgets. A code never changes meaning once released, so
 * users can match on it in logs, alerts and `catch` blocks. A package with errors of
 * its own declares their codes itself and registers them in {@link BatonErrorCodes}
 * (`@baton/events`' `EVENTS_ERROR_CODES`, `@baton/agents`' `AGENTS_ERROR_CODES`, …).
 */
export const ERROR_CODES = {
  /** The model called a tool that is not registered (or not offered this turn). */
  TOOL_NOT_FOUND: "TOOL_NOT_FOUND",
  /** The tool-call arguments were not JSON or failed the tool's schema. */
  TOOL_INVALID_ARGUMENTS: "TOOL_INVALID_ARGUMENTS",
  /** The tool threw. */
  TOOL_EXECUTION_FAILED: "TOOL_EXECUTION_FAILED",
  /** The tool ran past its timeout and was aborted. */
  TOOL_TIMEOUT: "TOOL_TIMEOUT",
  /** The tool's `shouldUse` check refused it for this run. */
  TOOL_NOT_ENABLED: "TOOL_NOT_ENABLED",
  /** The tool was still running when the run was aborted. */
  TOOL_ABORTED: "TOOL_ABORTED",
  /** Two tools were registered under one name. */
  TOOL_DUPLICATE_NAME: "TOOL_DUPLICATE_NAME",
  /** A tool's parameter schema cannot be turned into an object JSON Schema. */
  TOOL_INVALID_SCHEMA: "TOOL_INVALID_SCHEMA",
  /** The model provider failed. */
  PROVIDER_ERROR: "PROVIDER_ERROR",
  /** The provider refused the credentials (HTTP 401 / 403). */
  PROVIDER_AUTHENTICATION: "PROVIDER_AUTHENTICATION",
  /** The provider's rate limit was hit (HTTP 429). */
  PROVIDER_RATE_LIMIT: "PROVIDER_RATE_LIMIT",
  /** The request does not fit the model's context window. */
  PROVIDER_CONTEXT_LENGTH: "PROVIDER_CONTEXT_LENGTH",
  /** The provider is overloaded (Anthropic 529, HTTP 503). */
  PROVIDER_OVERLOADED: "PROVIDER_OVERLOADED",
  /** The provider failed on its side (HTTP 5xx). */
  PROVIDER_SERVER: "PROVIDER_SERVER",
  /** The provider refused the request as invalid (HTTP 400, 404, 422). */
  PROVIDER_INVALID_REQUEST: "PROVIDER_INVALID_REQUEST",
  /** The provider's stream broke off or held something unreadable. */
  PROVIDER_STREAM: "PROVIDER_STREAM",
  /** The run was aborted through its signal. */
  RUN_ABORTED: "RUN_ABORTED",
  /** Sub-agents were nested deeper than allowed. */
  MAX_DEPTH_EXCEEDED: "MAX_DEPTH_EXCEEDED",
  /** The run's token budget would be exceeded. */
  TOKEN_BUDGET_EXCEEDED: "TOKEN_BUDGET_EXCEEDED",
  /** The run's cost budget (US dollars) would be exceeded. */
  COST_BUDGET_EXCEEDED: "COST_BUDGET_EXCEEDED",
  /** Options or an agent config are invalid. */
  INVALID_CONFIGURATION: "INVALID_CONFIGURATION",
  /** A hook threw. */
  HOOK_FAILED: "HOOK_FAILED",
  /** A storage adapter failed. */
  STORAGE_ERROR: "STORAGE_ERROR",
  /** A stored record is corrupt or was not written by Baton. */
  STORAGE_CORRUPT: "STORAGE_CORRUPT",
  /** A versioned write lost to a concurrent one. */
  STORAGE_CONFLICT: "STORAGE_CONFLICT",
  /** The database schema is missing, outdated or newer than this adapter. */
  STORAGE_SCHEMA: "STORAGE_SCHEMA",
  /** A process wrote to a run another process has claimed. */
  RUN_CLAIM_LOST: "RUN_CLAIM_LOST",
  /**
   * A run's storage stayed unreachable past the run's storage wait (or its claim could
   * not be renewed within its lease): the attempt ended, no further tool call started,
   * and `resume()` continues the run once storage is back.
   */
  STORAGE_UNAVAILABLE: "STORAGE_UNAVAILABLE",
  /** A run cannot be resumed (unknown, finished, or held by another process). */
  RUN_NOT_RESUMABLE: "RUN_NOT_RESUMABLE",
  /** A reconnecting client asked for events older than the replay buffer or a run's event log (`RunEventLog`) keeps. */
  REPLAY_UNAVAILABLE: "REPLAY_UNAVAILABLE",
  /** A sub-agent run as a tool (`agent.asTool()`) failed or gave no answer. */
  SUB_AGENT_FAILED: "SUB_AGENT_FAILED",
  /** A serialized run state cannot be read: not JSON, not a run state, written by a newer Baton, or a field of the wrong shape. */
  INVALID_RUN_STATE: "INVALID_RUN_STATE",
  /** Decisions given to resume a paused run do not match what it waits for. */
  INVALID_DECISIONS: "INVALID_DECISIONS",
  /** A hook refused a tool call before it ran (the model reads why). */
  TOOL_REFUSED: "TOOL_REFUSED",
  /** A tool returned a value that is not JSON (a BigInt, a function, a symbol, a circular object). */
  TOOL_RESULT_NOT_JSON: "TOOL_RESULT_NOT_JSON",
  /** No run with that id is known (an event stream asked for a run never submitted or whose log expired, or no stored run has that id). */
  RUN_NOT_FOUND: "RUN_NOT_FOUND",
} as const;

/**
 * Every error code a `BatonError` may carry, one key per code (the values mean
 * nothing). It holds core's {@link ERROR_CODES}; each package that throws errors of its
 * own adds its codes by module augmentation, next to the const object that lists them,
 * so `BatonError`, `isBatonError` and `SerializedError` accept them without casts
 * while a misspelt code stays a type error. A code is declared by one package only.
 *
 * @example
 * // acme-errors.ts, in a package built on Baton:
 * export const ACME_ERROR_CODES = { ACME_QUOTA_EXCEEDED: "ACME_QUOTA_EXCEEDED" } as const;
 * declare module "@baton/core" {
 *   interface BatonErrorCodes {
 *     ACME_QUOTA_EXCEEDED: true;
 *   }
 * }
 * // anywhere the package is imported:
 * if (isBatonError(error, "ACME_QUOTA_EXCEEDED")) backOff();
 */
export interface BatonErrorCodes extends Record<(typeof ERROR_CODES)[keyof typeof ERROR_CODES], true> {}

/** One of the registered error codes: core's {@link ERROR_CODES} and those other packages add to {@link BatonErrorCodes}. */
export type ErrorCode = Extract<keyof BatonErrorCodes, string>;
