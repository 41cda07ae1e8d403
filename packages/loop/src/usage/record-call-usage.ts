import { isPromiseLike, type ToolCallPart, type ToolDefinition, type Usage } from "@baton/core";
import { callHook } from "../hooks/call-hook.js";
import type { AgentRun } from "../run-tree/agent-run.js";

/** What a model call did, for `adjustUsage`. */
export interface CallFacts {
  readonly text: string;
  readonly toolCalls: readonly ToolCallPart[];
  readonly toolsSent: boolean;
  readonly tools: readonly ToolDefinition[];
}

/**
 * Records the usage of a model call (once its tools ran: the record names the tools
 * that succeeded): `adjustUsage` may change it (callers build `facts` only for a
 * config that has the hook), then it counts against the budget
 * (the call's hold is given back), is emitted and reaches every ancestor run.
 */
export function recordCallUsage(run: AgentRun, usage: Usage, facts: CallFacts | undefined): void | Promise<void> {
  const hook = run.config.adjustUsage;
  if (!hook || !facts) return add(run, usage);
  const adjusted = callHook("adjustUsage", () => hook({ usage, state: run.state, ...facts }));
  if (isPromiseLike(adjusted)) return adjusted.then((record) => add(run, record ?? usage));
  return add(run, adjusted ?? usage);
}

function add(run: AgentRun, record: Usage): void {
  run.hold?.release();
  run.hold = undefined;
  run.addUsage(record);
}
