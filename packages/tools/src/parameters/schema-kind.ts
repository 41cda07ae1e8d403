import type { Zod3SchemaLike, Zod4SchemaLike } from "./parameter-types.js";

/** The three kinds of `parameters` `defineTool` understands. */
export type SchemaKind = "zod4" | "zod3" | "json-schema";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** True for a zod 4 schema (it carries `_zod` internals). */
export function isZod4Schema(value: unknown): value is Zod4SchemaLike {
  return isObject(value) && isObject(value._zod);
}

/** True for a zod 3 schema: `_def` and `safeParse`, and no `_zod`. */
export function isZod3Schema(value: unknown): value is Zod3SchemaLike {
  return isObject(value) && !("_zod" in value) && isObject(value._def) && typeof value.safeParse === "function";
}

/** Which kind of schema `parameters` is; anything that is not zod is treated as JSON Schema. */
export function schemaKind(parameters: unknown): SchemaKind {
  if (isZod4Schema(parameters)) return "zod4";
  if (isZod3Schema(parameters)) return "zod3";
  return "json-schema";
}
