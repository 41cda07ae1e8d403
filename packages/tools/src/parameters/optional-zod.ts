import { createRequire } from "node:module";

/**
 * The zod-related modules, loaded lazily and synchronously, and only when a zod schema
 * actually needs them: `zod` is an optional peer, so a missing module is not an error
 * until a zod schema is given to `defineTool`. There is no top-level `await` in this
 * package, so CommonJS code can `require()` it (Node ≥ 20.19 loads ESM from `require`).
 *
 * zod 4 schemas convert themselves (`schema.toJSONSchema()`), so these loaders serve
 * only zod 3 schemas (through `zod-to-json-schema`) and the rare zod 4 schema without
 * that method (zod mini, zod 3.25's `zod/v4`). For the latter the module found here may
 * be a second copy of zod, whose registry does not hold the descriptions the
 * application's copy recorded: see the README's Design section.
 */

/** The part of `zod/v4/core` this package uses. */
export interface ZodCoreModule {
  toJSONSchema(schema: unknown, params?: Readonly<Record<string, unknown>>): unknown;
  safeParse(schema: unknown, data: unknown): ZodSafeParseResult;
}

/** The part of `zod-to-json-schema` this package uses. */
export interface ZodToJsonSchemaModule {
  zodToJsonSchema(schema: unknown, options?: Readonly<Record<string, unknown>>): unknown;
}

/** A zod issue, as far as issue formatting needs it (zod 3 and 4 agree on this). */
export interface ZodIssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The result of `safeParse` in zod 3 and zod 4. */
export type ZodSafeParseResult =
  | { readonly success: true; readonly data: unknown }
  | { readonly success: false; readonly error: { readonly issues: readonly ZodIssueLike[] } };

const requireFromHere = createRequire(import.meta.url);

/** A loader that `require`s `id` on its first call and remembers the module, or that it is missing. */
function lazyOptional<T>(id: string): () => T | undefined {
  let loaded: { readonly module: T | undefined } | undefined;
  return () => {
    if (!loaded) {
      try {
        loaded = { module: requireFromHere(id) as T };
      } catch {
        loaded = { module: undefined };
      }
    }
    return loaded.module;
  };
}

/** The optional zod modules, each loaded on first use (an object, so tests can stand in for a missing zod). */
export const optionalZod = {
  /** `zod/v4/core` (zod ≥ 3.25), or undefined when zod is not installed. */
  core: lazyOptional<ZodCoreModule>("zod/v4/core"),
  /** `zod-to-json-schema`, or undefined when it cannot load (it needs `zod/v3`, i.e. zod ≥ 3.25). */
  zodToJsonSchema: lazyOptional<ZodToJsonSchemaModule>("zod-to-json-schema"),
};
