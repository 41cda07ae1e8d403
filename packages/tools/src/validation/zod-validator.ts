import type { ToolArgumentsCheck } from "@baton/core";
import { errorMessage } from "@baton/core";
import { optionalZod, type ZodSafeParseResult } from "../parameters/optional-zod.js";
import type { ZodSchemaLike } from "../parameters/parameter-types.js";
import { formatIssue } from "./issue-path.js";

/**
 * A `validate` function for a zod schema (3 or 4): runs the schema's own `safeParse`,
 * so defaults, coercions and transforms apply and the value returned is the schema's
 * output. Falls back to `zod/v4/core`'s `safeParse` for zod 4 schemas without the
 * method. Never throws: a schema that throws while parsing (an async refinement, a
 * throwing transform) is reported as an issue on the root.
 */
export function createZodValidator<TArgs>(schema: ZodSchemaLike): (args: unknown) => ToolArgumentsCheck<TArgs> {
  const parse = zodSafeParse(schema);
  return (args) => {
    let result: ZodSafeParseResult;
    try {
      result = parse(args);
    } catch (error) {
      return { success: false, issues: [formatIssue([], errorMessage(error))] };
    }
    if (result.success) return { success: true, value: result.data as TArgs };
    return { success: false, issues: result.error.issues.map((issue) => formatIssue(issue.path, issue.message)) };
  };
}

function zodSafeParse(schema: ZodSchemaLike): (args: unknown) => ZodSafeParseResult {
  const method = (schema as { safeParse?: unknown }).safeParse;
  if (typeof method === "function") return (args) => method.call(schema, args) as ZodSafeParseResult;
  const core = optionalZod.core();
  if (core) return (args) => core.safeParse(schema, args);
  return () => {
    throw new Error("this zod schema has no safeParse and zod/v4/core is not installed");
  };
}
