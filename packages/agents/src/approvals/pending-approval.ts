import type { AssistantMessage, Message, RunResult } from "@baton/core";
import { approvalRecordOf, type ApprovalRecord } from "./approval-record.js";
import { APPROVAL_STATE_FORMAT, APPROVAL_STATE_VERSION, type ApprovalState } from "./approval-types.js";
import { ApprovalStateError } from "./approval-errors.js";

/** What an approval state is read from: a run result (or anything with its `custom`, `messages`, `runId` and `agentPath`). */
export type ApprovalSource = Pick<RunResult, "runId" | "agentPath" | "custom"> & { readonly messages?: RunResult["messages"] };

/**
 * The paused turn's reasoning and text, as the loop kept them in the result's messages:
 * the loop adds one assistant message per turn, and the paused turn's (without its calls)
 * only when it had text or reasoning.
 */
function pausedTurnContent(record: ApprovalRecord, messages: readonly Message[]): AssistantMessage["content"][number][] {
  const assistants = messages.filter((message): message is AssistantMessage => message.role === "assistant");
  const last = assistants.at(-1);
  if (last && assistants.length === record.iteration && messages.at(-1) === last && !last.content.some((part) => part.type === "tool-call")) {
    return [...last.content];
  }
  return record.text.length > 0 ? [{ type: "text", text: record.text }] : [];
}

/**
 * The approval state of a run paused by `withApprovals`, or `undefined` when the run
 * did not pause for approval.
 */
export function pendingApproval(source: ApprovalSource): ApprovalState | undefined {
  const record = approvalRecordOf(source.custom);
  if (!record) return undefined;
  const content = pausedTurnContent(record, source.messages ?? []);
  const calls = record.batch.map((call) => ({ type: "tool-call" as const, toolCallId: call.toolCallId, toolName: call.toolName, arguments: call.arguments }));
  return structuredClone({
    format: APPROVAL_STATE_FORMAT,
    version: APPROVAL_STATE_VERSION,
    runId: source.runId,
    agentPath: source.agentPath,
    messages: [...record.history, { role: "assistant", content: [...content, ...calls] } satisfies AssistantMessage],
    pendingCalls: record.pendingCalls,
  });
}

/**
 * Serializes the approval state of a paused run (or an {@link ApprovalState}) to JSON
 * (format `baton.approval`, version 1), to store until a person decides.
 *
 * @throws ApprovalStateError when the run did not pause for approval.
 */
export function serializeApprovalState(source: ApprovalSource | ApprovalState): string {
  const state = "format" in source ? source : pendingApproval(source);
  if (!state) {
    throw new ApprovalStateError(
      `Run "${source.runId}" is not waiting for approval: its result has no pending calls (was the run's config wrapped with withApprovals, and is its stopReason "awaiting_approval"?).`,
    );
  }
  return JSON.stringify(state, null, 2);
}
