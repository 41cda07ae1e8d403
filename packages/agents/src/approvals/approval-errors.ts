import { BatonError, ERROR_CODES } from "@baton/core";

/**
 * A saved approval state that cannot be read: not JSON, not an approval state, written
 * by a newer version, or with a field of the wrong shape. `issues` names each field
 * (`pendingCalls[0].toolCallId: …`). Its code is `INVALID_APPROVAL_STATE`.
 */
export class ApprovalStateError extends BatonError {
  /** One line per problem, each starting with the path of the field. */
  readonly issues: readonly string[];

  constructor(message: string, issues: readonly string[] = []) {
    super(ERROR_CODES.INVALID_APPROVAL_STATE, issues.length > 0 ? `${message}\n${issues.map((issue) => `  - ${issue}`).join("\n")}` : message, {
      details: { issues: [...issues] },
    });
    this.issues = issues;
  }
}

/**
 * Decisions that do not match the pending calls: a pending call without a decision,
 * a decision for a call that is not pending, or a decision of the wrong shape. Its
 * code is `INVALID_APPROVAL_STATE`.
 */
export class ApprovalDecisionError extends BatonError {
  /** Pending tool-call ids that got no decision. */
  readonly missing: readonly string[];
  /** Decided tool-call ids that are not pending. */
  readonly unknown: readonly string[];

  constructor(message: string, missing: readonly string[] = [], unknown: readonly string[] = []) {
    super(ERROR_CODES.INVALID_APPROVAL_STATE, message, { details: { missing: [...missing], unknown: [...unknown] } });
    this.missing = missing;
    this.unknown = unknown;
  }
}
