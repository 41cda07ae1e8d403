/**
 * The zod-related modules, imported once when this package loads and only if they
 * are installed: `zod` is an optional peer, so a missing module is not an error until
 * a zod schema is actually given to `defineTool`.
 *
 * They are loaded with `import()` (not `require`) so the ESM copy is used — the same
 * module instance the application imports. zod 4 keeps `.describe()`/`.meta()` data
 * in a registry; in zod 3.25's `zod/v4` that registry is per module copy, so reading
 * it through a second (CommonJS) copy would silently drop every description.
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

async function importOptional<T>(load: () => Promise<unknown>): Promise<T | undefined> {
  try {
    return (await load()) as T;
  } catch {
    return undefined;
  }
}

/** `zod/v4/core` (zod ≥ 3.25), or undefined when zod is not installed. */
export const zodCore: ZodCoreModule | undefined = await importOptional<ZodCoreModule>(() => import("zod/v4/core"));

/** `zod-to-json-schema`, or undefined when it cannot load (it needs `zod/v3`, i.e. zod ≥ 3.25). */
export const zodToJsonSchemaModule: ZodToJsonSchemaModule | undefined = await importOptional<ZodToJsonSchemaModule>(
  () => import("zod-to-json-schema"),
);
