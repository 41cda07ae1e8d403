import type { JsonSchema } from "@baton/core";

/**
 * A zod 4 schema, recognised by shape: the `_zod` internals every zod 4 schema has
 * (`zod` 4.x, `zod/v4`, `zod/mini`, and zod 3.25's `zod/v4`). Declared structurally so
 * this package's types do not depend on zod being installed.
 */
export interface Zod4SchemaLike<TOutput = unknown> {
  readonly _zod: { readonly output: TOutput };
}

/**
 * A zod 3 schema, recognised by shape: `_def`, `_output` and `safeParse`, without
 * `_zod` (`zod` 3.x and `zod/v3`).
 */
export interface Zod3SchemaLike<TOutput = unknown> {
  readonly _def: unknown;
  readonly _output: TOutput;
  /** Checks `data` against the schema without throwing. */
  safeParse(data: unknown): unknown;
}

/** Any zod schema `defineTool` accepts. */
export type ZodSchemaLike = Zod4SchemaLike | Zod3SchemaLike;

/** What `defineTool` accepts as `parameters`: a zod 3 or zod 4 schema, or a JSON Schema object. */
export type ToolParameters = ZodSchemaLike | JsonSchema;

/**
 * The arguments type `execute` receives for a zod schema: the schema's output type
 * (what `z.infer` gives), so defaults and transforms are reflected.
 */
export type InferZodOutput<TSchema> = TSchema extends { readonly _zod: { readonly output: infer O } }
  ? O
  : TSchema extends { readonly _output: infer O }
    ? O
    : never;
