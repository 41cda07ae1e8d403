import type { JsonSchema, ToolArgumentsCheck } from "@baton/core";
import { normalizeToolSchema } from "@baton/core";
import { createJsonSchemaValidator } from "../validation/json-schema-validator.js";
import { createZodValidator } from "../validation/zod-validator.js";
import type { ToolParameters } from "./parameter-types.js";
import { isZod3Schema, isZod4Schema } from "./schema-kind.js";
import { zod3ToJsonSchema } from "./zod3-json-schema.js";
import { zod4ToJsonSchema } from "./zod4-json-schema.js";

/** A tool's parameters in the two forms a `Tool` needs. */
export interface ResolvedParameters<TArgs> {
  /** The provider-ready JSON Schema (see `normalizeToolSchema`). */
  readonly jsonSchema: JsonSchema;
  /** Checks and converts arguments: zod's `safeParse` for zod schemas, Ajv for JSON Schema. */
  readonly validate: (args: unknown) => ToolArgumentsCheck<TArgs>;
}

/**
 * Turns `parameters` (zod 4, zod 3, or JSON Schema) into a normalised JSON Schema and
 * a validator. Throws `InvalidToolSchemaError` when the schema cannot be an object
 * JSON Schema, and `ConfigurationError` when a zod schema is given but zod cannot be
 * loaded.
 */
export function resolveParameters<TArgs>(toolName: string, parameters: ToolParameters): ResolvedParameters<TArgs> {
  if (isZod4Schema(parameters)) {
    const jsonSchema = normalizeToolSchema(toolName, zod4ToJsonSchema(toolName, parameters));
    return { jsonSchema, validate: createZodValidator<TArgs>(parameters) };
  }
  if (isZod3Schema(parameters)) {
    const jsonSchema = normalizeToolSchema(toolName, zod3ToJsonSchema(toolName, parameters));
    return { jsonSchema, validate: createZodValidator<TArgs>(parameters) };
  }
  const jsonSchema = normalizeToolSchema(toolName, parameters);
  return { jsonSchema, validate: createJsonSchemaValidator<TArgs>(toolName, jsonSchema) };
}
