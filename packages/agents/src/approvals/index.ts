/**
 * Human approval: hold tool calls that need a person's decision; the run pauses
 * (`interrupted`) and continues from its state with the decisions.
 */
export { approvals } from "./approvals.js";
export type { ApprovalOptions, ApprovalNeed, NeedsApprovalCheck } from "./needs-approval.js";
