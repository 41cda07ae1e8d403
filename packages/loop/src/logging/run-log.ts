import type { Interruption, Logger, LogLevel, RetryListener, RunResult } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import { errorFields } from "./error-fields.js";
import { logAgentEnd, logAgentStart } from "./agent-lines.js";

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

  /** Logs the start of an agent's run (see {@link logAgentStart}). */
  agentStart(run: AgentRun): void {
    logAgentStart(run, this);
  }

  /** Logs the end of an agent's run (see {@link logAgentEnd}). */
  agentEnd(run: AgentRun, result: RunResult, interruptions: readonly Interruption[] | undefined): void {
    logAgentEnd(run, this, result, interruptions);
  }
}
