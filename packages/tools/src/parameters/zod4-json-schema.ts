import { ConfigurationError, InvalidToolSchemaError, errorMessage } from "@baton/core";
import { optionalZod } from "./optional-zod.js";
import type { Zod4SchemaLike } from "./parameter-types.js";

/** zod's JSON Schema options: the input side, draft 7, reused schemas inlined, cycles as `$ref`. */
const CONVERSION = { io: "input", target: "draft-7", reused: "inline", cycles: "ref" } as const;

type SelfConverting = { toJSONSchema(params: typeof CONVERSION): unknown };

/**
 * The raw JSON Schema of a zod 4 schema. Uses the schema's own `toJSONSchema` (zod 4
 * classic: the application's own zod, descriptions included), else `toJSONSchema` from
 * `zod/v4/core`. Uses the *input* side (`io: "input"`): it describes what the model
 * must send, so fields with a default are optional and transforms do not matter.
 * Draft 7 output, reused schemas inlined; cycles become `$ref`s, which the normaliser
 * then refuses. Unrepresentable types (dates, bigints, …) throw `InvalidToolSchemaError`.
 */
export function zod4ToJsonSchema(toolName: string, schema: Zod4SchemaLike): unknown {
  const convert = converterFor(toolName, schema);
  try {
    return convert();
  } catch (error) {
    throw new InvalidToolSchemaError(toolName, `zod could not convert it to JSON Schema: ${errorMessage(error)}`, { cause: error });
  }
}

/** The schema's own converter when it has one, else `zod/v4/core`'s (or a clear error when zod cannot load). */
function converterFor(toolName: string, schema: Zod4SchemaLike): () => unknown {
  const own = (schema as Partial<SelfConverting>).toJSONSchema;
  if (typeof own === "function") return () => own.call(schema, CONVERSION);
  const core = optionalZod.core();
  if (!core) {
    throw new ConfigurationError(`Tool "${toolName}" has a zod 4 schema but "zod/v4/core" could not be loaded; install zod (>= 3.25).`);
  }
  return () => core.toJSONSchema(schema, CONVERSION);
}
