import { InvalidToolSchemaError } from "@baton/core";

/** Tool names every major provider accepts: 1–64 letters, digits, `_` or `-`. */
export const TOOL_NAME_PATTERN: RegExp = /^[a-zA-Z0-9_-]{1,64}$/;

/** Throws `InvalidToolSchemaError` unless `name` matches {@link TOOL_NAME_PATTERN}. */
export function assertValidToolName(name: unknown): asserts name is string {
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new InvalidToolSchemaError(String(name), "the tool name must be 1-64 characters of letters, digits, '_' or '-'");
  }
}

/** Throws `InvalidToolSchemaError` unless `description` is a non-blank string. */
export function assertValidToolDescription(toolName: string, description: unknown): asserts description is string {
  if (typeof description !== "string" || description.trim() === "") {
    throw new InvalidToolSchemaError(toolName, "a non-empty description is required; the model reads it to choose the tool");
  }
}
