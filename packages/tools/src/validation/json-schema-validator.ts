import { InvalidToolSchemaError, errorMessage, type JsonSchema, type ToolArgumentsCheck } from "@baton/core";
import type { ValidateFunction } from "ajv";
import { ajvErrorToIssue } from "./ajv-issues.js";
import { formatIssue } from "./issue-path.js";
import { sharedAjv } from "./shared-ajv.js";

/**
 * A `validate` function for a JSON Schema, compiled once, now, with the shared Ajv
 * instance (so a schema Ajv cannot compile fails at definition time with
 * `InvalidToolSchemaError`; Ajv itself loads with the first such schema, see
 * {@link sharedAjv}). Validates a copy of the arguments, so `default`s fill in
 * without touching the caller's object; the copy is the returned value.
 */
export function createJsonSchemaValidator<TArgs>(toolName: string, schema: JsonSchema): (args: unknown) => ToolArgumentsCheck<TArgs> {
  const ajv = sharedAjv();
  let check: ValidateFunction;
  try {
    check = ajv.compile(schema);
  } catch (error) {
    throw new InvalidToolSchemaError(toolName, `Ajv could not compile it: ${errorMessage(error)}`, { cause: error });
  }
  return (args) => {
    let value: unknown;
    try {
      value = structuredClone(args);
    } catch {
      return { success: false, issues: [formatIssue([], "Expected plain JSON arguments")] };
    }
    if (check(value)) return { success: true, value: value as TArgs };
    return { success: false, issues: (check.errors ?? []).map(ajvErrorToIssue) };
  };
}
