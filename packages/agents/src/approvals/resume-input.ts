import type { Message, Tool, ToolCallPart, ToolRegistry, ToolResultPart, Usage } from "@baton/core";
import { ApprovalDecisionError } from "./approval-errors.js";
import type { ApprovalDecision, ApprovalDecisions, ApprovalState } from "./approval-types.js";
import { parseApprovalState } from "./parse-approval-state.js";
import { runApprovedCall } from "./resume-tool-call.js";

/** Options of {@link resumeInput}. */
export interface ResumeInputOptions {
  /** Aborts the approved calls; `resumeInput` then rejects with `RunAbortedError`. */
  readonly signal?: AbortSignal;
  /** The application's context handed to the tools (as the run's `context`). */
  readonly context?: Readonly<Record<string, unknown>>;
  /** Run the batch's calls one after another instead of all at once. Default false. */
  readonly sequential?: boolean;
  /** Told of each `progress()` report of a tool. */
  readonly onProgress?: (toolCallId: string, toolName: string, message: string, data?: unknown) => void;
  /** Told of usage a tool records with `addUsage()` (add it to your own accounting). */
  readonly onUsage?: (usage: Usage) => void;
}

/** The text the model reads for a rejected call. */
export function rejectionText(reason?: string): string {
  const base = "The user rejected this tool call, so it was not run.";
  return reason !== undefined && reason.trim().length > 0 ? `${base} Reason: ${reason.trim()}` : base;
}

function toolMap(tools: readonly Tool[] | ToolRegistry | Readonly<Record<string, Tool>>): Map<string, Tool> {
  if (Array.isArray(tools)) return new Map((tools as readonly Tool[]).map((tool) => [tool.name, tool]));
  const registry = tools as Partial<ToolRegistry>;
  if (typeof registry.list === "function") return new Map(registry.list().map((tool) => [tool.name, tool]));
  return new Map(Object.values(tools as Readonly<Record<string, Tool>>).map((tool) => [tool.name, tool]));
}

function isDecision(value: unknown): value is ApprovalDecision {
  if (value === null || typeof value !== "object") return false;
  const decision = value as { approve?: unknown; reason?: unknown };
  return decision.approve === true || (decision.approve === false && (decision.reason === undefined || typeof decision.reason === "string"));
}

/** Checks that the decisions answer exactly the pending calls. */
function checkDecisions(state: ApprovalState, decisions: ApprovalDecisions): void {
  const pending = new Set(state.pendingCalls.map((call) => call.toolCallId));
  const missing = [...pending].filter((id) => !Object.hasOwn(decisions, id));
  const unknown = Object.keys(decisions).filter((id) => !pending.has(id));
  if (missing.length > 0 || unknown.length > 0) {
    const parts: string[] = [];
    if (missing.length > 0) {
      const names = missing.map((id) => `${id} (${state.pendingCalls.find((call) => call.toolCallId === id)!.toolName})`);
      parts.push(`no decision for pending call${missing.length > 1 ? "s" : ""} ${names.join(", ")}`);
    }
    if (unknown.length > 0) parts.push(`decision${unknown.length > 1 ? "s" : ""} for ${unknown.join(", ")}, which ${unknown.length > 1 ? "are" : "is"} not pending`);
    throw new ApprovalDecisionError(`Cannot resume run "${state.runId}": ${parts.join("; ")}. Pending calls: ${[...pending].join(", ")}.`, missing, unknown);
  }
  for (const [id, decision] of Object.entries(decisions)) {
    if (!isDecision(decision)) {
      throw new ApprovalDecisionError(`Cannot resume run "${state.runId}": the decision for ${id} must be { approve: true } or { approve: false, reason?: string }, got ${JSON.stringify(decision)}.`);
    }
  }
}

/**
 * Continues a paused run: runs the approved calls (and the paused batch's calls that
 * needed no approval) with the given tools, answers each rejected call with a refusal
 * the model reads, and returns the messages to pass as `input` to `run()`: the saved
 * conversation, the assistant turn with the calls, and their results. The run then
 * continues with the model reading the results. Give the resumed run the same
 * instructions (its system prompt is not saved) and, to keep asking, the same
 * `withApprovals` config.
 *
 * Calls run with the tool's `validate`, `timeoutMs` and the given `signal` and `context`;
 * an unknown tool, bad arguments, a throw or a timeout become error results, as in the
 * loop. `runSubAgent` is not available to them.
 *
 * @throws ApprovalDecisionError when a pending call has no decision, a decision names a
 *   call that is not pending, or a decision has the wrong shape.
 * @throws ApprovalStateError when `state` is JSON that does not parse as an approval state.
 *
 * @example
 * const input = await resumeInput(savedJson, { call_1: { approve: true }, call_2: { approve: false, reason: "Too risky" } }, tools);
 * const result = await run({ provider, model, instructions, tools, input, config });
 */
export async function resumeInput(
  state: ApprovalState | string,
  decisions: ApprovalDecisions,
  tools: readonly Tool[] | ToolRegistry | Readonly<Record<string, Tool>>,
  options: ResumeInputOptions = {},
): Promise<Message[]> {
  const approval = typeof state === "string" ? parseApprovalState(state) : state;
  checkDecisions(approval, decisions);
  const last = approval.messages.at(-1);
  const calls = last && last.role === "assistant" ? last.content.filter((part): part is ToolCallPart => part.type === "tool-call") : [];
  const env = {
    runId: approval.runId,
    agentPath: approval.agentPath,
    tools: toolMap(tools),
    context: options.context ?? {},
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.onUsage ? { onUsage: options.onUsage } : {}),
  };
  const answer = (call: ToolCallPart): Promise<ToolResultPart> | ToolResultPart => {
    const decision = decisions[call.toolCallId];
    if (decision && decision.approve === false) {
      return { type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, result: rejectionText(decision.reason), isError: true };
    }
    return runApprovedCall(call, env);
  };
  const results: ToolResultPart[] = [];
  if (options.sequential) for (const call of calls) results.push(await answer(call));
  else results.push(...(await Promise.all(calls.map(answer))));
  return [...structuredClone(approval.messages) as Message[], { role: "tool", content: results }];
}
