/** Human approval: pause runs on tools that need a decision, save the state as versioned JSON, resume later. */
export { withApprovals, type ApprovalOptions, type NeedsApprovalCheck } from "./with-approvals.js";
export { pendingApproval, serializeApprovalState, type ApprovalSource } from "./pending-approval.js";
export { parseApprovalState } from "./parse-approval-state.js";
export { resumeInput, rejectionText, type ResumeInputOptions } from "./resume-input.js";
export { ApprovalStateError, ApprovalDecisionError } from "./approval-errors.js";
export { APPROVAL_CUSTOM_KEY, type ApprovalRecord } from "./approval-record.js";
export {
  APPROVAL_STATE_FORMAT,
  APPROVAL_STATE_VERSION,
  type ApprovalState,
  type PendingApprovalCall,
  type ApprovalDecision,
  type ApprovalDecisions,
} from "./approval-types.js";
