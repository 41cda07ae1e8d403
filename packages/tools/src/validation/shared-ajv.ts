import { createRequire } from "node:module";
import { ConfigurationError, errorMessage } from "@baton/core";
import type { Ajv, Options } from "ajv";

/**
 * The options every JSON Schema tool is compiled with:
 * - `allErrors`: report every problem at once, so the model can fix them in one retry;
 * - `strict: false`: ignore keywords Ajv does not know instead of refusing the schema;
 * - `useDefaults`: fill `default`s in, like zod does (on a copy of the arguments);
 * - `verbose`: errors carry the offending value, for "received string" messages;
 * - `validateFormats: false`: `format` is a hint for the model and is not checked
 *   (Ajv knows no formats without the `ajv-formats` plugin and would warn on each).
 */
export const SHARED_AJV_OPTIONS: Readonly<Options> = {
  allErrors: true,
  strict: false,
  useDefaults: true,
  verbose: true,
  validateFormats: false,
};

const requireFromHere = createRequire(import.meta.url);

/** Where Ajv comes from (an object, so a test can stand in for a missing Ajv). */
export const ajvModule = {
  /** Loads the `ajv` module (CommonJS) synchronously. */
  load: (): typeof import("ajv") => requireFromHere("ajv") as typeof import("ajv"),
};

let instance: Ajv | undefined;

/**
 * The one Ajv instance every JSON Schema tool is compiled with (see
 * {@link SHARED_AJV_OPTIONS}), created on the first call. Ajv is loaded then, with a
 * synchronous `require` (Ajv is a CommonJS package), not when this package is
 * imported: an application whose tools all use zod never loads it, and a JSON Schema
 * tool is still compiled (and a broken schema refused) when it is defined.
 *
 * @throws ConfigurationError (`INVALID_CONFIGURATION`) when Ajv cannot be loaded, e.g.
 *   in an application bundled into one file with no `node_modules` beside it.
 */
export function sharedAjv(): Ajv {
  if (!instance) {
    let loaded: typeof import("ajv");
    try {
      loaded = ajvModule.load();
    } catch (error) {
      throw new ConfigurationError(
        `JSON Schema tools need "ajv" (a dependency of @baton/tools), which could not be loaded: ${errorMessage(error)}. ` +
          "A bundled application must keep it external and installed, or define its tools with zod.",
        { cause: error },
      );
    }
    instance = new loaded.Ajv({ ...SHARED_AJV_OPTIONS });
  }
  return instance;
}
