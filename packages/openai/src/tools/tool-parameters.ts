import { InvalidRequestError, type JsonSchema, type ToolDefinition } from "@baton/core";

/** Keywords OpenAI refuses at the top level of a function's parameters. */
const TOP_LEVEL_REFUSED = ["anyOf", "oneOf", "allOf", "not", "enum"] as const;

/**
 * A tool's parameters as OpenAI takes them. OpenAI accepts most of JSON Schema when
 * `strict` is off, so the schema is passed through, except that the top level must be
 * an object schema: a missing `type` becomes `"object"`; another type, or `anyOf`,
 * `oneOf`, `allOf`, `not` or `enum` at the top level, fails with an
 * `InvalidRequestError` naming the tool and the keyword.
 */
export function toolParameters(tool: ToolDefinition, provider: string): JsonSchema {
  const schema = tool.parameters;
  for (const keyword of TOP_LEVEL_REFUSED) {
    if (schema[keyword] !== undefined) {
      throw new InvalidRequestError(
        `tool "${tool.name}": OpenAI does not accept "${keyword}" at the top level of a tool's parameters; wrap the alternatives in an object property.`,
        { provider },
      );
    }
  }
  if (schema.type === undefined) return { type: "object", ...schema };
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length !== 1 || types[0] !== "object") {
    throw new InvalidRequestError(
      `tool "${tool.name}": OpenAI needs the parameters to be an object schema ("type": "object"), got "type": ${JSON.stringify(schema.type)}.`,
      { provider },
    );
  }
  return schema;
}
