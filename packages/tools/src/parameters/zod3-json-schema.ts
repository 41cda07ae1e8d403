import { ConfigurationError, InvalidToolSchemaError, errorMessage } from "@baton/core";
import { optionalZod } from "./optional-zod.js";
import type { Zod3SchemaLike } from "./parameter-types.js";

/**
 * The raw JSON Schema of a zod 3 schema, from `zod-to-json-schema`: JSON Schema
 * draft 7, input side of effects and pipes (what the model must send). Objects get
 * `additionalProperties` only when the schema is `.strict()` or has a `.catchall()`,
 * mirroring zod 4's input schemas instead of adding `additionalProperties: false`
 * everywhere. Reused and recursive schemas become `$ref`s (`$refStrategy: "root"`)
 * so the normaliser can inline the former and refuse the latter, rather than letting
 * a recursion silently turn into an "any" schema.
 */
export function zod3ToJsonSchema(toolName: string, schema: Zod3SchemaLike): unknown {
  const zodToJsonSchemaModule = optionalZod.zodToJsonSchema();
  if (!zodToJsonSchemaModule) {
    throw new ConfigurationError(`Tool "${toolName}" has a zod 3 schema but "zod-to-json-schema" could not be loaded; install zod >= 3.25.`);
  }
  try {
    return zodToJsonSchemaModule.zodToJsonSchema(schema, {
      target: "jsonSchema7",
      $refStrategy: "root",
      effectStrategy: "input",
      pipeStrategy: "input",
      removeAdditionalStrategy: "strict",
      allowedAdditionalProperties: undefined,
    });
  } catch (error) {
    throw new InvalidToolSchemaError(toolName, `zod-to-json-schema could not convert it: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}
