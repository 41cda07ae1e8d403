/** Keywords whose value is one subschema (or, for `items`, possibly an array of them). */
export const SUBSCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  "items",
  "additionalItems",
  "additionalProperties",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
]);

/** Keywords whose value is an array of subschemas. */
export const SUBSCHEMA_ARRAY_KEYWORDS: ReadonlySet<string> = new Set(["anyOf", "oneOf", "allOf", "prefixItems"]);

/** Keywords whose value maps names to subschemas (`dependencies` may also map to string arrays). */
export const SUBSCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set(["properties", "patternProperties", "dependentSchemas", "dependencies"]);

/**
 * Keywords removed from tool schemas: meta-data providers reject or ignore, and the
 * definition tables that are no longer needed once every `$ref` is inlined.
 */
export const REMOVED_KEYWORDS: ReadonlySet<string> = new Set(["$schema", "$id", "definitions", "$defs"]);
