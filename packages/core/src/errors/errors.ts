import { BatonError, type BatonErrorOptions } from "./baton-error.js";
import { ERROR_CODES } from "./error-codes.js";

/** A tool name the registry does not know. */
export class ToolNotFoundError extends BatonError {
  constructor(
    readonly toolName: string,
    available: readonly string[],
    options: BatonErrorOptions = {},
  ) {
    super(ERROR_CODES.TOOL_NOT_FOUND, `Unknown tool "${toolName}". Available tools: ${available.length > 0 ? available.join(", ") : "none"}.`, {
      ...options,
      details: { toolName, available: [...available], ...options.details },
    });
  }
}

/** Tool-call arguments that are not JSON or fail the tool's schema. */
export class InvalidToolArgumentsError extends BatonError {
  constructor(
    readonly toolName: string,
    readonly issues: readonly string[],
    options: BatonErrorOptions = {},
  ) {
    super(ERROR_CODES.TOOL_INVALID_ARGUMENTS, `Invalid arguments for tool "${toolName}": ${issues.join("; ")}`, {
      ...options,
      details: { toolName, issues: [...issues], ...options.details },
    });
  }
}

/** A tool that threw. */
export class ToolExecutionError extends BatonError {
  constructor(
    readonly toolName: string,
    message: string,
    options: BatonErrorOptions = {},
  ) {
    super(ERROR_CODES.TOOL_EXECUTION_FAILED, message, { ...options, details: { toolName, ...options.details } });
  }
}

/** A tool that ran past its timeout. */
export class ToolTimeoutError extends BatonError {
  constructor(
    readonly toolName: string,
    readonly timeoutMs: number,
  ) {
    super(ERROR_CODES.TOOL_TIMEOUT, `Tool "${toolName}" timed out after ${timeoutMs} ms and was aborted.`, {
      details: { toolName, timeoutMs },
      retryable: true,
    });
  }
}

/** A tool refused by its `shouldUse` check. The message is the stable string `TOOL_NOT_ENABLED`. */
export class ToolNotEnabledError extends BatonError {
  constructor(readonly toolName: string) {
    super(ERROR_CODES.TOOL_NOT_ENABLED, ERROR_CODES.TOOL_NOT_ENABLED, { details: { toolName } });
  }
}

/** Two tools under one name. */
export class DuplicateToolError extends BatonError {
  constructor(readonly toolName: string) {
    super(ERROR_CODES.TOOL_DUPLICATE_NAME, `A tool named "${toolName}" is already registered.`, { details: { toolName } });
  }
}

/** A tool definition that cannot be offered to a model: a bad name, no description, or a schema that is not an object JSON Schema. */
export class InvalidToolSchemaError extends BatonError {
  constructor(
    readonly toolName: string,
    reason: string,
    options: BatonErrorOptions = {},
  ) {
    super(ERROR_CODES.TOOL_INVALID_SCHEMA, `Invalid tool "${toolName}": ${reason}`, {
      ...options,
      details: { toolName, reason, ...options.details },
    });
  }
}

/** A run stopped by its abort signal. */
export class RunAbortedError extends BatonError {
  constructor(reason?: unknown) {
    super(ERROR_CODES.RUN_ABORTED, "The run was aborted.", reason === undefined ? {} : { cause: reason });
  }
}

/** A failed model call. Provider adapters subclass or fill `details` (status, request id). */
export class ProviderError extends BatonError {
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(ERROR_CODES.PROVIDER_ERROR, message, options);
  }
}

/** Sub-agents nested past the allowed depth. */
export class MaxDepthExceededError extends BatonError {
  constructor(
    readonly agentPath: string,
    readonly maxDepth: number,
  ) {
    super(ERROR_CODES.MAX_DEPTH_EXCEEDED, `Cannot start a sub-agent under "${agentPath}": the maximum depth of ${maxDepth} is reached.`, {
      details: { agentPath, maxDepth },
    });
  }
}

/**
 * A token budget that the next model call would exceed (or that is used up).
 * `details`: `limit` (the budget), `used` (tokens spent so far, in-flight calls of
 * sibling sub-agents included), `projected` (the next call's counted or estimated input
 * plus its reserved output); `budget` and `next` repeat `limit` and a non-zero
 * `projected` under their earlier names.
 */
export class TokenBudgetExceededError extends BatonError {
  /** The next call's projected tokens (input plus reserved output); 0 when nothing could be projected. */
  readonly projected: number;

  constructor(
    readonly used: number,
    readonly budget: number,
    readonly next?: number,
  ) {
    super(
      ERROR_CODES.TOKEN_BUDGET_EXCEEDED,
      next === undefined
        ? `Token budget of ${budget} exhausted: ${used} tokens used.`
        : `Token budget of ${budget} would be exceeded: ${used} used, the next call needs up to ${next}.`,
      { details: { limit: budget, used, projected: next ?? 0, budget, ...(next === undefined ? {} : { next }) } },
    );
    this.projected = next ?? 0;
  }

  /** The budget (same as `budget`). */
  get limit(): number {
    return this.budget;
  }
}

/**
 * A cost budget (US dollars) that the next model call would exceed (or that is used
 * up). `details`: `limit`, `used` (dollars spent so far, in-flight calls of sibling
 * sub-agents included) and `projected` (the next call's input plus reserved output at
 * the model's prices).
 */
export class CostBudgetExceededError extends BatonError {
  constructor(
    readonly used: number,
    readonly limit: number,
    readonly projected: number,
  ) {
    super(
      ERROR_CODES.COST_BUDGET_EXCEEDED,
      projected > 0
        ? `Cost budget of $${limit} would be exceeded: $${roundUsd(used)} used, the next call may cost up to $${roundUsd(projected)}.`
        : `Cost budget of $${limit} exhausted: $${roundUsd(used)} used.`,
      { details: { limit, used, projected } },
    );
  }
}

/** Dollars with at most 6 significant decimals, for messages. */
function roundUsd(value: number): string {
  return String(Number(value.toPrecision(6)));
}

/** Options or a config that cannot work. */
export class ConfigurationError extends BatonError {
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(ERROR_CODES.INVALID_CONFIGURATION, message, options);
  }
}

/** A hook of an agent config that threw. */
export class HookError extends BatonError {
  constructor(
    readonly hook: string,
    cause: unknown,
  ) {
    super(ERROR_CODES.HOOK_FAILED, `Agent hook "${hook}" failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
      details: { hook },
    });
  }
}

/** A tool call a hook refused before it ran; the model reads the message. */
export class ToolRefusedError extends BatonError {
  constructor(
    readonly toolName: string,
    message: string,
    options: BatonErrorOptions = {},
  ) {
    super(ERROR_CODES.TOOL_REFUSED, message, { ...options, details: { toolName, ...options.details } });
  }
}

/**
 * A nested agent run that could not give an answer: started with
 * `ctx.runSubAgent()` (the loop rejects with it when the nested run ends with an
 * error), by an agent used as a tool or by a handoff. The calling agent's model reads
 * it as a tool error; the call's record carries `SUB_AGENT_FAILED`. `details`:
 * `agent`, `agentPath` and `stopReason` (when it ran), `causeCode` and `causeMessage`
 * (the nested run's error, when there is one).
 */
export class SubAgentFailedError extends BatonError {
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(ERROR_CODES.SUB_AGENT_FAILED, message, options);
  }
}

/**
 * A tool returned a value that cannot be written as JSON. The call fails (the model
 * reads this error), so no event, stored record or provider request carries it.
 * `details.path` says where the value is (`result.items[2].id`).
 */
export class ToolResultNotJsonError extends BatonError {
  constructor(
    readonly toolName: string,
    problem: { readonly path: string; readonly kind: string },
  ) {
    super(ERROR_CODES.TOOL_RESULT_NOT_JSON, `Tool "${toolName}" returned a value that is not JSON: ${problem.kind} at ${problem.path}.`, {
      details: { toolName, path: problem.path, kind: problem.kind },
    });
  }
}

/**
 * Decisions given to resume a paused run that do not match what it waits for: a
 * decision for an id that does not wait, or a decision of the wrong kind (an answer
 * for an approval). `details.unknown` lists the ids that do not wait.
 */
export class InvalidDecisionsError extends BatonError {
  constructor(message: string, options: BatonErrorOptions = {}) {
    super(ERROR_CODES.INVALID_DECISIONS, message, options);
  }
}
