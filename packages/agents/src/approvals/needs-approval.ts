import type { ToolCallPart } from "@baton/core";

/**
 * What a {@link NeedsApprovalCheck} answers for a call: `false` (it runs), `true` (it
 * waits for a person), or `{ payload }` (it waits, and `payload` — a description for
 * the UI, say — goes into its interruption).
 *
 * @example
 * approvals({ needsApproval: (toolName) => (toolName === "send_email" ? { payload: "Send this email?" } : false) });
 */
export type ApprovalNeed = boolean | { readonly payload: unknown };

/**
 * Decides whether a call needs a person's approval before it runs.
 *
 * @example
 * const check: NeedsApprovalCheck = (toolName, args) =>
 *   toolName === "delete_file" ? { payload: `Delete ${(args as { path: string }).path}?` } : false;
 */
export type NeedsApprovalCheck = (toolName: string, args: unknown, toolCall: ToolCallPart) => ApprovalNeed;

/**
 * Options of `approvals`.
 *
 * @example
 * const options: ApprovalOptions = { needsApproval: ["delete_file", "send_email"] };
 */
export interface ApprovalOptions {
  /** The tools whose calls need approval, or a check per call. */
  readonly needsApproval: readonly string[] | NeedsApprovalCheck;
}

/** The options' check as a function (a list of names becomes a check by name). */
export function approvalCheckOf(needsApproval: ApprovalOptions["needsApproval"]): NeedsApprovalCheck {
  if (typeof needsApproval === "function") return needsApproval;
  const names = new Set(needsApproval);
  return (toolName) => names.has(toolName);
}
