import { checkOptions, optionIs as is, requiredOption, type AgentConfig, type ToolCallDecision } from "@baton/core";
import { approvalCheckOf, type ApprovalOptions } from "./needs-approval.js";

/**
 * Human approval as an agent config: calls that need a person's approval pause the
 * run before anything of their batch runs. Its `beforeToolCalls` hook holds each such
 * call (`{ type: "interrupt" }`, with the check's payload when it gives one); the run
 * ends with stop reason `interrupted`, `result.interruptions` lists the held calls
 * (kind `approval`, with their agent path: a sub-agent's pause pauses its parents),
 * and `result.state` is the whole run as JSON-safe data.
 *
 * Continue it — in this process or another, with the same agent — with
 * `run({ ...agent, resume: result.state, decisions })` (or, for a stored run,
 * `resume({ ...agent, runId, storage, decisions })`): approved calls run inside the
 * loop (events, limits), rejected ones are answered with `rejectionText(reason)` as an
 * error result the model reads (status `refused`). Decisions that do not match what
 * waits reject with `INVALID_DECISIONS` and leave the run paused.
 *
 * Calls an earlier config already refused or dropped, and calls that cannot run
 * (unknown tool, invalid arguments), are not held: they do not run anyway.
 *
 * @example
 * const agent = { provider, model, tools, config: composeConfigs(mainThreadConfig(), approvals({ needsApproval: ["delete_file"] })) };
 * const paused = await run({ ...agent, input: "Delete a.txt" });
 * if (paused.stopReason === "interrupted") await db.save(paused.runId, JSON.stringify(paused.state));
 * // later, anywhere:
 * const result = await run({ ...agent, resume: await db.load(runId), decisions: { [paused.interruptions![0]!.id]: { approve: true } } });
 *
 * @throws ConfigurationError for an unknown option (accepted: `needsApproval`) or a
 *   `needsApproval` that is missing or neither a list of tool names nor a function.
 */
export function approvals(options: ApprovalOptions): AgentConfig {
  checkOptions("approvals", options, { needsApproval: requiredOption(is.either(is.stringArray, is.function)) });
  const check = approvalCheckOf(options.needsApproval);
  return {
    beforeToolCalls({ calls }) {
      const decisions: Record<string, ToolCallDecision> = {};
      for (const { call, tool, invalid, decision } of calls) {
        if (decision.type !== "run" || !tool || invalid) continue;
        const need = check(call.toolName, decision.arguments ?? call.arguments, call);
        if (need === false) continue;
        decisions[call.toolCallId] = need === true ? { type: "interrupt" } : { type: "interrupt", payload: need.payload };
      }
      return Object.keys(decisions).length > 0 ? { decisions } : undefined;
    },
  };
}
