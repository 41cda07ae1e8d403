import { ConfigurationError } from "@baton/core";

/** One problem of an orchestration definition: where it is and what is wrong. */
export interface DefinitionIssue {
  /** The field, e.g. `steps[1].conditions[0].type` (empty for the whole definition). */
  readonly path: string;
  readonly message: string;
}

/** A zod issue path as people write it (see `validation/issue-path.ts`). */
export { issuePath as formatIssuePath } from "../validation/issue-path.js";

/**
 * An orchestration definition (or the tools it is used with) is invalid. The message
 * lists every problem with the path of its field; `issues` holds them as data.
 * Code `INVALID_CONFIGURATION`.
 */
export class OrchestrationDefinitionError extends ConfigurationError {
  readonly issues: readonly DefinitionIssue[];

  constructor(issues: readonly DefinitionIssue[]) {
    const lines = issues.map((issue) => `- ${issue.path.length > 0 ? `${issue.path}: ` : ""}${issue.message}`);
    super(`Invalid orchestration definition:\n${lines.join("\n")}`, { details: { issues: issues.map((issue) => ({ ...issue })) } });
    this.issues = issues;
  }
}
