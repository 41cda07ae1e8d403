import type { z } from "zod";

/** A zod issue path as people write it: `pendingCalls[0].toolCallId`. */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    if (typeof key === "number") text += `[${key}]`;
    else text += text.length === 0 ? String(key) : `.${String(key)}`;
  }
  return text.length > 0 ? text : "(root)";
}

/** One line per zod issue: `path: message`. */
export function issueLines(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issuePath(issue.path)}: ${issue.message}`);
}
