import { BatonError, ERROR_CODES } from "@baton/core";
import type { OutputIssue } from "./validate-answer.js";

/**
 * The final answer still did not satisfy the output schema after the repair turns.
 * The run ends with stop reason `error` and this error (its `details` hold the
 * `issues` and the number of `repairs`).
 *
 * Its code is `HOOK_FAILED` with `details.kind` `"structured_output_invalid"` until core
 * has a code of its own for it.
 */
export class StructuredOutputError extends BatonError {
  constructor(readonly issues: readonly OutputIssue[], readonly repairs: number) {
    super(
      ERROR_CODES.HOOK_FAILED,
      `The final answer does not match the output schema after ${repairs} repair turn(s): ${issues.map((i) => `${i.path === "" ? "(answer)" : i.path}: ${i.message}`).join("; ")}`,
      { details: { kind: "structured_output_invalid", issues: issues.map((i) => ({ ...i })), repairs } },
    );
  }
}
