import type { BatonError, SerializedError, Logger, LogLevel, RetryListener, RunResult } from "@baton/core";

/** The longest error message a log line carries. */
const MAX_ERROR_MESSAGE_LENGTH = 500;

/** The code and (cut) message of an error, as log fields. Nothing else of it: its details and cause may hold data. */
export function errorFields(error: Pick<SerializedError, "code" | "message"> | BatonError): { errorCode: string; errorMessage: string } {
  const message = error.message.length > MAX_ERROR_MESSAGE_LENGTH ? `${error.message.slice(0, MAX_ERROR_MESSAGE_LENGTH)}…` : error.message;
  return { errorCode: error.code, errorMessage: message };
}

/**
 * The log of one agent of a run: writes lines to the run's `logger` with the run id
 * and the agent's path on each (through one `child` logger per agent when the logger
 * has `child`, else in each line's fields). Made only when the run has a logger: a
 * run without one has no `RunLog` and does no logging work at all. Lines hold ids,
 * names, counts, codes and durations only, never message text or tool arguments. A
 * logger that throws loses the line, not the run.
 */
export class RunLog {
  private readonly target: Logger;
  private readonly bound: boolean;
  private retries: RetryListener | undefined;

  constructor(
    /** The logger given to the run. */
    private readonly logger: Logger,
    readonly runId: string,
    readonly agentPath: string,
  ) {
    let child: Logger | undefined;
    if (typeof logger.child === "function") {
      try {
        child = logger.child({ runId, agentPath });
      } catch {
        child = undefined;
      }
    }
    this.bound = child !== undefined && child !== null;
    this.target = this.bound ? child! : logger;
  }

  /** The log of another agent of the same run (a sub-agent), bound to its path. */
  forAgent(agentPath: string): RunLog {
    return agentPath === this.agentPath ? this : new RunLog(this.logger, this.runId, agentPath);
  }

  debug(fields: object, msg: string): void {
    this.write("debug", fields, msg);
  }

  info(fields: object, msg: string): void {
    this.write("info", fields, msg);
  }

  warn(fields: object, msg: string): void {
    this.write("warn", fields, msg);
  }

  error(fields: object, msg: string): void {
    this.write("error", fields, msg);
  }

  write(level: LogLevel, fields: object, msg: string): void {
    try {
      this.target[level](this.bound ? fields : { runId: this.runId, agentPath: this.agentPath, ...fields }, msg);
    } catch {
      // A logger must not break the run it logs.
    }
  }

  /**
   * The retry listener the agent's model requests carry (made once per agent): logs
   * each retry a provider adapter makes (`warn`, `provider retry`) with the agent's
   * current iteration.
   */
  retryListener(state: { readonly iteration: number }): RetryListener {
    return (this.retries ??= (error, retry, delayMs) =>
      this.warn(
        { iteration: state.iteration, attempt: retry, delayMs: Math.round(delayMs), ...errorFields(error), retryable: error.retryable },
        "provider retry",
      ));
  }
}

/** The fields of a run's (or sub-agent's) end: how it stopped, its counts, usage totals and duration. */
export function endFields(result: RunResult, durationMs: number, extra?: object): object {
  const total = result.usage.total;
  return {
    stopReason: result.stopReason,
    iterations: result.iterations,
    toolCallCount: result.toolCallCount,
    usage: {
      calls: total.calls,
      inputTokens: total.inputTokens,
      outputTokens: total.outputTokens,
      cachedInputTokens: total.cachedInputTokens,
      reasoningTokens: total.reasoningTokens,
      ...(total.costUsd === undefined ? {} : { costUsd: total.costUsd }),
    },
    durationMs: Math.round(durationMs),
    ...extra,
    ...(result.error ? errorFields(result.error) : {}),
  };
}
