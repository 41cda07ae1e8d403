import { InvalidToolSchemaError } from "../../errors/index.js";
import type { JsonSchema } from "../json-schema.js";
import { inlineRefs, SchemaRewriteError } from "./inline-refs.js";

/** Keywords that make a top-level schema something other than a plain object schema. */
const NON_OBJECT_TOP_LEVEL = ["anyOf", "oneOf", "allOf", "not", "enum", "const", "items", "if"] as const;

/**
 * Turns a JSON Schema into the form OpenAI, Anthropic and Google all accept for tool
 * parameters, without changing which arguments it accepts:
 *
 * - the top level must be an object schema: `type: "object"` (or `["object"]`, or no
 *   `type` and no combinator, which is read as an object); anything else throws
 *   `InvalidToolSchemaError` naming the tool;
 * - every local `$ref` is inlined and `definitions`/`$defs` removed; a recursive,
 *   external or dangling `$ref` throws `InvalidToolSchemaError`;
 * - `$schema` and `$id` are removed everywhere;
 * - `const: x` becomes `enum: [x]`;
 * - the top level gets `properties: {}` when it has none.
 *
 * Everything else is kept as given: `required`, `description`, `enum`, `format`,
 * numeric and length bounds, `default`, `additionalProperties`. Nothing is added
 * beyond `type: "object"` and `properties: {}`. The input is never mutated.
 */
export function normalizeToolSchema(toolName: string, schema: unknown): JsonSchema {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new InvalidToolSchemaError(toolName, "parameters must be a zod schema or a JSON Schema object");
  }
  let rewritten: Record<string, unknown>;
  try {
    rewritten = inlineRefs(schema) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof SchemaRewriteError) throw new InvalidToolSchemaError(toolName, error.message);
    throw error;
  }
  const type = topLevelType(toolName, rewritten);
  const { type: _type, properties, ...rest } = rewritten;
  return { type, properties: (properties ?? {}) as JsonSchema["properties"], ...rest };
}

function topLevelType(toolName: string, schema: Readonly<Record<string, unknown>>): "object" {
  const type = schema.type;
  if (type === "object") return "object";
  if (Array.isArray(type) && type.length === 1 && type[0] === "object") return "object";
  if (type === undefined) {
    const combinator = NON_OBJECT_TOP_LEVEL.find((keyword) => keyword in schema);
    if (combinator === undefined) return "object";
    throw new InvalidToolSchemaError(toolName, `the top level must be an object schema (type "object"), not a "${combinator}" schema`);
  }
  throw new InvalidToolSchemaError(toolName, `the top level must be an object schema (type "object"), got type ${JSON.stringify(type)}`);
}
