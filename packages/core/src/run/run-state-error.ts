import { BatonError, ERROR_CODES } from "../errors/index.js";

/**
 * A serialized run state that cannot be read: not JSON, not a run state, written by a
 * newer Baton, or with fields of the wrong shape. `issues` names each field
 * (`root.batch.calls[0].status: …`). Code `INVALID_RUN_STATE`.
 */
export class RunStateError extends BatonError {
  /** One line per problem, each starting with the path of the field. */
  readonly issues: readonly string[];

  constructor(message: string, issues: readonly string[] = []) {
    super(ERROR_CODES.INVALID_RUN_STATE, issues.length > 0 ? `${message}\n${issues.map((issue) => `  - ${issue}`).join("\n")}` : message, {
      details: { issues: [...issues] },
    });
    this.issues = issues;
  }
}
