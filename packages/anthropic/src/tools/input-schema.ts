import { InvalidRequestError, type JsonSchema } from "@baton/core";
import type Anthropic from "@anthropic-ai/sdk";
import { PROVIDER } from "../errors/provider-id.js";

/** Keywords the Messages API refuses at the top level of an `input_schema`. */
const TOP_LEVEL_UNSUPPORTED = ["oneOf", "anyOf", "allOf"] as const;

/**
 * A tool's parameters as an Anthropic `input_schema`: an object schema, with
 * `type: "object"` added when the schema only has `properties`. Throws
 * `InvalidRequestError` naming the tool and the keyword for what the API refuses:
 * a top-level type other than `object`, and a top-level `oneOf` / `anyOf` / `allOf`.
 *
 * @example toInputSchema("add", { properties: { a: { type: "number" } } })
 * // { type: "object", properties: { a: { type: "number" } } }
 */
export function toInputSchema(toolName: string, schema: JsonSchema): Anthropic.Tool.InputSchema {
  if (schema.type !== undefined && schema.type !== "object") {
    throw new InvalidRequestError(`tool "${toolName}": the top-level "type" of input_schema must be "object", not ${JSON.stringify(schema.type)}`, {
      provider: PROVIDER,
    });
  }
  for (const keyword of TOP_LEVEL_UNSUPPORTED) {
    if (keyword in schema) {
      throw new InvalidRequestError(
        `tool "${toolName}": input_schema does not support "${keyword}" at the top level; wrap the alternatives in a property instead`,
        { provider: PROVIDER },
      );
    }
  }
  const { required, ...rest } = schema;
  return { ...rest, type: "object", ...(required === undefined ? {} : { required: [...required] }) };
}
