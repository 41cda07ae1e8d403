import { BatonError } from "@baton/core";
import { AGENTS_ERROR_CODES } from "../errors/agents-error-codes.js";
import type { OutputIssue } from "./validate-answer.js";

/**
 * The final answer still did not satisfy the output schema after the repair turns.
 * The run ends with stop reason `error` and this error; its code is
 * `STRUCTURED_OUTPUT_INVALID`, its `details` hold the `issues` and the number of
 * `repairs`.
 *
 * @example
 * if (result.stopReason === "error" && result.error?.code === "STRUCTURED_OUTPUT_INVALID") console.log(result.error.details);
 */
export class StructuredOutputError extends BatonError {
  constructor(
    readonly issues: readonly OutputIssue[],
    readonly repairs: number,
  ) {
    super(
      AGENTS_ERROR_CODES.STRUCTURED_OUTPUT_INVALID,
      `The final answer does not match the output schema after ${repairs} repair turn(s): ${issues.map((i) => `${i.path === "" ? "(answer)" : i.path}: ${i.message}`).join("; ")}`,
      { details: { issues: issues.map((i) => ({ ...i })), repairs } },
    );
  }
}
