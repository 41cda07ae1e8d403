import type { z } from "zod";
import { issuePath as fieldPath } from "../validation/issue-path.js";

/** A zod issue path as people write it: `pendingCalls[0].toolCallId` (`(root)` for the root). */
export function issuePath(path: readonly PropertyKey[]): string {
  return fieldPath(path) || "(root)";
}

/** One line per zod issue: `path: message`. */
export function issueLines(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
}
