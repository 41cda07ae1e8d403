import { ConfigurationError, InvalidToolSchemaError, errorMessage } from "@baton/core";
import { zodCore } from "./optional-zod.js";
import type { Zod4SchemaLike } from "./parameter-types.js";

/**
 * The raw JSON Schema of a zod 4 schema, from zod's own `toJSONSchema`
 * (`zod/v4/core`). Uses the *input* side (`io: "input"`): it describes what the model
 * must send, so fields with a default are optional and transforms do not matter.
 * Draft 7 output, reused schemas inlined; cycles become `$ref`s, which the
 * normaliser then refuses. Unrepresentable types (dates, bigints, …) throw
 * `InvalidToolSchemaError`.
 */
export function zod4ToJsonSchema(toolName: string, schema: Zod4SchemaLike): unknown {
  if (!zodCore) {
    throw new ConfigurationError(
      `Tool "${toolName}" has a zod 4 schema but "zod/v4/core" could not be loaded; install zod (>= 3.25).`,
    );
  }
  try {
    return zodCore.toJSONSchema(schema, { io: "input", target: "draft-7", reused: "inline", cycles: "ref" });
  } catch (error) {
    throw new InvalidToolSchemaError(toolName, `zod could not convert it to JSON Schema: ${errorMessage(error)}`, {
      cause: error,
    });
  }
}
