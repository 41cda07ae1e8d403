import { BatonError } from "@baton/core";
import { AGENTS_ERROR_CODES } from "../errors/agents-error-codes.js";

/**
 * An agent template that is not valid: each entry of `issues` names the field
 * (`tools[2]: …`, `limits.toolCallLimit: …`). Its code is `INVALID_AGENT_DEFINITION`.
 */
export class AgentTemplateError extends BatonError {
  /** One line per problem, each starting with the path of the field. */
  readonly issues: readonly string[];
  /** Where the template came from (a file path), when known. */
  readonly source: string | undefined;

  constructor(message: string, issues: readonly string[] = [], source?: string) {
    super(AGENTS_ERROR_CODES.INVALID_AGENT_DEFINITION, issues.length > 0 ? `${message}\n${issues.map((issue) => `  - ${issue}`).join("\n")}` : message, {
      details: { issues: [...issues], ...(source === undefined ? {} : { source }) },
    });
    this.issues = issues;
    this.source = source;
  }
}
