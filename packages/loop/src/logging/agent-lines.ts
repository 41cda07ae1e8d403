import type { Interruption, RunResult } from "@baton/core";
import type { AgentRun } from "../run-tree/agent-run.js";
import { errorFields } from "./error-fields.js";
import type { RunLog } from "./run-log.js";

/**
 * Logs the start of an agent's run: `info` `run start` for the root (then `run
 * resumed`, for a resumed one: where its state came from, the step and iteration it
 * goes on at, and how many interruptions it was given answers to), `debug` `sub-agent
 * start` for a nested run. Called only when the run has a log.
 */
export function logAgentStart(run: AgentRun, log: RunLog): void {
  run.logStartedAt = performance.now();
  const { state, parent, tree } = run;
  if (parent) {
    log.debug({ model: run.model, parentAgentPath: parent.agentPath, resumed: run.resumed }, "sub-agent start");
    return;
  }
  log.info({ model: run.model, resumed: run.resumed }, "run start");
  if (run.resumed) {
    log.info(
      {
        from: tree.resumedFrom ?? "state",
        step: state.step,
        iteration: state.iteration,
        toolCallCount: state.toolCallCount,
        decisions: tree.decisions === undefined ? 0 : Object.keys(tree.decisions).length,
      },
      "run resumed",
    );
  }
}

/**
 * Logs the end of an agent's run: the root's `run end` (`error` when it stopped with
 * an error, with the error's code and message; else `info`), a nested run's `sub-agent
 * end` at `debug`. Called only when the run has a log.
 */
export function logAgentEnd(run: AgentRun, log: RunLog, result: RunResult, interruptions: readonly Interruption[] | undefined): void {
  const durationMs = performance.now() - run.logStartedAt;
  if (run.parent) {
    log.debug(endFields(result, durationMs), "sub-agent end");
    return;
  }
  const fields = endFields(result, durationMs, {
    persisted: result.persisted,
    ...(interruptions ? { interruptions: interruptions.length } : {}),
  });
  if (result.stopReason === "error") log.error(fields, "run end");
  else log.info(fields, "run end");
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
