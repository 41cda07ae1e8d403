import {
  errorMessage,
  isBatonError,
  isToolPausedSignal,
  type RunResult,
  type StopReason,
  type SubAgentRequest,
  type ToolExecutionContext,
  type UsageTotals,
} from "@baton/core";
import { SubAgentFailedError } from "./errors.js";

/** Stop reasons after which a nested run has no answer to give, whatever its text. */
const FAILED: ReadonlySet<StopReason> = new Set<StopReason>(["error", "aborted", "token_budget", "budget_exceeded"]);

/** What a tool records (in its call's metadata) about the nested run it started. */
export interface NestedRunSummary {
  /** The agent's name. */
  readonly agent: string;
  /** Its agent path, e.g. `main/researcher#1`. */
  readonly agentPath: string;
  readonly stopReason: StopReason;
  /** Its final text. */
  readonly text: string;
  readonly iterations: number;
  /** Its tool calls counted against limits (its own sub-agents' included). */
  readonly toolCallCount: number;
  /** Its usage totals (its own sub-agents' included). */
  readonly usage: UsageTotals;
}

/** The summary of a finished nested run. */
export function summarizeNestedRun(agent: string, result: RunResult): NestedRunSummary {
  return {
    agent,
    agentPath: result.agentPath,
    stopReason: result.stopReason,
    text: result.text,
    iterations: result.iterations,
    toolCallCount: result.toolCallCount,
    usage: result.usage.total,
  };
}

/**
 * Runs `request` as a nested agent of the tool's run and returns its result when it
 * answered. Otherwise throws a {@link SubAgentFailedError} whose message says what
 * happened (the model of the calling agent reads it): the nested run could not start
 * (e.g. `MAX_DEPTH_EXCEEDED`), failed, was stopped by a budget, or gave no text.
 * `what` names the action in messages: `Agent "researcher"` or `Handoff to "billing"`.
 */
export async function runNested(ctx: ToolExecutionContext, request: SubAgentRequest, what: string): Promise<RunResult> {
  let result: RunResult;
  try {
    result = await ctx.runSubAgent(request);
  } catch (error) {
    // An abort of the calling run, or a pause of the nested run (it waits for a
    // person), is the loop's business: let it through untouched.
    if (ctx.signal.aborted || isToolPausedSignal(error)) throw error;
    // The nested run ran and failed: say so in this tool's words.
    if (SubAgentFailedError.isInstance(error) && typeof error.details?.agentPath === "string") {
      const details = error.details;
      const code = details.causeCode as string | undefined;
      const reason = details.causeMessage !== undefined ? `${code ? `(${code}) ` : ""}${String(details.causeMessage)}` : 'it stopped with "error"';
      throw new SubAgentFailedError(`${what} failed (${String(details.agentPath)}, stop reason "error"): ${reason}`, {
        cause: error,
        details: { ...details, agent: request.name },
      });
    }
    const code = isBatonError(error) ? error.code : undefined;
    throw new SubAgentFailedError(`${what} could not start${code ? ` (${code})` : ""}: ${errorMessage(error)}`, {
      cause: error,
      details: { agent: request.name, ...(code ? { causeCode: code } : {}) },
    });
  }
  const base = { agent: request.name, agentPath: result.agentPath, stopReason: result.stopReason };
  if (FAILED.has(result.stopReason)) {
    const code = result.error?.code;
    const reason = result.error ? `${code ? `(${code}) ` : ""}${result.error.message}` : `it stopped with "${result.stopReason}"`;
    throw new SubAgentFailedError(`${what} failed (${result.agentPath}, stop reason "${result.stopReason}"): ${reason}`, {
      details: { ...base, ...(code ? { causeCode: code } : {}) },
    });
  }
  if (result.text.trim().length === 0) {
    throw new SubAgentFailedError(`${what} ended without an answer (${result.agentPath}, stop reason "${result.stopReason}").`, { details: base });
  }
  return result;
}
