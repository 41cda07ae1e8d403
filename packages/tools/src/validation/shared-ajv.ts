import { Ajv } from "ajv";

/**
 * The one Ajv instance every JSON Schema tool is compiled with:
 * - `allErrors`: report every problem at once, so the model can fix them in one retry;
 * - `strict: false`: ignore keywords Ajv does not know instead of refusing the schema;
 * - `useDefaults`: fill `default`s in, like zod does (on a copy of the arguments);
 * - `verbose`: errors carry the offending value, for "received string" messages;
 * - `validateFormats: false`: `format` is a hint for the model and is not checked
 *   (Ajv knows no formats without the `ajv-formats` plugin and would warn on each).
 */
export const sharedAjv: Ajv = new Ajv({
  allErrors: true,
  strict: false,
  useDefaults: true,
  verbose: true,
  validateFormats: false,
});
