import type { ErrorObject } from "ajv";
import { formatIssue } from "./issue-path.js";

/** The JSON type name of a value, as used in "received …". */
function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && Number.isInteger(value)) return "integer";
  return typeof value;
}

/** The path segments of an Ajv `instancePath` (a JSON Pointer); numeric segments become indexes. */
function pointerSegments(pointer: string): PropertyKey[] {
  if (pointer === "") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((raw) => raw.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((segment) => (/^(0|[1-9]\d*)$/.test(segment) ? Number(segment) : segment));
}

/**
 * One issue line for an Ajv error, worded like zod's where they overlap:
 * `query: Required`, `limit: Expected number, received string`,
 * `extra: Unrecognized key`, `mode: must be equal to one of the allowed values: "fast", "deep"`.
 */
export function ajvErrorToIssue(error: ErrorObject): string {
  const path = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return formatIssue([...path, String(params.missingProperty)], "Required");
    case "additionalProperties":
      return formatIssue([...path, String(params.additionalProperty)], "Unrecognized key");
    case "type": {
      const expected = Array.isArray(params.type) ? params.type.join(" or ") : String(params.type);
      return formatIssue(path, `Expected ${expected}, received ${jsonTypeOf(error.data)}`);
    }
    case "enum": {
      const allowed = (params.allowedValues as readonly unknown[]).map((value) => JSON.stringify(value));
      return formatIssue(path, `${error.message ?? "must be one of"}: ${allowed.join(", ")}`);
    }
    default:
      return formatIssue(path, error.message ?? `failed "${error.keyword}"`);
  }
}
